// /board/{slug} (SPEC §2.5 boards: list): the board's posts, pinned notices first, newest first, 8 a page,
// with search (≥ 2 characters, SPEC §5) by key and category; a "write" button where the viewer may.
// A search word too short is shown on its field (400) with the unfiltered list below.
import { page } from "../../../framework/define.ts";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import {
  boardName,
  BoardStyles,
  BoardTabs,
  type ListFilters,
  PostSearch,
  PostTable,
} from "../../../components/board/views.tsx";
import { boardOf, categoriesOf, categoryJson, permissionsOf, siteBoards } from "../../../domain/board/boards.ts";
import { listPosts } from "../../../domain/board/posts.ts";
import { assertCan } from "../../../domain/board/rights.ts";
import { PostListQuery } from "../../../domain/board/schema.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { pageUrlOf } from "../../../domain/award/api.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params, url }) {
    const board = await boardOf(state.db, siteIdOf(state), params.slug);
    assertCan(state.viewer, board, "read");
    const raw = Object.fromEntries(url.searchParams);
    const parsed = PostListQuery.safeParse(raw);
    const error = parsed.success ? undefined : state.t("manage.search_short");
    const q = parsed.success ? parsed.data : PostListQuery.parse({ page: 1 });
    const categories = (await categoriesOf(state.db, board.id)).map((c) => categoryJson(c, state.locale));
    const validCategory = q.category === undefined || categories.some((c) => c.id === q.category);
    const query = validCategory ? q : { ...q, category: undefined };
    const list = await listPosts(state.db, board, query, state.viewer, state.locale, pageUrlOf(url));
    const boards = (await siteBoards(state.db, board.siteId)).filter((b) => b.kind !== "gallery");
    state.layout = "sub";
    state.title = boardName(state, board);
    const filters: ListFilters = { key: query.key, keyword: query.keyword ?? "", category: query.category };
    return page({ board, boards, categories, list, filters, error, permissions: permissionsOf(state.viewer, board) }, {
      status: error || !validCategory ? 400 : 200,
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { board } = data;
  const name = boardName(state, board);
  const description = state.locale === "en" && board.descriptionEn ? board.descriptionEn : board.description;
  return (
    <>
      <BoardStyles state={state} />
      <PageHeader
        t={t}
        title={name}
        lead={description || undefined}
        actions={data.permissions.write && (
          <Button href={href(state, `/board/write?bbs=${board.slug}`)}>{t("board.list.write")}</Button>
        )}
      />
      <BoardTabs state={state} boards={data.boards} current={board.id} />
      <PostSearch state={state} board={board} categories={data.categories} filters={data.filters} error={data.error} />
      <PostTable state={state} board={board} list={data.list} filters={data.filters} />
    </>
  );
});

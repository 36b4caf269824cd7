// /management/bbs (SPEC §2.2): the site's boards with their kind, address and posts; each opens its
// settings (rights per action and role, secret and anonymous posts, attachments) at /management/bbs/{id}.
import { count } from "drizzle-orm";
import { page } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { Table } from "../../../components/ui/Table.tsx";
import { type BoardRow, posts } from "../../../db/schema/board.ts";
import { siteBoards } from "../../../domain/board/boards.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { define, href } from "../../../state.ts";

export const handler = define.handlers({
  async GET({ state }) {
    state.title = state.t("board.manage.boards");
    const boards = await siteBoards(state.db, siteIdOf(state));
    const counts = await state.db.select({ id: posts.boardId, n: count() }).from(posts).groupBy(posts.boardId);
    const rows = boards.map((b) => ({ board: b, posts: counts.find((c) => c.id === b.id)?.n ?? 0 }));
    return page<{ rows: { board: BoardRow; posts: number }[] }>({ rows });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const name = (b: BoardRow) => (state.locale === "en" && b.nameEn ? b.nameEn : b.name);
  return (
    <>
      <ManageHeader state={state} title={t("board.manage.boards")} lead={t("board.manage.boardsLead")} />
      <Table
        caption={t("board.manage.boards")}
        captionHidden
        stack
        rows={data.rows}
        rowKey={(r) => r.board.id}
        empty={t("board.list.empty")}
        columns={[
          {
            header: t("board.manage.col.board"),
            rowHeader: true,
            align: "start",
            cell: (r) => <a href={href(state, `/management/bbs/${r.board.id}`)}>{name(r.board)}</a>,
          },
          {
            header: t("board.manage.col.slug"),
            cell: (r) => <a href={href(state, `/board/${r.board.slug}`)}>/board/{r.board.slug}</a>,
          },
          { header: t("board.manage.col.kind"), cell: (r) => t(`board.manage.kind.${r.board.kind}`) },
          { header: t("board.manage.col.posts"), cell: (r) => r.posts },
          {
            header: t("board.manage.col.actions"),
            cell: (r) => (
              <>
                <a class="button button-secondary button-sm" href={href(state, `/management/bbs/${r.board.id}`)}>
                  {t("board.manage.edit")}
                </a>{" "}
                <a class="button button-ghost button-sm" href={href(state, `/management/category?bbs=${r.board.id}`)}>
                  {t("board.manage.nav.category")}
                </a>
              </>
            ),
          },
        ]}
      />
    </>
  );
});

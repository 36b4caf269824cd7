// /management/bbs (SPEC §2.2): the site's boards with their kind, address and posts; each opens its
// settings (rights per action and role, secret and anonymous posts, attachments) at /management/bbs/{id},
// where an empty board is also deleted. A new board is created here (address, names, kind) and opens on
// its settings.
import { count, inArray } from "drizzle-orm";
import { page, redirect } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { Select, TextField } from "../../../components/ui/FormField.tsx";
import { Table } from "../../../components/ui/Table.tsx";
import { BOARD_KINDS, type BoardRow, posts } from "../../../db/schema/board.ts";
import { siteBoards } from "../../../domain/board/boards.ts";
import { createBoard, NewBoardInput } from "../../../domain/board/manage.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { formRefusal } from "../../../domain/errors.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, href, type State } from "../../../state.ts";

interface Data {
  rows: { board: BoardRow; posts: number }[];
  error?: string;
  fields?: Record<string, string>;
  sent?: Record<string, string>;
}

async function load(state: State, refusal?: Omit<Data, "rows">, status = 200) {
  state.title = state.t("board.manage.boards");
  const boards = await siteBoards(state.db, siteIdOf(state));
  const ids = boards.map((b) => b.id);
  const counts = ids.length
    ? await state.db.select({ id: posts.boardId, n: count() }).from(posts).where(inArray(posts.boardId, ids))
      .groupBy(posts.boardId)
    : [];
  const rows = boards.map((b) => ({ board: b, posts: counts.find((c) => c.id === b.id)?.n ?? 0 }));
  return page<Data>({ rows, ...refusal }, { status });
}

export const handler = define.handlers({
  GET: ({ state }) => load(state),
  async POST({ state, req }) {
    const { body } = await readBody(req, 16 * 1024);
    try {
      const board = await createBoard(state.db, siteIdOf(state), parseOrThrow(NewBoardInput, body));
      const res = redirect(href(state, `/management/bbs/${board.id}`));
      res.headers.append("set-cookie", flashCookie("board.manage.saved", state.https));
      return res;
    } catch (err) {
      const refused = formRefusal(err, state.t);
      const fields = refused.fields
        ? Object.fromEntries(
          Object.entries(refused.fields).map(([name, keys]) => [
            name,
            keys[0]?.startsWith("board.") ? state.t(keys[0] as never) : refused.message,
          ]),
        )
        : undefined;
      const sent = Object.fromEntries(
        Object.entries(body).filter(([, v]) => typeof v === "string").map(([k, v]) => [k, String(v)]),
      );
      return load(state, { error: refused.message, fields, sent }, refused.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const name = (b: BoardRow) => (state.locale === "en" && b.nameEn ? b.nameEn : b.name);
  return (
    <>
      <BoardStyles state={state} />
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
      <h2 id="new-board">{t("board.manage.newBoard")}</h2>
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="post" action={href(state, "/management/bbs")} class="post-form" aria-labelledby="new-board">
        <CsrfField state={state} />
        <TextField
          name="slug"
          label={t("board.manage.slugLabel")}
          hint={t("board.manage.slugHint")}
          value={data.sent?.slug}
          error={data.fields?.slug}
          required
          maxLength={40}
          autocomplete="off"
        />
        <TextField
          name="name"
          label={t("board.manage.col.name")}
          value={data.sent?.name}
          error={data.fields?.name}
          required
          maxLength={60}
        />
        <TextField
          name="name_en"
          label={t("board.manage.col.nameEn")}
          value={data.sent?.name_en}
          error={data.fields?.name_en}
          maxLength={60}
        />
        <Select
          name="kind"
          label={t("board.manage.col.kind")}
          value={data.sent?.kind}
          error={data.fields?.kind}
          options={BOARD_KINDS.map((k) => ({ value: k, label: t(`board.manage.kind.${k}`) }))}
        />
        <p class="field-hint">{t("board.manage.createHint")}</p>
        <div class="form-actions">
          <button type="submit" class="button button-primary">{t("board.manage.createBoard")}</button>
        </div>
      </form>
    </>
  );
});

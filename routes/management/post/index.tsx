// /management/post (SPEC §2.2, §4): every post of the site's boards, newest first, 20 a page, filtered by
// board, status and search words; chosen posts are hidden or shown again, deleted or restored, pinned or
// unpinned, or moved to another board in one transaction (domain/board/moderate.ts). Administrators and
// staff granted `post` (routes/management/_middleware.ts).
import { page, redirect } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { FilterBar, FilterField } from "../../../components/list/mod.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { pageHref, Pagination } from "../../../components/ui/Pagination.tsx";
import { Table } from "../../../components/ui/Table.tsx";
import type { BoardRow } from "../../../db/schema/board.ts";
import { POST_APPROVALS, POST_STATUSES } from "../../../db/schema/board.ts";
import { siteBoards } from "../../../domain/board/boards.ts";
import {
  assertSitePosts,
  listManagedPosts,
  type ManagedPost,
  ManagedPostQuery,
  ModerationInput,
} from "../../../domain/board/manage.ts";
import { moderate, MODERATION_ACTIONS } from "../../../domain/board/moderate.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import type { Paginated } from "../../../domain/common/list.ts";
import { formRefusal } from "../../../domain/errors.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { formatDate } from "../../../i18n/mod.ts";
import { define, href, type State } from "../../../state.ts";

interface PostsPage {
  boards: BoardRow[];
  query: Record<string, string>;
  list: Paginated<ManagedPost>;
  error?: string;
}

async function load(state: State, url: URL, error?: string, status = 200) {
  state.title = state.t("board.manage.posts");
  const raw = Object.fromEntries(url.searchParams);
  const parsed = ManagedPostQuery.safeParse(raw);
  if (!parsed.success) {
    error ??= state.t("manage.search_short");
    status = 400;
  }
  const q = parsed.success ? parsed.data : ManagedPostQuery.parse({});
  const query = { bbs: q.bbs ? String(q.bbs) : "", status: q.status ?? "", approval: q.approval ?? "", q: q.q ?? "" };
  const base = href(state, "/management/post");
  const siteId = siteIdOf(state);
  const list = await listManagedPosts(state.db, siteId, q, (p) => pageHref(base, p, "page", query));
  return page<PostsPage>({ boards: await siteBoards(state.db, siteId), query, list, error }, { status });
}

export const handler = define.handlers({
  GET: ({ state, url }) => load(state, url),
  async POST({ state, req, url }) {
    try {
      const { body } = await readBody(req, 64 * 1024);
      const input = parseOrThrow(ModerationInput, body);
      if (!input.ids.length) throw new Error("none");
      await assertSitePosts(state.db, siteIdOf(state), input.ids);
      const done = await moderate(state.db, state.files, input.ids, input.action, input.to, {
        reason: input.reason,
        mail: state.config,
      });
      const res = redirect(href(state, url.pathname + url.search));
      res.headers.append(
        "set-cookie",
        flashCookie(done.length ? "board.manage.saved" : "board.manage.noneSelected", state.https),
      );
      return res;
    } catch (err) {
      if (err instanceof Error && err.message === "none") {
        return load(state, url, state.t("board.manage.noneSelected"), 422);
      }
      const refused = formRefusal(err, state.t);
      return load(state, url, refused.message, refused.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state, url }) => {
  const { t } = state;
  const base = href(state, "/management/post");
  const boardName = (b: { name: string; nameEn: string }) => (state.locale === "en" && b.nameEn ? b.nameEn : b.name);
  return (
    <>
      <BoardStyles state={state} />
      <ManageHeader state={state} title={t("board.manage.posts")} lead={t("board.manage.postsLead")} />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <FilterBar
        action={base}
        label={t("board.manage.posts")}
        submitLabel={t("board.list.apply")}
        reset={{ href: base, label: t("board.list.reset") }}
        active={Boolean(data.query.bbs || data.query.status || data.query.approval || data.query.q)}
      >
        <FilterField id="filter-bbs" label={t("board.manage.filterBoard")}>
          <select class="select" id="filter-bbs" name="bbs">
            <option value="">{t("board.manage.allBoards")}</option>
            {data.boards.map((b) => (
              <option key={b.id} value={String(b.id)} selected={String(b.id) === data.query.bbs}>{boardName(b)}</option>
            ))}
          </select>
        </FilterField>
        <FilterField id="filter-status" label={t("board.manage.filterStatus")}>
          <select class="select" id="filter-status" name="status">
            <option value="">{t("board.manage.allStatuses")}</option>
            {POST_STATUSES.map((s) => (
              <option key={s} value={s} selected={s === data.query.status}>{t(`board.manage.status.${s}`)}</option>
            ))}
          </select>
        </FilterField>
        <FilterField id="filter-approval" label={t("board.manage.approvalFilter")}>
          <select class="select" id="filter-approval" name="approval">
            <option value="">{t("board.manage.allStatuses")}</option>
            {POST_APPROVALS.map((a) => (
              <option key={a} value={a} selected={a === data.query.approval}>{t(`board.manage.approval.${a}`)}</option>
            ))}
          </select>
        </FilterField>
        <FilterField id="filter-q" label={t("board.list.searchLabel")}>
          <input
            class="input"
            type="search"
            id="filter-q"
            name="q"
            value={data.query.q}
            minLength={2}
            maxLength={100}
          />
        </FilterField>
      </FilterBar>
      <form method="post" action={`${base}${url.search}`}>
        <CsrfField state={state} />
        <p class="list-count" role="status">{t("board.list.total", { total: data.list.total })}</p>
        <Table
          caption={t("board.manage.posts")}
          captionHidden
          stack
          rows={data.list.data}
          rowKey={(r) => r.post.id}
          empty={t("board.list.empty")}
          columns={[
            {
              header: t("board.manage.col.select"),
              cell: (r) => (
                <input
                  type="checkbox"
                  name="ids[]"
                  value={String(r.post.id)}
                  aria-label={`${t("board.manage.col.select")}: ${r.post.title}`}
                />
              ),
            },
            {
              header: t("board.manage.col.title"),
              rowHeader: true,
              align: "start",
              cell: (r) => (
                <>
                  {r.post.pinned && <span class="board-badge">{t("board.list.notice")}</span>}
                  {r.post.secret && <span class="board-badge board-badge-warn">{t("board.list.secret")}</span>}
                  <a href={href(state, `/board/${r.boardSlug}/${r.post.id}`)}>{r.post.title}</a>
                </>
              ),
            },
            {
              header: t("board.manage.col.board"),
              class: "nowrap",
              cell: (r) => boardName({ name: r.boardName, nameEn: r.boardNameEn }),
            },
            { header: t("board.manage.col.writer"), class: "nowrap", cell: (r) => r.post.writerName },
            {
              header: t("board.manage.col.status"),
              class: "nowrap",
              cell: (r) =>
                r.post.approval === "approved"
                  ? t(`board.manage.status.${r.post.status}`)
                  : `${t(`board.manage.status.${r.post.status}`)} · ${t(`board.manage.approval.${r.post.approval}`)}`,
            },
            {
              header: t("board.manage.col.date"),
              class: "nowrap",
              hideOnMobile: true,
              cell: (r) => (
                <time dateTime={r.post.createdAt.toISOString()}>{formatDate(r.post.createdAt, state.locale)}</time>
              ),
            },
          ]}
        />
        <div class="list-filter">
          <div class="list-filter-fields">
            <div class="list-filter-field">
              <label class="field-label" for="moderate-action">{t("board.manage.col.actions")}</label>
              <select class="select" id="moderate-action" name="action">
                {MODERATION_ACTIONS.map((a) => <option key={a} value={a}>{t(`board.manage.action.${a}`)}</option>)}
              </select>
            </div>
            <div class="list-filter-field">
              <label class="field-label" for="moderate-reason">{t("board.manage.reason")}</label>
              <input class="input" id="moderate-reason" name="reason" maxLength={500} />
            </div>
            <div class="list-filter-field">
              <label class="field-label" for="moderate-to">{t("board.manage.moveTo")}</label>
              <select class="select" id="moderate-to" name="to">
                <option value="">-</option>
                {data.boards.map((b) => <option key={b.id} value={String(b.id)}>{boardName(b)}</option>)}
              </select>
            </div>
          </div>
          <div class="list-filter-actions">
            <button type="submit" class="button button-primary">{t("board.manage.apply")}</button>
          </div>
        </div>
      </form>
      <Pagination
        t={t}
        current_page={data.list.current_page}
        last_page={data.list.last_page}
        baseHref={base}
        query={data.query}
      />
    </>
  );
});

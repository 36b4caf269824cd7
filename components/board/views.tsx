// The board's server-rendered pieces: the list table (pinned notices first, hidden and secret posts
// marked), the search bar (the list kit's filter bar), one post with its photos, files, answers and
// siblings, and the password prompt. No script: every action is a form.
import { Answers } from "../form/Answers.tsx";
import type { ComponentChildren } from "preact";
import { FilterBar, FilterField, ListStyles, ResultCount } from "../list/mod.tsx";
import { Alert } from "../ui/Alert.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { Table } from "../ui/Table.tsx";
import type { BoardRow } from "../../db/schema/board.ts";
import type { Paginated } from "../../domain/common/list.ts";
import type { PostJson, PostRowJson } from "../../domain/board/posts.ts";
import { POST_SEARCH_KEYS } from "../../domain/board/schema.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";

/** A post's formatted text, stored through the allow-list of domain/common/rich-text.ts. */
export function RichText({ html }: { html: string }) {
  // deno-lint-ignore react-no-danger -- sanitised on write by sanitizeRichText (DESIGN §3); the strict CSP stays
  return <div class="post-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The board's styles; `form`: a board form's fields or answers are on the page (the form kit's styles). */
export function BoardStyles({ state, form }: { state: State; form?: boolean }) {
  const url = (path: string) => state.staticFiles?.url(path) ?? path;
  return (
    <>
      <ListStyles url={url} />
      <link rel="stylesheet" href={url("/css/board.css")} />
      {form && <link rel="stylesheet" href={url("/css/programme.css")} />}
    </>
  );
}

export const boardName = (state: State, board: Pick<BoardRow, "name" | "nameEn">) =>
  state.locale === "en" && board.nameEn ? board.nameEn : board.name;

export function DateOf({ state, iso, style = "date" }: { state: State; iso: string; style?: "date" | "datetime" }) {
  return <time dateTime={iso}>{formatDate(iso, state.locale, style)}</time>;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The site's boards as tabs, the current one marked. */
export function BoardTabs({ state, boards, current }: { state: State; boards: BoardRow[]; current: number }) {
  if (boards.length < 2) return null;
  return (
    <nav aria-label={state.t("board.list.boards")}>
      <ul class="board-tabs">
        {boards.map((b) => (
          <li key={b.id}>
            <a href={href(state, `/board/${b.slug}`)} aria-current={b.id === current ? "page" : undefined}>
              {boardName(state, b)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface ListFilters {
  key: string;
  keyword: string;
  category?: number;
}

export function PostSearch(
  { state, board, categories, filters, error }: {
    state: State;
    board: BoardRow;
    categories: { id: number; name: string }[];
    filters: ListFilters;
    error?: string;
  },
) {
  const { t } = state;
  const action = href(state, `/board/${board.slug}`);
  return (
    <FilterBar
      action={action}
      label={t("board.list.search")}
      submitLabel={t("board.list.apply")}
      reset={{ href: action, label: t("board.list.reset") }}
      active={Boolean(filters.keyword || filters.category)}
    >
      {categories.length > 0 && (
        <FilterField id="board-category" label={t("board.list.category")}>
          <select class="select" id="board-category" name="category">
            <option value="">{t("board.list.allCategories")}</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)} selected={c.id === filters.category}>{c.name}</option>
            ))}
          </select>
        </FilterField>
      )}
      <FilterField id="board-key" label={t("board.list.keyLabel")}>
        <select class="select" id="board-key" name="key">
          {POST_SEARCH_KEYS.map((k) => (
            <option key={k} value={k} selected={k === filters.key}>{t(`board.list.key.${k}`)}</option>
          ))}
        </select>
      </FilterField>
      <FilterField id="board-keyword" label={t("board.list.searchLabel")}>
        <input
          class="input"
          type="search"
          id="board-keyword"
          name="keyword"
          value={filters.keyword}
          minLength={2}
          maxLength={100}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? "board-keyword-error" : undefined}
        />
        {error && <p class="field-error" id="board-keyword-error">{error}</p>}
      </FilterField>
    </FilterBar>
  );
}

export function PostTable(
  { state, board, list, filters }: {
    state: State;
    board: BoardRow;
    list: Paginated<PostRowJson>;
    filters: ListFilters;
  },
) {
  const { t } = state;
  const searching = Boolean(filters.keyword || filters.category);
  const count = list.estimated ? t("board.list.totalAbout", { total: list.total }) : t("board.list.total", {
    total: list.total,
  });
  const base = (list.current_page - 1) * list.per_page;
  return (
    <>
      <ResultCount text={count} />
      <Table
        caption={boardName(state, board)}
        captionHidden
        stack
        rows={list.data}
        rowKey={(r) => r.id}
        empty={searching ? t("board.list.emptySearch") : t("board.list.empty")}
        columns={[
          {
            header: t("board.list.number"),
            class: "nowrap",
            hideOnMobile: true,
            cell: (r, i) =>
              r.pinned ? <span class="board-badge">{t("board.list.notice")}</span> : list.total - base - i,
          },
          {
            header: t("board.list.title"),
            rowHeader: true,
            align: "start",
            cell: (r) => <PostTitleCell state={state} board={board} row={r} />,
          },
          { header: t("board.list.writer"), class: "nowrap", cell: (r) => r.writer },
          {
            header: t("board.list.date"),
            class: "nowrap",
            cell: (r) => <DateOf state={state} iso={r.created_at} />,
          },
          { header: t("board.list.views"), class: "nowrap", hideOnMobile: true, cell: (r) => r.views },
        ]}
      />
      <Pagination
        t={t}
        current_page={list.current_page}
        last_page={list.last_page}
        baseHref={href(state, `/board/${board.slug}`)}
        query={{ key: filters.keyword ? filters.key : undefined, keyword: filters.keyword, category: filters.category }}
      />
    </>
  );
}

function PostTitleCell({ state, board, row }: { state: State; board: BoardRow; row: PostRowJson }) {
  const { t } = state;
  if (!row.title) return <span class="board-muted">{t("board.list.hiddenTitle")}</span>;
  return (
    <>
      {row.pinned && <span class="board-badge">{t("board.list.notice")}</span>}
      {row.category && <span class="board-badge">{row.category}</span>}
      {row.hidden && <span class="board-badge board-badge-warn">{t("board.manage.status.hidden")}</span>}
      {row.secret && <span class="board-badge board-badge-warn">{t("board.list.secret")}</span>}
      <a href={href(state, `/board/${board.slug}/${row.id}`)}>{row.title}</a>
      {row.comments > 0 && <span class="board-muted">[{t("board.list.comments", { count: row.comments })}]</span>}
      {row.answers > 0 && <span class="board-muted">[{t("board.list.answers", { count: row.answers })}]</span>}
      {row.attachments > 0 && <span class="visually-hidden">{t("board.list.attachments")}</span>}
    </>
  );
}

/** One post: heading, meta, body (stored sanitised), photos, files, answers. */
export function PostArticle({ state, post, children }: { state: State; post: PostJson; children?: ComponentChildren }) {
  const { t } = state;
  return (
    <article class="post" aria-labelledby="post-title">
      <header class="post-head">
        <h2 class="post-title" id="post-title">
          {post.category && <span class="board-badge">{post.category.name}</span>}
          {post.secret && <span class="board-badge board-badge-warn">{t("board.list.secret")}</span>}
          {post.title}
        </h2>
        <dl class="post-meta">
          <div>
            <dt>{t("board.read.writer")}</dt>
            <dd>{post.writer}</dd>
          </div>
          <div>
            <dt>{t("board.read.date")}</dt>
            <dd>
              <DateOf state={state} iso={post.created_at} style="datetime" />
            </dd>
          </div>
          <div>
            <dt>{t("board.read.views")}</dt>
            <dd>{post.views}</dd>
          </div>
        </dl>
      </header>
      {post.status === "hidden" && <Alert kind="warning">{t("board.read.statusHidden")}</Alert>}
      {post.status === "deleted" && <Alert kind="warning">{t("board.read.statusDeleted")}</Alert>}
      <RichText html={post.content} />
      {post.form && (
        // The answers by the form version they were given in (labels in the reader's language).
        <section class="post-answers" aria-labelledby="post-answers">
          <h3 id="post-answers">{t("programme.boardForm.answers")}</h3>
          <Answers state={state} tree={post.form.components} answers={post.form.answers} />
        </section>
      )}
      {post.photos.length > 0 && (
        <section aria-labelledby="post-photos">
          <h3 id="post-photos" class="visually-hidden">{t("board.read.photos")}</h3>
          <ul class="post-photos">
            {post.photos.map((p) => (
              <li key={p.id}>
                <img
                  src={p.image ?? p.download}
                  alt={p.name}
                  width={p.width ?? undefined}
                  height={p.height ?? undefined}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {post.attachments.length > 0 && (
        <section class="post-files" aria-labelledby="post-files">
          <h3 id="post-files">{t("board.read.attachments")}</h3>
          <ul>
            {post.attachments.map((f) => (
              <li key={f.id}>
                <a href={f.download} download={f.name}>
                  {t("board.read.download", { name: f.name, size: formatSize(f.size) })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {children}
    </article>
  );
}

export function Siblings({ state, board, post }: { state: State; board: BoardRow; post: PostJson }) {
  const { t } = state;
  const link = (s: { id: number; title: string } | null) =>
    s ? <a href={href(state, `/board/${board.slug}/${s.id}`)}>{s.title}</a> : t("board.read.none");
  return (
    <dl class="post-siblings">
      <div>
        <dt>{t("board.read.previous")}</dt>
        <dd>{link(post.siblings.previous)}</dd>
      </div>
      <div>
        <dt>{t("board.read.next")}</dt>
        <dd>{link(post.siblings.next)}</dd>
      </div>
    </dl>
  );
}

/** The password prompt of a secret anonymous post: a plain form posting to the read page. */
export function PasswordPrompt({ state, action, error }: { state: State; action: string; error?: string }) {
  const { t } = state;
  return (
    <section class="auth-card" aria-labelledby="password-title">
      <h2 id="password-title" class="auth-title">{t("board.password_prompt.title")}</h2>
      <p class="auth-lead">{t("board.password_prompt.lead")}</p>
      <form method="post" action={action}>
        <CsrfField state={state} />
        <input type="hidden" name="_action" value="password" />
        <div class={error ? "field field-invalid" : "field"}>
          <label class="field-label" for="post-password">{t("board.password_prompt.label")}</label>
          <input
            class="input"
            type="password"
            id="post-password"
            name="password"
            required
            maxLength={40}
            autocomplete="current-password"
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? "post-password-error" : undefined}
          />
          {error && <p class="field-error" id="post-password-error">{error}</p>}
        </div>
        <div class="form-actions">
          <button type="submit" class="button button-primary">{t("board.password_prompt.submit")}</button>
        </div>
      </form>
    </section>
  );
}

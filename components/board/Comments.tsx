// A post's comments, threaded one level, with the forms to write, reply, edit and delete: plain forms
// posting to the read page (`_action`), <details> to open a reply or edit form by keyboard or pointer.
import type { CommentJson, PostJson } from "../../domain/board/posts.ts";
import { isSignedIn } from "../../domain/member/permissions.ts";
import { href, type State } from "../../state.ts";
import { CsrfField } from "../ui/CsrfField.tsx";
import { DateOf } from "./views.tsx";

interface Props {
  state: State;
  post: PostJson;
  action: string;
  /** The comment form's refusal, shown under its field. */
  error?: string;
  /** Visitors comment with a name (the board's comment right names anonymous). */
  anonymousName: boolean;
}

function CommentForm(
  { state, action, parent, error, anonymousName, idPrefix }: {
    state: State;
    action: string;
    parent?: number;
    error?: string;
    anonymousName: boolean;
    idPrefix: string;
  },
) {
  const { t } = state;
  return (
    <form method="post" action={action} class="comment-form">
      <CsrfField state={state} />
      <input type="hidden" name="_action" value="comment" />
      {parent && <input type="hidden" name="parent" value={String(parent)} />}
      {anonymousName && (
        <div class="field">
          <label class="field-label" for={`${idPrefix}-name`}>{t("board.comments.name")}</label>
          <input class="input" id={`${idPrefix}-name`} name="name" required maxLength={40} autocomplete="name" />
        </div>
      )}
      <div class={error ? "field field-invalid" : "field"}>
        <label class="field-label" for={`${idPrefix}-content`}>{t("board.comments.content")}</label>
        <textarea
          class="textarea"
          id={`${idPrefix}-content`}
          name="content"
          rows={3}
          required
          maxLength={2000}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? `${idPrefix}-error` : undefined}
        />
        {error && <p class="field-error" id={`${idPrefix}-error`}>{error}</p>}
      </div>
      <button type="submit" class="button button-primary button-sm">{t("board.comments.submit")}</button>
    </form>
  );
}

function CommentItem(
  { state, comment, replies, action, canReply, anonymousName }: {
    state: State;
    comment: CommentJson;
    replies: CommentJson[];
    action: string;
    canReply: boolean;
    anonymousName: boolean;
  },
) {
  const { t } = state;
  return (
    <li class="comment" id={`comment-${comment.id}`}>
      {comment.deleted && !comment.content ? <p class="comment-text board-muted">{t("board.comments.deleted")}</p> : (
        <>
          <p class="comment-meta">
            <strong>{comment.writer}</strong> · <DateOf state={state} iso={comment.created_at} style="datetime" />
            {comment.edited && <>· {t("board.comments.edited")}</>}
            {comment.deleted && <>· {t("board.comments.deleted")}</>}
          </p>
          <p class="comment-text">{comment.content}</p>
          <div class="comment-tools">
            {canReply && comment.parent === null && !comment.deleted && (
              <details>
                <summary>{t("board.comments.reply")}</summary>
                <CommentForm
                  state={state}
                  action={action}
                  parent={comment.id}
                  anonymousName={anonymousName}
                  idPrefix={`reply-${comment.id}`}
                />
              </details>
            )}
            {comment.can_change && (
              <>
                <details>
                  <summary>{t("board.comments.edit")}</summary>
                  <form method="post" action={action}>
                    <CsrfField state={state} />
                    <input type="hidden" name="_action" value="comment_edit" />
                    <input type="hidden" name="comment" value={String(comment.id)} />
                    <div class="field">
                      <label class="field-label" for={`edit-${comment.id}`}>{t("board.comments.content")}</label>
                      <textarea
                        class="textarea"
                        id={`edit-${comment.id}`}
                        name="content"
                        rows={3}
                        required
                        maxLength={2000}
                      >
                        {comment.content}
                      </textarea>
                    </div>
                    <button type="submit" class="button button-secondary button-sm">{t("board.comments.save")}</button>
                  </form>
                </details>
                <form method="post" action={action}>
                  <CsrfField state={state} />
                  <input type="hidden" name="_action" value="comment_delete" />
                  <input type="hidden" name="comment" value={String(comment.id)} />
                  <button type="submit" class="button button-ghost button-sm">{t("board.comments.delete")}</button>
                </form>
              </>
            )}
          </div>
        </>
      )}
      {replies.length > 0 && (
        <ul class="comment-list">
          {replies.map((r) => (
            <CommentItem
              key={r.id}
              state={state}
              comment={r}
              replies={[]}
              action={action}
              canReply={false}
              anonymousName={anonymousName}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

export function Comments({ state, post, action, error, anonymousName }: Props) {
  const { t } = state;
  const top = post.comments.filter((c) => c.parent === null);
  const shown = post.comments.filter((c) => !c.deleted || c.content).length;
  return (
    <section class="comments" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">{t("board.comments.title", { count: shown })}</h2>
      {top.length === 0 ? <p class="board-muted">{t("board.comments.none")}</p> : (
        <ul class="comment-list">
          {top.map((c) => (
            <CommentItem
              key={c.id}
              state={state}
              comment={c}
              replies={post.comments.filter((r) => r.parent === c.id)}
              action={action}
              canReply={post.can.comment}
              anonymousName={anonymousName}
            />
          ))}
        </ul>
      )}
      <h3>{t("board.comments.write")}</h3>
      {post.can.comment
        ? (
          <CommentForm
            state={state}
            action={action}
            error={error}
            anonymousName={anonymousName}
            idPrefix="comment-new"
          />
        )
        : !isSignedIn(state.viewer)
        ? (
          <p>
            <a href={href(state, `/login?redirect=${encodeURIComponent(action)}`)}>{t("board.comments.signIn")}</a>
          </p>
        )
        : <p class="board-muted">{t("board.comments.forbidden")}</p>}
    </section>
  );
}

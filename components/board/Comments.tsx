// A post's comments, threaded one level, with the forms to write, reply, edit and delete: plain forms
// posting to the read page (`_action`), <details> to open a reply, edit or delete form by keyboard or
// pointer. Visitors comment with a name and a password, and give that password to change or remove an
// anonymous comment; a refused change is shown at its comment, its form open.
import type { CommentJson, PostJson } from "../../domain/board/posts.ts";
import { isSignedIn } from "../../domain/member/permissions.ts";
import { href, type State } from "../../state.ts";
import { CsrfField } from "../ui/CsrfField.tsx";
import { DateOf } from "./views.tsx";

/** A refused edit or delete of one comment (`comment_edit`, `comment_delete`), shown at that comment. */
export interface CommentRefusal {
  action: string;
  comment: number;
  message: string;
  /** The text a refused edit sent, given back. */
  content?: string;
}

interface Props {
  state: State;
  post: PostJson;
  action: string;
  /** The comment form's refusal, shown under its field. */
  error?: string;
  /** A refused change of a comment. */
  refusal?: CommentRefusal;
  /** Visitors comment with a name and a password (the board's comment right names anonymous). */
  anonymous: boolean;
}

/** The password field of a comment's form: set when writing anonymously, asked when changing. */
function PasswordField(
  { id, label, hint, error, create }: {
    id: string;
    label: string;
    hint?: string;
    error?: string;
    create?: boolean;
  },
) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div class={error ? "field field-invalid" : "field"}>
      <label class="field-label" for={id}>{label}</label>
      <input
        class="input"
        type="password"
        id={id}
        name="password"
        required
        minLength={create ? 4 : undefined}
        maxLength={40}
        autocomplete={create ? "new-password" : "current-password"}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={described || undefined}
      />
      {hint && <p class="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

function CommentForm(
  { state, action, parent, error, anonymous, idPrefix }: {
    state: State;
    action: string;
    parent?: number;
    error?: string;
    anonymous: boolean;
    idPrefix: string;
  },
) {
  const { t } = state;
  return (
    <form method="post" action={action} class="comment-form">
      <CsrfField state={state} />
      <input type="hidden" name="_action" value="comment" />
      {parent && <input type="hidden" name="parent" value={String(parent)} />}
      {anonymous && (
        <>
          <div class="field">
            <label class="field-label" for={`${idPrefix}-name`}>{t("board.comments.name")}</label>
            <input class="input" id={`${idPrefix}-name`} name="name" required maxLength={40} autocomplete="name" />
          </div>
          <PasswordField
            id={`${idPrefix}-password`}
            label={t("board.comments.password")}
            hint={t("board.comments.passwordHint")}
            create
          />
        </>
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
  { state, comment, replies, action, canReply, anonymous, refusal }: {
    state: State;
    comment: CommentJson;
    replies: CommentJson[];
    action: string;
    canReply: boolean;
    anonymous: boolean;
    refusal?: CommentRefusal;
  },
) {
  const { t } = state;
  const refused = refusal?.comment === comment.id ? refusal : undefined;
  const editError = refused?.action === "comment_edit" ? refused.message : undefined;
  const deleteError = refused?.action === "comment_delete" ? refused.message : undefined;
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
                  anonymous={anonymous}
                  idPrefix={`reply-${comment.id}`}
                />
              </details>
            )}
            {comment.can_change && (
              <>
                <details open={editError !== undefined}>
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
                        aria-describedby={editError && !comment.needs_password ? `edit-${comment.id}-error` : undefined}
                      >
                        {editError !== undefined && refused?.content !== undefined ? refused.content : comment.content}
                      </textarea>
                      {editError && !comment.needs_password && (
                        <p class="field-error" id={`edit-${comment.id}-error`}>{editError}</p>
                      )}
                    </div>
                    {comment.needs_password && (
                      <PasswordField
                        id={`edit-${comment.id}-password`}
                        label={t("board.comments.changePassword")}
                        error={editError}
                      />
                    )}
                    <button type="submit" class="button button-secondary button-sm">{t("board.comments.save")}</button>
                  </form>
                </details>
                {comment.needs_password
                  ? (
                    // An anonymous comment: the delete form asks for its password, behind its own disclosure.
                    <details open={deleteError !== undefined}>
                      <summary>{t("board.comments.delete")}</summary>
                      <form method="post" action={action}>
                        <CsrfField state={state} />
                        <input type="hidden" name="_action" value="comment_delete" />
                        <input type="hidden" name="comment" value={String(comment.id)} />
                        <PasswordField
                          id={`delete-${comment.id}-password`}
                          label={t("board.comments.changePassword")}
                          error={deleteError}
                        />
                        <button type="submit" class="button button-ghost button-sm">
                          {t("board.comments.deleteSubmit")}
                        </button>
                      </form>
                    </details>
                  )
                  : (
                    <form method="post" action={action}>
                      <CsrfField state={state} />
                      <input type="hidden" name="_action" value="comment_delete" />
                      <input type="hidden" name="comment" value={String(comment.id)} />
                      <button type="submit" class="button button-ghost button-sm">{t("board.comments.delete")}</button>
                      {deleteError && <p class="field-error" role="alert">{deleteError}</p>}
                    </form>
                  )}
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
              anonymous={anonymous}
              refusal={refusal}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

export function Comments({ state, post, action, error, refusal, anonymous }: Props) {
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
              anonymous={anonymous}
              refusal={refusal}
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
            anonymous={anonymous}
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

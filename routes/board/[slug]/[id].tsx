// /board/{slug}/{id} (SPEC §2.5 boards: read, password prompt, comments): one post with its photos,
// attachments, answers, comments and the previous and next post. A secret anonymous post shows the
// password prompt first; a hidden one says so (403), a deleted one is not found. The forms on the page
// post here (`_action`): password, comment, comment_edit, comment_delete, delete (an anonymous post's or
// comment's with its `password`); each answers with a redirect back, or the page again with the refusal
// where it belongs.
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { Comments } from "../../../components/board/Comments.tsx";
import {
  boardName,
  BoardStyles,
  PasswordPrompt,
  PostArticle,
  RichText,
  Siblings,
} from "../../../components/board/views.tsx";
import { postPath } from "../../../domain/board/boards.ts";
import { addComment, deleteComment, editComment } from "../../../domain/board/comments.ts";
import { openPost } from "../../../domain/board/read.ts";
import { readAccess, readRefusal } from "../../../domain/board/rights.ts";
import { CommentDelete, CommentEdit, CommentInput, IdParam } from "../../../domain/board/schema.ts";
import { isUnlocked, unlockCookie, unlockCookieName, unlockValue } from "../../../domain/board/unlock.ts";
import { readContext, writeContext } from "../../../domain/board/web.ts";
import { assertPostPassword, deletePost } from "../../../domain/board/write.ts";
import { formRefusal } from "../../../domain/errors.ts";
import { isSignedIn } from "../../../domain/member/permissions.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

interface Refusal {
  action: string;
  message: string;
  /** The comment a refused comment_edit or comment_delete named (its forms show the refusal). */
  comment?: number;
  /** The text a refused comment_edit sent, given back in its form. */
  content?: string;
}

async function show(state: State, req: Request, params: Record<string, string>, refusal?: Refusal, status = 200) {
  const parsed = IdParam.safeParse(params);
  if (!parsed.success) throw new HttpError(404, "board.post_not_found");
  const opened = await openPost(readContext(state, req), parsed.data.id, { count: req.method === "GET" });
  if (opened.board.slug !== params.slug) return redirect(href(state, postPath(opened.board, opened.post.id)), 301);
  if (opened.access !== "ok" && opened.access !== "locked") throw readRefusal(opened.access);
  state.layout = "sub";
  state.title = opened.json
    ? `${opened.json.title} — ${boardName(state, opened.board)}`
    : boardName(state, opened.board);
  return page({ board: opened.board, post: opened.json, postId: opened.post.id, refusal }, { status });
}

export const handler = define.handlers({
  GET: ({ state, req, params }) => show(state, req, params),
  async POST({ state, req, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const ctx = readContext(state, req);
    const opened = await openPost(ctx, id, { count: false });
    const { board, post } = opened;
    const self = href(state, postPath(board, post.id));
    const { body } = await readBody(req, 64 * 1024);
    const action = String(body._action ?? "");
    try {
      if (action === "password") {
        await assertPostPassword(state.db, state.clientIp, post, String(body.password ?? "") || undefined);
        const access = readAccess(state.viewer, board, post, { now: new Date(), unlocked: true });
        if (access !== "ok") throw readRefusal(access);
        const res = redirect(self);
        res.headers.append(
          "set-cookie",
          unlockCookie(unlockCookieName(post.id), await unlockValue(state.sessionSecret, post), state.https),
        );
        return res;
      }
      if (action === "delete") {
        const proof = String(body.password ?? "") || (await isUnlocked(req, state.sessionSecret, post) || undefined);
        await deletePost(writeContext(state), board, post, proof);
        return redirect(href(state, `/board/${board.slug}`));
      }
      // Comments need the post readable (a secret one opened).
      if (opened.access !== "ok") throw readRefusal(opened.access);
      if (action === "comment") {
        await addComment(state.db, state, board, post, parseOrThrow(CommentInput, body));
      } else if (action === "comment_edit") {
        await editComment(state.db, state, post.id, parseOrThrow(CommentEdit, body));
      } else if (action === "comment_delete") {
        const input = parseOrThrow(CommentDelete, body);
        await deleteComment(state.db, state, input.comment, input.password);
      } else throw new HttpError(400, "error.400");
      return redirect(`${self}#comments`);
    } catch (err) {
      const refused = formRefusal(err, state.t);
      const fieldKey = refused.fields ? Object.values(refused.fields)[0]?.[0] : undefined;
      const message = fieldKey ? state.t(fieldKey as never) : refused.message;
      if (refused.status === 429) throw err;
      const comment = action.startsWith("comment_") ? Number(body.comment) || undefined : undefined;
      const content = action === "comment_edit" && typeof body.content === "string" ? body.content : undefined;
      return show(state, req, params, { action, message, comment, content }, refused.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { board, post, refusal } = data;
  const self = href(state, postPath(board, data.postId));
  const listHref = href(state, `/board/${board.slug}`);
  if (!post) {
    return (
      <>
        <BoardStyles state={state} />
        <PageHeader t={t} title={boardName(state, board)} />
        <PasswordPrompt
          state={state}
          action={self}
          error={refusal?.action === "password" ? refusal.message : undefined}
        />
        <p>
          <a href={listHref}>{t("board.read.list")}</a>
        </p>
      </>
    );
  }
  const anonymousDelete = post.can.delete === "password";
  // A refused change of a comment whose forms are on the page is shown there, its form open.
  const atComment = refusal?.comment !== undefined &&
    post.comments.some((c) => c.id === refusal.comment && c.can_change);
  const commentRefusal = atComment && refusal?.comment !== undefined
    ? { ...refusal, comment: refusal.comment }
    : undefined;
  return (
    <>
      <BoardStyles state={state} form={!!post.form} />
      <PageHeader t={t} title={boardName(state, board)} />
      {refusal && refusal.action !== "comment" && !atComment && <Alert kind="error">{refusal.message}</Alert>}
      {post.approval === "waiting" && <Alert kind="info">{t("board.waitingApproval")}</Alert>}
      {post.approval === "rejected" && (
        <Alert kind="warning">{t("board.rejectedNotice", { reason: post.reject_reason || "-" })}</Alert>
      )}
      <PostArticle state={state} post={post}>
        {post.answers.map((a) => (
          <section class="post-answer" key={a.id} aria-labelledby={`answer-${a.id}`}>
            <h3 id={`answer-${a.id}`}>
              <span class="board-badge">{t("board.read.answer")}</span>
              {a.title}
            </h3>
            <p class="comment-meta">{a.writer}</p>
            <RichText html={a.content} />
          </section>
        ))}
      </PostArticle>
      <div class="post-actions">
        <a class="button button-secondary" href={listHref}>{t("board.read.list")}</a>
        {post.can.reply && (
          <a class="button button-secondary" href={href(state, `/board/write?bbs=${board.slug}&parent=${post.id}`)}>
            {t("board.read.reply")}
          </a>
        )}
        {post.can.edit !== "no" && (
          <a class="button button-secondary" href={href(state, `/board/write?post=${post.id}`)}>
            {t("board.read.edit")}
          </a>
        )}
        {post.can.delete !== "no" && post.status !== "deleted" && (
          <details>
            <summary class="button button-ghost">{t("board.read.delete")}</summary>
            <form method="post" action={self}>
              <CsrfField state={state} />
              <input type="hidden" name="_action" value="delete" />
              <p>{t("board.read.deleteConfirm")}</p>
              {anonymousDelete && (
                <div class="field">
                  <label class="field-label" for="delete-password">{t("board.read.deletePassword")}</label>
                  <input class="input" type="password" id="delete-password" name="password" maxLength={40} />
                </div>
              )}
              <button type="submit" class="button button-primary button-sm">{t("board.read.delete")}</button>
            </form>
          </details>
        )}
      </div>
      <Siblings state={state} board={board} post={post} />
      <Comments
        state={state}
        post={post}
        action={self}
        error={refusal?.action === "comment" ? refusal.message : undefined}
        refusal={commentRefusal}
        anonymous={!isSignedIn(state.viewer)}
      />
    </>
  );
});

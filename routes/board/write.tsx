// /board/write (SPEC §2.1): the write form of a board (`?bbs=<slug>`), an answer (`&parent=<id>`) or the
// edit form of a post (`?post=<id>`); it posts here as multipart and goes on to the post. Refusals
// (a missing right, a bad file, a wrong password) are shown on the form with what was typed kept. A board
// carrying a form of the form builder asks its fields too (domain/board/form.ts), each refusal on its field.
import { z } from "zod";
import { page, redirect } from "../../framework/define.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { HttpError } from "../../framework/errors.ts";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { boardName, BoardStyles } from "../../components/board/views.tsx";
import { PostForm, type PostFormForm, type PostFormValues } from "../../components/board/PostForm.tsx";
import { answerValues, formOfPost } from "../../domain/board/form.ts";
import { type FileFacts, fileFields, labelOf } from "../../domain/form/model.ts";
import type { BoardRow, PostRow } from "../../db/schema/board.ts";
import { answerFileIds } from "../../domain/form/answers.ts";
import { boardOf, categoriesOf, categoryJson, permissionsOf, postPath } from "../../domain/board/boards.ts";
import { postById, presentPost } from "../../domain/board/posts.ts";
import { findPost } from "../../domain/board/read.ts";
import { assertCan, changeAccess } from "../../domain/board/rights.ts";
import { optionalId, ReturnUrl } from "../../domain/board/schema.ts";
import { isUnlocked } from "../../domain/board/unlock.ts";
import { readWriteBody, siteIdOf, writeContext } from "../../domain/board/web.ts";
import { editPost, extraFields, writePost } from "../../domain/board/write.ts";
import { formRefusal } from "../../domain/errors.ts";
import type { FileJson } from "../../domain/file/present.ts";
import { isBoardStaff, isSignedIn } from "../../domain/member/permissions.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { PostInput } from "../../domain/board/schema.ts";
import { define, href, type RouteConfig, type State } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

const WriteQuery = z.object({
  bbs: z.string().max(40).optional(),
  post: optionalId,
  parent: optionalId,
  return_url: ReturnUrl,
});

interface FormData {
  board: BoardRow;
  categories: { id: number; name: string }[];
  values: PostFormValues;
  editing?: { id: number; files: FileJson[]; needsPassword: boolean };
  parent?: { id: number; title: string };
  /** Where the post returns to once written (SPEC §3 return_url: a same-site path). */
  returnUrl?: string;
  error?: string;
  fields?: Record<string, string>;
  /** The board's form of the form builder, when it carries one. */
  form?: PostFormForm;
}

const seoulLocal = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + 9 * 3600_000).toISOString().slice(0, 16) : "";

const EMPTY: PostFormValues = {
  title: "",
  content: "",
  format: "text",
  secret: false,
  name: "",
  pinned: false,
  post_from: "",
  post_to: "",
  extra: {},
  answers: {},
};

/** The board form the post is written in (the post's own version when editing one that has answers). */
async function boardForm(state: State, board: BoardRow, post?: PostRow): Promise<PostFormForm | undefined> {
  const found = await formOfPost(state.db, board, post);
  if (!found) return undefined;
  const tree = found.version.components;
  const keptFiles = post?.formId === found.form.id
    ? fileFields(tree).map((c) => ({
      label: labelOf(c, state.locale),
      names: ((post.answers[c.key] as FileFacts[] | undefined) ?? []).map((f) => f.name),
    })).filter((k) => k.names.length > 0)
    : [];
  return { tree, errors: {}, keptFiles };
}

/** The board, the post being edited or answered, and the viewer's right to do so. */
async function formFor(state: State, req: Request, q: z.infer<typeof WriteQuery>): Promise<FormData> {
  const siteId = siteIdOf(state);
  if (q.post) {
    const { board, post } = await findPost(state.db, siteId, q.post);
    if (post.status === "deleted") throw new HttpError(404, "board.post_not_found");
    const access = changeAccess(state.viewer, board, post, "edit");
    if (access === "no") throw new HttpError(isSignedIn(state.viewer) ? 403 : 401, "board.no_edit");
    const json = await presentPost(state.db, board, post, state.viewer, state.locale);
    const form = await boardForm(state, board, post);
    // Files answered in the form follow the answers; the keep list offers the post's other files.
    const answered = new Set(json.form ? answerFileIds(json.form.components, json.form.answers) : []);
    return {
      board,
      form,
      categories: (await categoriesOf(state.db, board.id)).map((c) => categoryJson(c, state.locale)),
      values: {
        ...EMPTY,
        title: post.title,
        content: post.content,
        format: "html",
        category: post.categoryId ?? undefined,
        secret: post.secret,
        pinned: post.pinned,
        post_from: seoulLocal(json.post_from),
        post_to: seoulLocal(json.post_to),
        extra: post.extra,
        answers: post.formId ? answerValues(post.answers) : {},
      },
      editing: {
        id: post.id,
        files: [...json.photos, ...json.attachments].filter((f) => !answered.has(f.id)),
        needsPassword: access === "password" && !(await isUnlocked(req, state.sessionSecret, post)),
      },
    };
  }
  if (!q.bbs) throw new HttpError(404, "board.not_found");
  const board = await boardOf(state.db, siteId, q.bbs);
  let parent: FormData["parent"];
  if (q.parent) {
    const question = await postById(state.db, q.parent);
    if (!question || question.boardId !== board.id || question.status !== "visible") {
      throw new HttpError(404, "board.post_not_found");
    }
    assertCan(state.viewer, board, "reply");
    parent = { id: question.id, title: question.title };
  } else if (!permissionsOf(state.viewer, board).write) {
    throw new HttpError(isSignedIn(state.viewer) ? 403 : 401, "board.no_write");
  }
  return {
    board,
    categories: (await categoriesOf(state.db, board.id)).map((c) => categoryJson(c, state.locale)),
    values: EMPTY,
    parent,
    form: await boardForm(state, board),
  };
}

function render(state: State, data: FormData, status = 200) {
  state.layout = "sub";
  state.title = `${state.t(data.editing ? "board.write.editTitle" : "board.write.title")} — ${
    boardName(state, data.board)
  }`;
  return page(data, { status });
}

export const handler = define.handlers({
  async GET({ state, req, url }) {
    const q = parseOrThrow(WriteQuery, Object.fromEntries(url.searchParams), 400);
    return render(state, { ...await formFor(state, req, q), returnUrl: q.return_url });
  },
  async POST({ state, req }) {
    const read = await readWriteBody(req);
    const q = parseOrThrow(WriteQuery, {
      bbs: read.body.bbs,
      post: read.body.post,
      parent: read.body.parent,
      return_url: read.body.return_url,
    }, 400);
    const form = await formFor(state, req, q);
    try {
      const input = parseOrThrow(PostInput, read.body);
      const extra = extraFields(form.board, read.body);
      const ctx = writeContext(state);
      const editing = q.post ? (await postById(state.db, q.post))! : null;
      const proof = read.password ??
        (editing && await isUnlocked(req, state.sessionSecret, editing) ? true : undefined);
      const answers = { body: read.body, files: read.answerFiles };
      const row = editing
        ? await editPost(ctx, form.board, editing, input, extra, read.sent, proof, answers)
        : await writePost(ctx, form.board, input, extra, read.sent, answers);
      if (row.approval !== "waiting" || row.userId !== null) {
        return redirect(q.return_url ?? href(state, postPath(form.board, row.id)));
      }
      // An anonymous writer cannot open a post that waits for approval: back to the board, told why.
      const res = redirect(href(state, `/board/${form.board.slug}`));
      res.headers.append("set-cookie", flashCookie("board.writtenWaiting", state.https));
      return res;
    } catch (err) {
      const refused = formRefusal(err, state.t);
      if (refused.status === 429 || refused.status === 413) throw err;
      const fields: Record<string, string> = {};
      const answerErrors: Record<string, string[]> = {};
      for (const [name, keys] of Object.entries(refused.fields ?? {})) {
        // The form's fields show their own messages (the form kit's renderer translates the keys).
        if (name.startsWith("answers.")) answerErrors[name] = keys;
        else fields[name] = state.t(keys[0] as never);
      }
      const b = read.body;
      const text = (v: unknown) => (typeof v === "string" ? v : "");
      const values: PostFormValues = {
        ...form.values,
        title: text(b.title),
        content: text(b.content),
        format: b.format === "html" ? "html" : "text",
        category: Number(b.category) || undefined,
        secret: Boolean(b.secret),
        name: text(b.name),
        pinned: Boolean(b.pinned),
        post_from: text(b.post_from),
        post_to: text(b.post_to),
        // What was typed in the form's fields, by their flat names, shown again.
        answers: Object.fromEntries(Object.entries(b).filter(([k]) => k.startsWith("answers."))),
      };
      return render(
        state,
        {
          ...form,
          form: form.form && { ...form.form, errors: answerErrors },
          values,
          returnUrl: q.return_url,
          error: refused.message,
          fields,
        },
        refused.status,
      );
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  return (
    <>
      <BoardStyles state={state} form={!!data.form} />
      <PageHeader
        t={t}
        title={data.editing ? t("board.write.editTitle") : t("board.write.title")}
        lead={boardName(state, data.board)}
      />
      <PostForm
        state={state}
        board={data.board}
        categories={data.categories}
        values={data.values}
        editing={data.editing}
        parent={data.parent}
        returnUrl={data.returnUrl}
        anonymous={!isSignedIn(state.viewer)}
        staff={isBoardStaff(state.viewer)}
        error={data.error}
        fields={data.fields}
        form={data.form}
      />
    </>
  );
});

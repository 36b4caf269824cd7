// Writing on boards (SPEC §7 POST /api/bbs/{id}, POST /api/bbs/post/{id} with _method PATCH or DELETE): a
// member (or, where the board allows it, a visitor with a name and a password) writes a post with
// formatted text (sanitised here, whatever the client sent), photos and attachments; the writer edits and
// deletes it (an anonymous writer with the password), staff any. Every change is one transaction; files
// are checked before anything is stored and readable by everyone only while anonymous visitors read the
// post, by the post's readers otherwise (files.ts).
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type BoardRow, boards, type PostRow, posts } from "../../db/schema/board.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Config } from "../../fresh.config.ts";
import { plainText, sanitizeRichText, textToHtml } from "../common/rich-text.ts";
import type { FileService } from "../file/files.ts";
import { type FileAccess, type FilePurpose, uploadRule } from "../file/rules.ts";
import { checkUploads } from "../file/upload.ts";
import { queueMail } from "../mail/outbox.ts";
import { pushOfMail } from "../notify/push.ts";
import { mailLink } from "../mail/templates.ts";
import { hashPassword, verifyPassword } from "../member/passwords.ts";
import { isBoardStaff, isSignedIn, type Viewer } from "../member/permissions.ts";
import { consume } from "../member/rate-limit.ts";
import type { SessionUser } from "../member/viewer.ts";
import { createTranslator, toLocale } from "../../i18n/mod.ts";
import { categoriesOf, postPath } from "./boards.ts";
import { fileAccessOf, syncFiles } from "./files.ts";
import {
  assertCan,
  changeAccess,
  initialApproval,
  PASSWORD_REFUSAL,
  POST_MACHINE,
  writesAnonymously,
} from "./rights.ts";
import type { PostInput } from "./schema.ts";
import type { Answers } from "../form/answers.ts";
import { answerFileIds } from "../form/answers.ts";
import type { FileFacts } from "../form/model.ts";
import { assertVersion, type BoardAnswers, checkBoardAnswers } from "./form.ts";

export interface WriteContext {
  db: Db;
  files: FileService;
  viewer: Viewer;
  user: SessionUser | null;
  clientIp: string;
  config: Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">;
}

/** What was sent for the board's form (form.ts): the body (`answers` or `answers.…`) and its files by key. */
export interface SentAnswers {
  body: Record<string, unknown>;
  files: Record<string, File[]>;
}
const NO_ANSWERS: SentAnswers = { body: {}, files: {} };

/** Files sent with the form (multipart fields `photos`, `attachments`). */
export interface SentFiles {
  photos: File[];
  attachments: File[];
}

const invalid = (field: string, key: string) => new HttpError(422, key, undefined, { fields: { [field]: [key] } });

/**
 * The extra form fields of the board from a form body (`extra[name]`) or a JSON object; none when the
 * board carries a form of the form builder instead (form.ts).
 */
export function extraFields(board: BoardRow, body: Record<string, unknown>): Record<string, string> {
  if (board.formId) return {};
  const nested = typeof body.extra === "object" && body.extra ? body.extra as Record<string, unknown> : {};
  const out: Record<string, string> = {};
  for (const field of board.fields) {
    const value = body[`extra[${field.name}]`] ?? nested[field.name];
    const text = typeof value === "string" ? value.trim().slice(0, 2000) : "";
    if (field.required && !text) throw invalid(`extra.${field.name}`, "board.field_required");
    if (text) out[field.name] = text;
  }
  return out;
}

/** The rule of a purpose within the board's limits (count and size of attachments). */
function boardRule(board: BoardRow, purpose: FilePurpose) {
  const rule = uploadRule(purpose);
  return {
    ...rule,
    maxFiles: Math.min(rule.maxFiles, board.maxAttachments),
    maxBytes: Math.min(rule.maxBytes, board.maxAttachmentBytes),
  };
}

async function checkSent(board: BoardRow, sent: SentFiles, already: { photos: number; attachments: number }) {
  const photoRule = boardRule(board, "board_photo");
  const attachmentRule = boardRule(board, "board_attachment");
  if (already.photos + sent.photos.length > photoRule.maxFiles) throw invalid("photos", "file.too_many");
  if (already.attachments + sent.attachments.length > attachmentRule.maxFiles) {
    throw invalid("attachments", "file.too_many");
  }
  return {
    photos: sent.photos.length ? await checkUploads(photoRule, "photos", sent.photos) : [],
    attachments: sent.attachments.length ? await checkUploads(attachmentRule, "attachments", sent.attachments) : [],
  };
}

/** Uploads made earlier (POST /api/file) that the writer may attach: theirs, of the purpose, unattached. */
async function ownUploads(tx: Tx, viewer: Viewer, ids: number[], purpose: FilePurpose, field: string) {
  if (!ids.length) return [] as FileRow[];
  if (!isSignedIn(viewer)) throw invalid(field, "file.not_found");
  const rows = await tx.select().from(files).where(and(
    inArray(files.id, ids),
    eq(files.ownerId, viewer.id),
    eq(files.purpose, purpose),
    isNull(files.attachedAt),
  ));
  if (rows.length !== new Set(ids).size) throw invalid(field, "file.not_found");
  return rows;
}

function contentOf(input: PostInput): { content: string; plain: string } {
  const content = input.format === "html" ? sanitizeRichText(input.content) : textToHtml(input.content);
  return { content, plain: plainText(content).slice(0, 20_000) };
}

async function limitWrites(tx: Tx, ctx: WriteContext) {
  const who = isSignedIn(ctx.viewer) ? `u${ctx.viewer.id}` : `ip${ctx.clientIp}`;
  await consume(tx, [{ bucket: `bbs-write:${who}`, max: 30, windowSeconds: 3600 }]);
}

/** Counts password attempts on a post (SPEC issue: guessing fast is rate limited): 10 a minute per address. */
export async function limitPasswordTries(tx: Tx, clientIp: string, postId: number) {
  await consume(tx, [
    { bucket: `bbs-pass:${clientIp}`, max: 10, windowSeconds: 60 },
    { bucket: `bbs-pass-post:${postId}`, max: 50, windowSeconds: 3600 },
  ]);
}

/** Checks an anonymous post's password (rate limited); refused with 403 'password required or wrong'. */
export async function assertPostPassword(tx: Tx, clientIp: string, post: PostRow, password: string | undefined) {
  await assertWriterPassword(tx, clientIp, post.id, post.passwordHash, password);
}

/**
 * Checks an anonymous writer's password against its hash (a post's or a comment's): guesses count
 * against the address and the post they are made on (a comment's post), the same limits for both.
 * Call it outside a transaction that a refusal rolls back, or the counted tries are undone.
 */
export async function assertWriterPassword(
  tx: Tx,
  clientIp: string,
  postId: number,
  hash: string | null,
  password: string | undefined,
) {
  if (!password) throw new HttpError(403, PASSWORD_REFUSAL);
  await limitPasswordTries(tx, clientIp, postId);
  if (!hash || !(await verifyPassword(hash, password))) throw new HttpError(403, PASSWORD_REFUSAL);
}

async function saveFiles(
  tx: Tx,
  ctx: WriteContext,
  checked: Awaited<ReturnType<typeof checkSent>>,
  access: Exclude<FileAccess, "judges">,
) {
  const ownerId = isSignedIn(ctx.viewer) ? ctx.viewer.id : null;
  const saved = { photos: [] as number[], attachments: [] as number[] };
  for (const upload of checked.photos) {
    saved.photos.push((await ctx.files.save(upload, { purpose: "board_photo", ownerId, access }, tx)).id);
  }
  for (const upload of checked.attachments) {
    saved.attachments.push((await ctx.files.save(upload, { purpose: "board_attachment", ownerId, access }, tx)).id);
  }
  return saved;
}

/** The form's answers with their files stored as the post's attachments (read as the post is). */
async function storeAnswers(
  tx: Tx,
  ctx: WriteContext,
  answered: BoardAnswers,
  access: Exclude<FileAccess, "judges">,
): Promise<{ answers: Answers; fileIds: number[] }> {
  const ownerId = isSignedIn(ctx.viewer) ? ctx.viewer.id : null;
  const answers: Answers = { ...answered.answers };
  for (const [key, list] of answered.uploads) {
    const saved: FileFacts[] = [];
    for (const upload of list) {
      const row = await ctx.files.save(upload, { purpose: "board_attachment", ownerId, access }, tx);
      saved.push({ id: row.id, name: row.originalName, size: row.size, kind: upload.kind });
    }
    answers[key] = saved;
  }
  return { answers, fileIds: answerFileIds(answered.tree, answers) };
}

async function attachOwn(tx: Tx, ids: number[], access: FileAccess) {
  if (!ids.length) return;
  await tx.update(files).set({ attachedAt: new Date(), access, updatedAt: new Date() }).where(inArray(files.id, ids));
}

async function checkCategory(tx: Tx, board: BoardRow, category: number | undefined) {
  if (category === undefined) return null;
  const categories = await categoriesOf(tx, board.id);
  if (!categories.some((c) => c.id === category)) throw invalid("category", "board.category_invalid");
  return category;
}

export async function writePost(
  ctx: WriteContext,
  board: BoardRow,
  input: PostInput,
  extra: Record<string, string>,
  sent: SentFiles,
  sentAnswers: SentAnswers = NO_ANSWERS,
): Promise<PostRow> {
  const { viewer } = ctx;
  const staff = isBoardStaff(viewer);
  const anonymous = !isSignedIn(viewer);
  // A visitor writes only where the board takes anonymous posts (its flag and its write right).
  if (anonymous && !writesAnonymously(viewer, board)) throw new HttpError(401, "board.no_write");
  assertCan(viewer, board, input.parent ? "reply" : "write");
  if (anonymous) {
    if (!input.name) throw invalid("name", "board.name_required");
    if (!input.password) throw invalid("password", "board.password_required");
  }
  if (input.secret && !board.secretAllowed) throw invalid("secret", "board.secret_not_allowed");
  // Once the right to write is settled: the board form's answers by the schema built from its tree.
  const answered = await checkBoardAnswers(ctx.db, board, sentAnswers.body, sentAnswers.files);
  const checked = await checkSent(board, sent, {
    photos: input.photo_ids.length,
    attachments: input.attachment_ids.length,
  });
  const passwordHash = anonymous ? await hashPassword(input.password!) : null;
  const { content, plain } = contentOf(input);
  const writerName = anonymous ? input.name! : (ctx.user?.name || ctx.user?.username || String(viewer.id));
  const post = await ctx.db.transaction(async (tx) => {
    await limitWrites(tx, ctx);
    const categoryId = await checkCategory(tx, board, input.category);
    let parent: PostRow | undefined;
    if (input.parent) {
      [parent] = await tx.select().from(posts).where(and(eq(posts.id, input.parent), eq(posts.boardId, board.id)));
      if (!parent || parent.parentId !== null || parent.status !== "visible") {
        throw invalid("parent", "board.post_not_found");
      }
    }
    const own = {
      photos: await ownUploads(tx, viewer, input.photo_ids, "board_photo", "photo_ids"),
      attachments: await ownUploads(tx, viewer, input.attachment_ids, "board_attachment", "attachment_ids"),
    };
    const secret = input.secret || (parent?.secret ?? false);
    const approval = initialApproval(viewer, board);
    const postFrom = staff ? input.post_from ?? null : null;
    const postTo = staff ? input.post_to ?? null : null;
    const access = fileAccessOf(board, { status: "visible", secret, approval, postFrom, postTo });
    if (answered) await assertVersion(tx, answered);
    const saved = await saveFiles(tx, ctx, checked, access);
    const form = answered ? await storeAnswers(tx, ctx, answered, access) : null;
    await attachOwn(tx, [...own.photos, ...own.attachments].map((f) => f.id), access);
    const [row] = await tx.insert(posts).values({
      boardId: board.id,
      categoryId,
      parentId: parent?.id ?? null,
      title: input.title,
      content,
      plain,
      secret,
      userId: anonymous ? null : viewer.id,
      writerName,
      passwordHash,
      postFrom,
      postTo,
      pinned: staff ? input.pinned : false,
      approval,
      photoIds: [...own.photos.map((f) => f.id), ...saved.photos],
      attachmentIds: [...own.attachments.map((f) => f.id), ...saved.attachments, ...(form?.fileIds ?? [])],
      extra,
      formId: answered?.formId ?? null,
      formVersion: answered?.version ?? null,
      answers: form?.answers ?? {},
    }).returning();
    if (parent) await mailAnswer(tx, ctx, board, parent, row);
    return row;
  });
  return post;
}

/** A Q&A answer: the question's writer (a member) hears of it through the outbox. */
async function mailAnswer(tx: Tx, ctx: WriteContext, board: BoardRow, question: PostRow, answer: PostRow) {
  if (!question.userId || question.userId === answer.userId) return;
  const [to] = await tx.select({ email: users.email, name: users.name, nameEn: users.nameEn, locale: users.locale })
    .from(users).where(and(eq(users.id, question.userId), isNull(users.withdrawnAt)));
  if (!to) return;
  const locale = toLocale(to.locale);
  const t = createTranslator(locale);
  const name = locale === "en" && to.nameEn ? to.nameEn : to.name;
  const boardName = locale === "en" && board.nameEn ? board.nameEn : board.name;
  const subject = t("board.mail.answerSubject", { board: boardName });
  await queueMail(tx, ctx.config, {
    to: to.email,
    subject,
    push: pushOfMail(question.userId, "board", locale, subject, postPath(board, question.id)),
    body: `${
      t("board.mail.answerBody", {
        name,
        title: question.title,
        link: mailLink(ctx.config, locale, postPath(board, question.id)),
      })
    }\n\n--\n${t("account.mail.signature")}\n`,
    locale,
  });
}

/** An anonymous post's password, or `true` when the post was opened with it (domain/board/unlock.ts). */
export type Proof = string | undefined | true;

/** Whether the viewer may change the post, checking an anonymous post's password. */
export async function assertChange(
  tx: Tx,
  ctx: WriteContext,
  board: BoardRow,
  post: PostRow,
  action: "edit" | "delete",
  password: Proof,
) {
  const access = changeAccess(ctx.viewer, board, post, action);
  if (access === "no") {
    throw new HttpError(isSignedIn(ctx.viewer) ? 403 : 401, action === "edit" ? "board.no_edit" : "board.no_delete");
  }
  if (access === "password" && password !== true) await assertPostPassword(tx, ctx.clientIp, post, password);
}

export async function editPost(
  ctx: WriteContext,
  board: BoardRow,
  post: PostRow,
  input: PostInput,
  extra: Record<string, string>,
  sent: SentFiles,
  password: Proof,
  sentAnswers: SentAnswers = NO_ANSWERS,
): Promise<PostRow> {
  const staff = isBoardStaff(ctx.viewer);
  await assertChange(ctx.db, ctx, board, post, "edit", password);
  if (input.secret && !board.secretAllowed) throw invalid("secret", "board.secret_not_allowed");
  // Checked against the version the post was answered in (the board's form for a post without answers).
  const answered = await checkBoardAnswers(ctx.db, board, sentAnswers.body, sentAnswers.files, post);
  const keep = (ids: number[]) => input.keep_files ? ids.filter((id) => input.keep_files!.includes(id)) : ids;
  // Files answered in the form follow the answers, not the keep list (the new answers name the kept ones).
  const answeredBefore = post.formId ? answerFileIds(answered?.tree ?? [], post.answers) : [];
  const keptPhotos = keep(post.photoIds);
  const keptAttachments = keep(post.attachmentIds.filter((id) => !answeredBefore.includes(id)));
  const checked = await checkSent(board, sent, {
    photos: keptPhotos.length + input.photo_ids.length,
    attachments: keptAttachments.length + input.attachment_ids.length,
  });
  const { content, plain } = contentOf(input);
  return await ctx.db.transaction(async (tx) => {
    await limitWrites(tx, ctx);
    const categoryId = await checkCategory(tx, board, input.category);
    const own = {
      photos: await ownUploads(tx, ctx.viewer, input.photo_ids, "board_photo", "photo_ids"),
      attachments: await ownUploads(tx, ctx.viewer, input.attachment_ids, "board_attachment", "attachment_ids"),
    };
    const access = fileAccessOf(board, {
      status: post.status,
      secret: input.secret,
      approval: post.approval,
      postFrom: staff ? input.post_from ?? null : post.postFrom,
      postTo: staff ? input.post_to ?? null : post.postTo,
    });
    if (answered) await assertVersion(tx, answered, post);
    const saved = await saveFiles(tx, ctx, checked, access);
    const form = answered ? await storeAnswers(tx, ctx, answered, access) : null;
    await attachOwn(tx, [...own.photos, ...own.attachments].map((f) => f.id), access);
    const photoIds = [...keptPhotos, ...own.photos.map((f) => f.id), ...saved.photos];
    const attachmentIds = [
      ...keptAttachments,
      ...own.attachments.map((f) => f.id),
      ...saved.attachments,
      ...(form?.fileIds ?? []),
    ];
    const [row] = await tx.update(posts).set({
      categoryId,
      title: input.title,
      content,
      plain,
      secret: input.secret,
      postFrom: staff ? input.post_from ?? null : post.postFrom,
      postTo: staff ? input.post_to ?? null : post.postTo,
      pinned: staff ? input.pinned : post.pinned,
      photoIds,
      attachmentIds,
      extra,
      ...(answered ? { formId: answered.formId, formVersion: answered.version, answers: form!.answers } : {}),
      updatedAt: new Date(),
    }).where(eq(posts.id, post.id)).returning();
    await syncFiles(tx, ctx.files, row, board);
    // Files dropped from the post are no longer anybody's to read but their owner's.
    const dropped = [...post.photoIds, ...post.attachmentIds].filter((id) =>
      ![...photoIds, ...attachmentIds].includes(id)
    );
    for (const file of await tx.select().from(files).where(inArray(files.id, dropped.length ? dropped : [0]))) {
      await ctx.files.setAccess(file, "owner", tx);
    }
    return row;
  });
}

/** A moderation step (SPEC §4) guarded by the status machine in the UPDATE's WHERE. */
export async function movePost(
  tx: Tx,
  service: FileService,
  post: PostRow,
  action: "blind" | "unblind" | "delete" | "restore",
): Promise<PostRow> {
  const to = POST_MACHINE.next(action, post.status);
  const [row] = await tx.update(posts).set({
    status: to,
    deletedAt: to === "deleted" ? new Date() : null,
    updatedAt: new Date(),
  }).where(and(eq(posts.id, post.id), POST_MACHINE.fromCondition(posts.status, action))).returning();
  if (!row) throw new HttpError(409, "board.status_refused");
  await syncFiles(tx, service, row);
  return row;
}

export async function deletePost(ctx: WriteContext, board: BoardRow, post: PostRow, password: Proof) {
  await assertChange(ctx.db, ctx, board, post, "delete", password);
  return await ctx.db.transaction((tx) => movePost(tx, ctx.files, post, "delete"));
}

/** The board of a post (a post always has one). */
export async function boardOfPost(tx: Tx, post: PostRow): Promise<BoardRow> {
  const [row] = await tx.select().from(boards).where(eq(boards.id, post.boardId));
  return row;
}

// A board's form of the form builder (issue 14 §1 "attach a form to … a board", SPEC §3 Bulletin board
// "form"): when a board carries one, its write and edit pages ask the form's components (names under
// `answers.`, so a field keyed "title" or "name" never meets the post's own), and every submission, page
// or call, is checked by the zod schema built from the tree (domain/form/answers.ts), refused with 422 and
// field messages keyed `answers.<path>`. A post keeps its answers with the form and version they were
// given in, like a programme application: editing a form that has answers makes a new version, and an
// edited post is checked against its own version. Files answered go through the files pipeline as the
// post's attachments, so they are read exactly as the post is (files.ts).
//
// The board's older "extra fields" (boards.fields, posts.extra: short texts, no editor in management) stay
// for boards without a form; the seed uses none, so nothing is migrated into forms.
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { BoardRow, PostRow } from "../../db/schema/board.ts";
import { forms } from "../../db/schema/programme.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Answers } from "../form/answers.ts";
import { type FormWithTree, requireForm } from "../form/forms.ts";
import { type FileFacts, fileFields, type FormComponent } from "../form/model.ts";
import type { CheckedUpload } from "../file/upload.ts";
import { checkSubmission } from "../programme/apply.ts";

/** Where a board form's answers are named in a write form or call. */
export const ANSWERS = "answers";
const PREFIX = `${ANSWERS}.`;

/** A checked submission of the form, not stored yet. */
export interface BoardAnswers {
  formId: number;
  version: number;
  tree: FormComponent[];
  answers: Answers;
  uploads: Map<string, CheckedUpload[]>;
}

/**
 * The form a post is written or edited with: a post that has answers keeps its own version; otherwise
 * the board's form at its current version; null when neither (the board's extra fields apply).
 */
export async function formOfPost(
  db: Tx,
  board: Pick<BoardRow, "formId">,
  post?: Pick<PostRow, "formId" | "formVersion"> | null,
): Promise<FormWithTree | null> {
  if (post?.formId && post.formVersion) return await requireForm(db, post.formId, post.formVersion);
  if (board.formId) return await requireForm(db, board.formId);
  return null;
}

/** The answers part of a body: `answers` as an object (JSON), or flat `answers.…` names (a form). */
function answerBody(body: Record<string, unknown>): Record<string, unknown> {
  if (body[ANSWERS] && typeof body[ANSWERS] === "object" && !Array.isArray(body[ANSWERS])) {
    return { ...body[ANSWERS] as Record<string, unknown> };
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) if (name.startsWith(PREFIX)) out[name.slice(PREFIX.length)] = value;
  return out;
}

/** Files sent under `answers.<key>`. */
export function answerFiles(files: Record<string, File[]>): Record<string, File[]> {
  const out: Record<string, File[]> = {};
  for (const [name, list] of Object.entries(files)) if (name.startsWith(PREFIX)) out[name.slice(PREFIX.length)] = list;
  return out;
}

/** A refusal's field keys under `answers.` (the names the form and the call use). */
function prefixed(err: unknown): unknown {
  if (!(err instanceof HttpError) || err.status !== 422) return err;
  const fields = (err.details?.fields ?? {}) as Record<string, string[]>;
  const renamed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${PREFIX}${k === "_" ? "" : k}`, v]));
  return new HttpError(422, err.key, err.message, { ...err.details, fields: renamed }, err.headers);
}

/**
 * Checks a submission against the form (null when the board has none). A file field takes only the files
 * sent now or, on edit, the files the post already answered with: file facts written into the body are
 * dropped (checkSubmission), so no one names another person's file.
 */
export async function checkBoardAnswers(
  db: Tx,
  board: Pick<BoardRow, "formId">,
  body: Record<string, unknown>,
  files: Record<string, File[]>,
  post?: PostRow | null,
): Promise<BoardAnswers | null> {
  const found = await formOfPost(db, board, post);
  if (!found) return null;
  const tree = found.version.components;
  // Editing: a file field not sent again keeps the files the post answered with.
  const kept: Record<string, FileFacts[]> = {};
  for (const c of fileFields(tree)) {
    const before = post?.formId === found.form.id ? post.answers[c.key] as FileFacts[] | undefined : undefined;
    if (before?.length && !files[c.key]?.length) kept[c.key] = before;
  }
  try {
    const { answers, uploads } = await checkSubmission(tree, { body: answerBody(body), files }, kept);
    return { formId: found.form.id, version: found.version.version, tree, answers, uploads };
  } catch (err) {
    throw prefixed(err);
  }
}

/**
 * Inside the post's transaction: the form still has the version the answers were checked against (a save
 * of the form waits for this lock, and a version saved meanwhile refuses the post rather than misfile it).
 */
export async function assertVersion(tx: Tx, answered: BoardAnswers, post?: PostRow | null): Promise<void> {
  if (post?.formId === answered.formId && post.formVersion === answered.version) return;
  const [form] = await tx.select({ version: forms.version }).from(forms).where(eq(forms.id, answered.formId))
    .for("share");
  if (!form || form.version !== answered.version) throw new HttpError(409, "programme.form.version_changed");
}

/** The stored answers as the flat `answers.…` names the write form shows (editing a post). */
export function answerValues(answers: Answers, prefix = PREFIX): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers)) {
    const name = `${prefix}${key}`;
    if (Array.isArray(value) && value.some((v) => v && typeof v === "object")) {
      // A repeated group's rows (files are not shown again in a file input).
      value.forEach((row, i) => {
        if (row && typeof row === "object" && !("size" in row)) Object.assign(out, answerValues(row, `${name}.${i}.`));
      });
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      Object.assign(out, answerValues(value as Answers, `${name}.`));
    } else if (value === true) out[name] = "on";
    else out[name] = typeof value === "number" ? String(value) : value;
  }
  return out;
}

/** Whether a form exists (management attaches only an existing one). */
export async function formExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: forms.id }).from(forms).where(eq(forms.id, id));
  return !!row;
}

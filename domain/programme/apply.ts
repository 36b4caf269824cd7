// Applying to a programme, support call or course with its form (issue 14 §2–§4, SPEC §7 POST
// /api/program/{id}): only while applications are open (else 403 programme.closed), only with a role the
// programme allows (403 programme.role), one live application per person (409), answers checked against
// the form's current version by the schema built from its tree (422 with field keys), files by their bytes
// before anything is stored. A course's place is decided under its row lock, so capacity is never
// exceeded however many enrol at once: the rest go to the waiting list in order. A paid course's place is
// held unpaid for a while and paid through the payment module (domain/programme/fees.ts).
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type ApplicationRow, applications, type ProgrammeRow, programmes } from "../../db/schema/programme.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Config } from "../../fresh.config.ts";
import { answerErrors, answerFileIds, type Answers, answerSchema, unflatten, withFiles } from "../form/answers.ts";
import { requireForm } from "../form/forms.ts";
import { type FileFacts, fileFields, type FormComponent } from "../form/model.ts";
import type { FileService } from "../file/files.ts";
import { type FileKind, type UploadRule, uploadRule } from "../file/rules.ts";
import { type CheckedUpload, checkUpload, uploadRefusal } from "../file/upload.ts";
import { queueMail } from "../mail/outbox.ts";
import { canApplyToProgramme, type Viewer } from "../member/permissions.ts";
import { promoteWaiting } from "./applications.ts";
import { holdsPlaceCondition, payDueOf } from "./fees.ts";
import { applicationMail } from "./mail.ts";
import { enrolmentStatus } from "./review.ts";
import { isApplicationOpen } from "./status.ts";

export interface ApplyContext {
  db: Db;
  files: FileService;
  config: Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">;
  viewer: Viewer;
}

/** Names a plain form sends besides the answers. */
const FORM_CONTROLS = new Set(["_token", "_method", "form_version"]);

/** SPEC §6 for programmes: the permissions module decides (canApplyToProgramme). */
export function canApplyTo(viewer: Viewer, programme: Pick<ProgrammeRow, "roles">): boolean {
  return canApplyToProgramme(viewer, programme.roles);
}

/** Refusals before any input is read: closed, wrong role, no form. */
export function assertMayApply(viewer: Viewer, programme: ProgrammeRow, now = new Date()): void {
  if (!isApplicationOpen(programme, now)) throw new HttpError(403, "programme.closed");
  if (!canApplyTo(viewer, programme)) throw new HttpError(403, "programme.role");
}

/** The upload rule of one file component: the application purpose narrowed to the component's limits. */
export function fileRule(c: FormComponent): UploadRule {
  const base = uploadRule("application_file");
  return {
    ...base,
    kinds: (c.accept ?? ["pdf", "jpeg", "png"]) as FileKind[],
    maxBytes: Math.min(c.maxBytes ?? 10 * 1024 * 1024, base.maxBytes),
    maxFiles: Math.min(c.maxFiles ?? 1, base.maxFiles),
  };
}

export interface Submission {
  body: Record<string, unknown>;
  files: Record<string, File[]>;
}

/**
 * Checks the answers and files against the tree; nothing is stored. Refused with 422 and field keys. A file
 * field's answer comes only from the files sent (or `kept`: files an earlier answer already holds): file
 * facts written into the body (a JSON `[{ id }]`) are dropped, so no one makes an answer hold another
 * person's file (which the answer's holder would then reach, zip or delete with their account).
 */
export async function checkSubmission(
  tree: FormComponent[],
  sent: Submission,
  kept: Record<string, FileFacts[]> = {},
): Promise<{ answers: Answers; uploads: Map<string, CheckedUpload[]> }> {
  const fields = Object.fromEntries(Object.entries(sent.body).filter(([k]) => !FORM_CONTROLS.has(k)));
  const fileComponents = new Map(fileFields(tree).map((c) => [c.key, c]));
  for (const key of fileComponents.keys()) delete fields[key];
  const uploads = new Map<string, CheckedUpload[]>();
  const facts: Record<string, FileFacts[]> = {};
  for (const [key, list] of Object.entries(kept)) if (fileComponents.has(key)) facts[key] = list;
  for (const [key, list] of Object.entries(sent.files)) {
    const component = fileComponents.get(key);
    if (!component) {
      throw new HttpError(422, "error.validation", undefined, { fields: { [key]: ["programme.form.unknown_field"] } });
    }
    const rule = fileRule(component);
    if (list.length > rule.maxFiles) throw uploadRefusal(rule, key, "too_many");
    const checked: CheckedUpload[] = [];
    for (const file of list) checked.push(await checkUpload(rule, key, file));
    uploads.set(key, checked);
    facts[key] = checked.map((u) => ({ name: u.name, size: u.bytes.length, kind: u.kind }));
  }
  const result = answerSchema(tree).safeParse(withFiles(unflatten(fields), facts));
  if (!result.success) {
    throw new HttpError(422, "error.validation", undefined, { fields: answerErrors(result.error) });
  }
  return { answers: result.data, uploads };
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err, i = 0; e && typeof e === "object" && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
};

export async function applyToProgramme(
  ctx: ApplyContext,
  programme: ProgrammeRow,
  sent: Submission,
  now = new Date(),
): Promise<ApplicationRow> {
  assertMayApply(ctx.viewer, programme, now);
  if (!programme.formId) throw new HttpError(409, "programme.no_form");
  const { form, version } = await requireForm(ctx.db, programme.formId);
  // A plain form says which version it showed: answers of another version are refused, not misread.
  const shown = sent.body.form_version;
  if (shown !== undefined && String(shown) !== String(version.version)) {
    throw new HttpError(409, "programme.form.version_changed");
  }
  const [live] = await ctx.db.select({ id: applications.id }).from(applications).where(and(
    eq(applications.programmeId, programme.id),
    eq(applications.userId, ctx.viewer.id),
    inArray(applications.status, ["waiting", "received", "reviewing", "accepted", "rejected"]),
  ));
  if (live) throw new HttpError(409, "programme.already_applied");
  const { answers, uploads } = await checkSubmission(version.components, sent);

  try {
    return await ctx.db.transaction(async (tx) => {
      // The course's row lock orders simultaneous enrolments: each counts the places the earlier ones took.
      const [locked] = await tx.select().from(programmes).where(eq(programmes.id, programme.id)).for("update");
      let status: ApplicationRow["status"] = "received";
      if (locked.kind === "course") {
        // Lapsed unpaid holds are let go first, and the waiting list takes the places freed before a newcomer.
        await promoteWaiting(tx, ctx.config, locked, now);
        const [{ n }] = await tx.select({ n: count() }).from(applications)
          .where(and(eq(applications.programmeId, locked.id), holdsPlaceCondition(now)));
        status = enrolmentStatus(locked.capacity, n);
      }
      const fee = locked.kind === "course" ? locked.fee : 0;
      const stored: Answers = { ...answers };
      for (const [key, list] of uploads) {
        const saved: FileFacts[] = [];
        for (const upload of list) {
          const row = await ctx.files.save(upload, {
            purpose: "application_file",
            ownerId: ctx.viewer.id,
            access: "owner",
          }, tx);
          saved.push({ id: row.id, name: row.originalName, size: row.size, kind: upload.kind });
        }
        stored[key] = saved;
      }
      const [row] = await tx.insert(applications).values({
        programmeId: locked.id,
        userId: ctx.viewer.id,
        status,
        fee,
        payDue: payDueOf(fee, status, now),
        formId: form.id,
        formVersion: version.version,
        answers: stored,
        fileIds: answerFileIds(version.components, stored),
        createdAt: now,
        updatedAt: now,
      }).returning();
      const [user] = await tx.select().from(users).where(eq(users.id, ctx.viewer.id));
      if (user) await queueMail(tx, ctx.config, applicationMail(ctx.config, user, locked, row));
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, "programme.already_applied");
    throw err;
  }
}

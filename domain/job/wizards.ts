// The three wizards of the area (SPEC §2.5: job employer registration — company info, recruitment info,
// completion; job seeker registration — 2 steps; talent share registration — type, details, completion)
// on the draft kit (domain/common/drafts.ts): each input step is checked with its own schema and kept in
// the member's server draft (one `kind` per wizard); the last step checks everything again, stores the
// record, takes its uploads and drops the draft in one transaction. Shared by the plain forms and the
// islands; files sent with a plain multipart form go through the upload pipeline first (receiveUploads).
import { inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { files as fileRows } from "../../db/schema/file.ts";
import { HttpError } from "../../framework/errors.ts";
import { type Draft, type DraftKey, dropDraft, keptFields, readDraft, saveStep, writeDraft } from "../common/drafts.ts";
import { attachUploads } from "../file/attach.ts";
import type { FileService } from "../file/files.ts";
import type { FilePurpose } from "../file/rules.ts";
import { uploadRule } from "../file/rules.ts";
import { checkUploads } from "../file/upload.ts";
import type { Viewer } from "../member/permissions.ts";
import { fieldErrors } from "../validation.ts";
import { assertCanPost, createPosting } from "./postings.ts";
import { assertCanWriteResume, ownResume, saveResume } from "./resumes.ts";
import {
  POSTING_DRAFT_FIELDS,
  POSTING_STEPS,
  type PostingInput,
  RESUME_DRAFT_FIELDS,
  RESUME_STEPS,
  type ResumeInput,
  SHARE_DRAFT_FIELDS,
  SHARE_STEPS,
  type ShareInput,
} from "./schema.ts";
import { assertCanRegister, createShare } from "../share/shares.ts";

/** A file field of a wizard: the form's input name, the draft's field, its upload purpose. */
export interface UploadField {
  input: string;
  field: string;
  purpose: FilePurpose;
  many?: boolean;
}

export interface WizardSpec {
  kind: string;
  /** The input steps' schemas by step number; the step after the last input step stores the record. */
  steps: Record<number, z.ZodType>;
  /** Steps shown, the last being the completion (stores). */
  count: number;
  fields: ReadonlySet<string>;
  uploads: UploadField[];
  assert(viewer: Viewer): void;
  /** Stores the record from the whole draft (checked again); answers its id. */
  finish(tx: Tx, viewer: Viewer, data: Record<string, unknown>, now: Date): Promise<number>;
}

const keyOf = (spec: WizardSpec, viewer: Viewer): DraftKey => ({ userId: viewer.id, kind: spec.kind, ref: 0 });

function check<T>(schema: z.ZodType<T>, step: number, data: Record<string, unknown>): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new HttpError(422, "error.validation", "Validation failed", { fields: fieldErrors(result.error), step });
  }
  return result.data;
}

/** Every input step again over the whole draft (422 naming the first step in error). */
function checkAll<T>(spec: WizardSpec, data: Record<string, unknown>): T {
  let merged = {};
  for (const [n, schema] of Object.entries(spec.steps)) {
    merged = { ...merged, ...(check(schema, Number(n), data) as Record<string, unknown>) };
  }
  return merged as T;
}

export async function openWizard(db: Db, spec: WizardSpec, viewer: Viewer): Promise<Draft> {
  spec.assert(viewer);
  return (await readDraft(db, keyOf(spec, viewer))) ?? { data: {}, step: 1 };
}

/** A finished input step: checked, kept, and the draft moved on to the next step. */
export async function saveWizardStep(
  db: Db,
  spec: WizardSpec,
  viewer: Viewer,
  step: number,
  body: Record<string, unknown>,
): Promise<Draft> {
  spec.assert(viewer);
  const schema = spec.steps[step];
  if (!schema) throw new HttpError(400, "error.400");
  const fields = keptFields(body, spec.fields);
  check(schema, step, fields);
  return await saveStep(db, keyOf(spec, viewer), fields, step + 1);
}

/** Back: what is typed is kept unchecked and the wizard shows the previous step. */
export async function wizardBack(
  db: Db,
  spec: WizardSpec,
  viewer: Viewer,
  step: number,
  body: Record<string, unknown>,
): Promise<Draft> {
  spec.assert(viewer);
  return await saveStep(db, keyOf(spec, viewer), keptFields(body, spec.fields), Math.max(1, step - 1));
}

/** Opens an earlier step of the draft (never a later one than reached). */
export async function showWizardStep(db: Db, spec: WizardSpec, viewer: Viewer, step: number): Promise<Draft> {
  const draft = await openWizard(db, spec, viewer);
  if (step >= 1 && step < draft.step) {
    const moved = { ...draft, step };
    await writeDraft(db, keyOf(spec, viewer), moved);
    return moved;
  }
  return draft;
}

/** The last step: the whole draft (with this step's fields) checked, stored, the draft dropped — one transaction. */
export async function finishWizard(
  db: Db,
  spec: WizardSpec,
  viewer: Viewer,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<number> {
  spec.assert(viewer);
  return await db.transaction(async (tx) => {
    const draft = await readDraft(tx, keyOf(spec, viewer));
    const data = { ...(draft?.data ?? {}), ...keptFields(body, spec.fields) };
    const id = await spec.finish(tx, viewer, data, now);
    await dropDraft(tx, keyOf(spec, viewer));
    return id;
  });
}

/**
 * Files a plain multipart form sent: checked by their purpose's rule, stored as the member's unattached
 * uploads, their ids put in the body in place of the files (kept ids of a `many` field stay).
 */
export async function receiveUploads(
  store: FileService,
  spec: WizardSpec,
  viewer: Viewer,
  body: Record<string, unknown>,
  sent: Record<string, File[]>,
): Promise<Record<string, unknown>> {
  const next = { ...body };
  for (const u of spec.uploads) {
    const list = sent[u.input] ?? [];
    if (!list.length) continue;
    const rule = uploadRule(u.purpose);
    const kept = u.many ? [body[u.field] ?? []].flat().filter((v) => v !== "" && v !== undefined) : [];
    if (kept.length + list.length > rule.maxFiles) {
      throw new HttpError(422, "file.too_many", undefined, { fields: { [u.field]: ["file.too_many"] } });
    }
    const ids: number[] = [];
    for (const file of await checkUploads(rule, u.field, list)) {
      ids.push(
        (await store.save(file, { purpose: u.purpose, ownerId: viewer.id, access: "owner", attached: false })).id,
      );
    }
    next[u.field] = u.many ? [...kept, ...ids] : ids[0];
  }
  return next;
}

/** Each id must be the member's own upload of the purpose (no borrowing another member's file). */
export async function assertOwnUploads(tx: Tx, viewer: Viewer, ids: number[], purpose: FilePurpose, field: string) {
  if (!ids.length) return;
  const rows = await tx.select({ id: fileRows.id, ownerId: fileRows.ownerId, purpose: fileRows.purpose })
    .from(fileRows).where(inArray(fileRows.id, ids));
  const ok = ids.every((id) => rows.some((r) => r.id === id && r.ownerId === viewer.id && r.purpose === purpose));
  if (!ok) {
    throw new HttpError(422, "error.validation", "Validation failed", { fields: { [field]: ["file.not_found"] } });
  }
}

export const EMPLOYER_WIZARD: WizardSpec = {
  kind: "job_employ",
  steps: POSTING_STEPS,
  count: 3,
  fields: POSTING_DRAFT_FIELDS,
  uploads: [{ input: "logo", field: "logo_id", purpose: "job_logo" }],
  assert: assertCanPost,
  async finish(tx, viewer, data, now) {
    const v = checkAll<PostingInput>(this, data);
    if (v.logo_id) {
      await assertOwnUploads(tx, viewer, [v.logo_id], "job_logo", "logo_id");
      await attachUploads(tx, [v.logo_id], { access: "public" }, now);
    }
    return (await createPosting(tx, viewer, v, now)).id;
  },
};

export const SEEKER_WIZARD: WizardSpec = {
  kind: "job_seeker",
  steps: RESUME_STEPS,
  count: 2,
  fields: RESUME_DRAFT_FIELDS,
  uploads: [{ input: "photo", field: "photo_id", purpose: "resume_photo" }],
  assert: assertCanWriteResume,
  async finish(tx, viewer, data, now) {
    const v = checkAll<ResumeInput>(this, data);
    if (v.photo_id) {
      await assertOwnUploads(tx, viewer, [v.photo_id], "resume_photo", "photo_id");
      // Attached, still the owner's: companies see it through the resume's own check (/job/search/{id}/photo).
      await tx.update(fileRows).set({ attachedAt: sql`coalesce(${fileRows.attachedAt}, now())` })
        .where(inArray(fileRows.id, [v.photo_id]));
    }
    return (await saveResume(tx, viewer, v, now)).id;
  },
};

export const SHARE_WIZARD: WizardSpec = {
  kind: "share",
  steps: SHARE_STEPS,
  count: 3,
  fields: SHARE_DRAFT_FIELDS,
  uploads: [{ input: "images", field: "image_ids", purpose: "share_image", many: true }],
  assert: assertCanRegister,
  async finish(tx, viewer, data) {
    const v = checkAll<ShareInput>(this, data);
    return (await createShare(tx, viewer, v)).id;
  },
};

/** The member's resume as the seeker wizard's draft when they have no draft (editing what is stored). */
export async function resumeAsDraft(db: Db, viewer: Viewer): Promise<Draft> {
  const draft = await openWizard(db, SEEKER_WIZARD, viewer);
  if (Object.keys(draft.data).length) return draft;
  const own = await ownResume(db, viewer);
  if (!own) return draft;
  return {
    step: 1,
    data: {
      title: own.title,
      title_en: own.titleEn,
      gender: own.gender,
      occupation: own.occupation,
      region: own.region,
      career: own.career,
      education: own.education,
      employ_type: own.employType,
      photo_id: own.photoId ?? undefined,
      portfolio_url: own.portfolioUrl,
      introduction: own.introduction,
      introduction_en: own.introductionEn,
      desired_pay: own.desiredPay,
      desired_pay_type: own.desiredPayType,
      looking: own.status === "looking",
    },
  };
}

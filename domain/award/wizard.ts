// The entry wizard on the server (SPEC §2.5: 1 entrant info, 2 upload work, 3 submission info and
// confirmation, 4 completion), shared by the island's JSON calls and the no-JavaScript forms: each step
// is checked with its own schema and kept in the member's draft; the last one checks the whole entry
// and submits (or saves the edited entry) through entries.ts. Files sent with the plain form's step 2
// go through the upload pipeline like the island's uploads.
import type { Db } from "../../db/client.ts";
import { type AwardRow, type EntryRow } from "../../db/schema/award.ts";
import { type Draft, type DraftKey, dropDraft, keptFields, readDraft, writeDraft } from "../common/drafts.ts";
import { HttpError } from "../../framework/errors.ts";
import type { FileService } from "../file/files.ts";
import { uploadRule } from "../file/rules.ts";
import { checkUploads } from "../file/upload.ts";
import type { Viewer } from "../member/permissions.ts";
import { parseOrThrow } from "../validation.ts";
import { assertCanChangeEntry, assertCanSubmit } from "./entry-rules.ts";
import { ENTRY_STEPS, EntryInput, type EntryStep } from "./entry-schema.ts";
import {
  editEntry,
  ENTRY_FILE_FIELDS,
  type EntryFileField,
  entryInputOf,
  findAward,
  memberEntry,
  submitEntry,
} from "./entries.ts";

export type { Draft };

export interface WizardContext {
  award: AwardRow;
  /** The entry being edited; null for a new one. */
  entry: EntryRow | null;
  draft: Draft;
}

/** Keeps only what the wizard's schemas read (a draft is bounded like any other input). */
const DRAFT_FIELDS = new Set([
  ...Object.keys(ENTRY_STEPS[1].shape),
  ...Object.keys(ENTRY_STEPS[2].shape),
  ...Object.keys(ENTRY_STEPS[3].shape),
]);

export function draftData(body: Record<string, unknown>): Record<string, unknown> {
  return keptFields(body, DRAFT_FIELDS);
}

/** The draft of a new entry belongs to the award it enters; an edit's draft to the entry it edits. */
function draftKey(userId: number, awardId: number, entryId: number | null | undefined): DraftKey {
  return entryId ? { userId, kind: "award_entry_edit", ref: entryId } : { userId, kind: "award_entry", ref: awardId };
}

/**
 * Who may open the wizard for this award (or this entry), and what they typed so far. A new entry needs
 * the submit rules; an edit needs the entry's own rules (owner, open submission, not yet judged).
 */
export async function openWizard(
  db: Db,
  viewer: Viewer,
  awardId: number,
  entryId: number | null,
  now = new Date(),
): Promise<WizardContext> {
  const award = await findAward(db, awardId);
  let entry: EntryRow | null = null;
  if (entryId) {
    entry = await memberEntry(db, viewer, entryId);
    if (entry.awardId !== award.id) throw new HttpError(404, "award.entry_not_found");
    assertCanChangeEntry(viewer, entry, award, "edit", now);
  } else assertCanSubmit(viewer, award, now);
  const saved = await readDraft(db, draftKey(viewer.id, award.id, entryId));
  const start = entry
    ? { data: { ...entryInputOf(entry) } as Record<string, unknown>, step: 1 }
    : { data: {}, step: 1 };
  return { award, entry, draft: saved ?? start };
}

/** Files the plain form sent with step 2, per field (`thumbnail_file`, `detail_file`, …). */
export const UPLOAD_FIELDS: Record<EntryFileField, string> = {
  thumbnail_id: "thumbnail_file",
  preview_id: "preview_file",
  detail_ids: "detail_file",
  reference_id: "reference_file",
  attachment_ids: "attachment_file",
};

/** Stores the files a plain step-2 form carried and answers the fields with their new ids. */
export async function receiveStepFiles(
  files: FileService,
  viewer: Viewer,
  body: Record<string, unknown>,
  sent: Record<string, File[]>,
): Promise<Record<string, unknown>> {
  const next = { ...body };
  for (const [field, upload] of Object.entries(UPLOAD_FIELDS) as [EntryFileField, string][]) {
    const list = sent[upload] ?? [];
    if (list.length === 0) continue;
    const purpose = ENTRY_FILE_FIELDS[field];
    const rule = uploadRule(purpose);
    const checked = await checkUploads(rule, field, list);
    const ids: number[] = [];
    for (const file of checked) {
      // A draft's upload is its owner's alone until the entry is submitted (entries.ts attaches it).
      ids.push((await files.save(file, { purpose, ownerId: viewer.id, access: "owner", attached: false })).id);
    }
    const single = !field.endsWith("_ids");
    const kept = single ? [] : [body[field] ?? []].flat().filter((v) => v !== "");
    next[field] = single ? ids[0] : [...kept, ...ids];
  }
  return next;
}

/** Checks one step, keeps it in the draft, and answers the draft with the next step. */
export async function saveStep(
  db: Db,
  viewer: Viewer,
  context: WizardContext,
  step: EntryStep,
  body: Record<string, unknown>,
): Promise<Draft> {
  // The step is checked with what the draft already holds (files attached in an earlier round, say).
  const data = { ...context.draft.data, ...draftData(body) };
  parseOrThrow(ENTRY_STEPS[step], data);
  const draft = { data, step: Math.min(3, step + 1) };
  await writeDraft(db, draftKey(viewer.id, context.award.id, context.entry?.id), draft);
  return draft;
}

/** Keeps what was typed without checking it, and shows `step` next (back, or the same after an upload). */
export async function keepDraft(
  db: Db,
  viewer: Viewer,
  context: WizardContext,
  step: number,
  body: Record<string, unknown>,
): Promise<Draft> {
  const draft = { data: { ...context.draft.data, ...draftData(body) }, step: Math.min(3, Math.max(1, step)) };
  await writeDraft(db, draftKey(viewer.id, context.award.id, context.entry?.id), draft);
  return draft;
}

/** Step 3: the whole entry is checked again and submitted (or saved), and the draft is gone. */
export async function finishWizard(
  db: Db,
  viewer: Viewer,
  context: WizardContext,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<EntryRow> {
  const data = { ...context.draft.data, ...draftData(body), award_id: context.award.id };
  const input = parseOrThrow(EntryInput, data);
  const entry = context.entry
    ? await editEntry(db, viewer, context.entry.id, input, now)
    : await submitEntry(db, viewer, input, now);
  await dropDraft(db, draftKey(viewer.id, context.award.id, context.entry?.id));
  return entry;
}

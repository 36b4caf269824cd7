// Entering a contest (SPEC §2.5 contest entry: upload, completion; issue 12 §4): members enter an ongoing,
// approved contest they may enter (SPEC §6 member type), with the contest file rules of the files area
// (images ≤ 10 MB each, ≤ 5, 300 dpi or 72 for web/app fields; thumbnail 640×640 JPG; ≤ 5 attachments;
// reference ≤ 3 MB). Files sent with the plain form are checked and stored private, kept in the member's
// draft between tries, and attached when the entry is stored. The entry may be edited or withdrawn until
// close_at. The host hears of new entries in a daily digest (digest.ts).
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { contestEntries, type ContestEntryRow, type ContestRow, contests } from "../../db/schema/contest.ts";
import { files as fileRows } from "../../db/schema/file.ts";
import { HttpError } from "../../framework/errors.ts";
import { type Draft, type DraftKey, dropDraft, keptFields, readDraft, writeDraft } from "../common/drafts.ts";
import { attachUploads } from "../file/attach.ts";
import type { FileService } from "../file/files.ts";
import { type FilePurpose, uploadRule } from "../file/rules.ts";
import { checkUploads } from "../file/upload.ts";
import type { Viewer } from "../member/permissions.ts";
import { parseOrThrow } from "../validation.ts";
import { WEB_FIELDS } from "./options.ts";
import { assertCanEnter, entryMachine } from "./rules.ts";
import { EntryInput } from "./schema.ts";

export const ENTRY_KIND = "contest_entry";

/** Each file field of the entry, its upload purpose and the plain form's file input. */
export const ENTRY_FILES = {
  image_ids: { purpose: "contest_image", input: "image_file", many: true },
  thumbnail_id: { purpose: "contest_thumbnail", input: "thumbnail_file", many: false },
  reference_id: { purpose: "contest_reference", input: "reference_file", many: false },
  attachment_ids: { purpose: "contest_attachment", input: "attachment_file", many: true },
} as const satisfies Record<string, { purpose: FilePurpose; input: string; many: boolean }>;
type FileField = keyof typeof ENTRY_FILES;

const DRAFT_FIELDS = new Set(["title", "description", ...Object.keys(ENTRY_FILES)]);

const keyOf = (viewer: Viewer, contestId: number): DraftKey => ({
  userId: viewer.id,
  kind: ENTRY_KIND,
  ref: contestId,
});

export interface EntryContext {
  contest: ContestRow;
  /** The member's live entry (an edit), or null (a new entry). */
  entry: ContestEntryRow | null;
  draft: Draft;
}

async function approvedContest(db: Tx, id: number, lock = false): Promise<ContestRow> {
  const query = db.select().from(contests).where(and(eq(contests.id, id), eq(contests.approval, "approved")));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new HttpError(404, "contest.not_found");
  return row;
}

export async function liveEntryOf(db: Tx, viewer: Viewer, contestId: number): Promise<ContestEntryRow | null> {
  const [row] = await db.select().from(contestEntries).where(and(
    eq(contestEntries.contestId, contestId),
    eq(contestEntries.userId, viewer.id),
    eq(contestEntries.status, "submitted"),
  ));
  return row ?? null;
}

function entryData(entry: ContestEntryRow): Record<string, unknown> {
  return {
    title: entry.title,
    description: entry.description,
    image_ids: entry.imageIds,
    thumbnail_id: entry.thumbnailId ?? "",
    reference_id: entry.referenceId ?? "",
    attachment_ids: entry.attachmentIds,
  };
}

/** Who may open the entry wizard now (SPEC §6, §8), with the draft or the entry being edited. */
export async function openEntry(db: Db, viewer: Viewer, contestId: number, now: Date): Promise<EntryContext> {
  const contest = await approvedContest(db, contestId);
  assertCanEnter(viewer, contest, now);
  const entry = await liveEntryOf(db, viewer, contest.id);
  const saved = await readDraft(db, keyOf(viewer, contest.id));
  return { contest, entry, draft: saved ?? { data: entry ? entryData(entry) : {}, step: 1 } };
}

/** Stores the files the plain form carried (checked by their purpose's rule) and answers the fields with ids. */
export async function receiveEntryFiles(
  files: FileService,
  viewer: Viewer,
  contest: ContestRow,
  body: Record<string, unknown>,
  sent: Record<string, File[]>,
): Promise<Record<string, unknown>> {
  const next = { ...body };
  const forWeb = WEB_FIELDS.includes(contest.field);
  for (const [field, spec] of Object.entries(ENTRY_FILES) as [FileField, (typeof ENTRY_FILES)[FileField]][]) {
    const list = sent[spec.input] ?? [];
    if (list.length === 0) continue;
    const kept = spec.many ? [body[field] ?? []].flat().filter((v) => v !== "" && v !== undefined) : [];
    const rule = uploadRule(spec.purpose);
    // The count rule holds for what is kept and what is added together.
    if (kept.length + list.length > rule.maxFiles) {
      throw new HttpError(422, "file.too_many", undefined, { fields: { [field]: ["file.too_many"] } });
    }
    const checked = await checkUploads(rule, field, list, { forWeb });
    const ids: number[] = [];
    for (const file of checked) {
      ids.push(
        (await files.save(file, { purpose: spec.purpose, ownerId: viewer.id, access: "owner", attached: false })).id,
      );
    }
    next[field] = spec.many ? [...kept, ...ids] : ids[0];
  }
  return next;
}

/** Keeps what the member sent (files included) without checking it, so a refused try loses nothing. */
export async function keepEntryDraft(db: Db, viewer: Viewer, contestId: number, body: Record<string, unknown>) {
  const current = await readDraft(db, keyOf(viewer, contestId));
  await writeDraft(db, keyOf(viewer, contestId), {
    data: { ...(current?.data ?? {}), ...keptFields(body, DRAFT_FIELDS) },
    step: 1,
  });
}

/** Every file id of an entry must be the member's own upload of the field's purpose (no borrowing). */
async function assertOwnFiles(tx: Tx, viewer: Viewer, input: EntryInput): Promise<void> {
  const wanted: [number, FilePurpose][] = [
    ...input.image_ids.map((id): [number, FilePurpose] => [id, "contest_image"]),
    [input.thumbnail_id, "contest_thumbnail"],
    ...(input.reference_id ? [[input.reference_id, "contest_reference"] as [number, FilePurpose]] : []),
    ...input.attachment_ids.map((id): [number, FilePurpose] => [id, "contest_attachment"]),
  ];
  const ids = wanted.map(([id]) => id);
  const rows = await tx.select({ id: fileRows.id, ownerId: fileRows.ownerId, purpose: fileRows.purpose })
    .from(fileRows).where(inArray(fileRows.id, ids));
  const ok = wanted.every(([id, purpose]) =>
    rows.some((r) => r.id === id && r.ownerId === viewer.id && r.purpose === purpose)
  );
  if (!ok || new Set(ids).size !== ids.length) throw new HttpError(422, "contest.no_files");
}

/**
 * Stores the entry (new, or the member's live entry changed) in one transaction holding the contest row:
 * entry rules again (ongoing, member type, not the host), files checked as the member's own, then attached
 * with their purpose's access; the draft is dropped.
 */
export async function saveEntry(
  db: Db,
  viewer: Viewer,
  contestId: number,
  body: Record<string, unknown>,
  now: Date,
): Promise<ContestEntryRow> {
  return await db.transaction(async (tx) => {
    const contest = await approvedContest(tx, contestId, true);
    assertCanEnter(viewer, contest, now);
    const draft = await readDraft(tx, keyOf(viewer, contest.id));
    const input = parseOrThrow(EntryInput, { ...(draft?.data ?? {}), ...keptFields(body, DRAFT_FIELDS) });
    await assertOwnFiles(tx, viewer, input);
    const values = {
      title: input.title,
      description: input.description,
      imageIds: input.image_ids,
      thumbnailId: input.thumbnail_id,
      referenceId: input.reference_id ?? null,
      attachmentIds: input.attachment_ids,
      updatedAt: now,
    };
    const existing = await liveEntryOf(tx, viewer, contest.id);
    const [entry] = existing
      ? await tx.update(contestEntries).set(values).where(eq(contestEntries.id, existing.id)).returning()
      : await tx.insert(contestEntries).values({ ...values, contestId: contest.id, userId: viewer.id }).returning();
    for (const [field, spec] of Object.entries(ENTRY_FILES) as [FileField, (typeof ENTRY_FILES)[FileField]][]) {
      const raw = input[field];
      const ids = (Array.isArray(raw) ? raw : raw ? [raw] : []) as number[];
      const access = uploadRule(spec.purpose).access;
      await attachUploads(tx, ids, { access: access === "owner" ? "judges" : access }, now);
    }
    await dropDraft(tx, keyOf(viewer, contest.id));
    return entry;
  });
}

/** Withdraws the member's live entry while entries are open (SPEC: edit or withdraw until close). */
export async function withdrawEntry(db: Db, viewer: Viewer, contestId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const contest = await approvedContest(tx, contestId, true);
    assertCanEnter(viewer, contest, now);
    const entry = await liveEntryOf(tx, viewer, contest.id);
    if (!entry) throw new HttpError(404, "contest.entry_not_found");
    const status = entryMachine.next("withdraw", entry.status);
    const rows = await tx.update(contestEntries).set({
      status,
      withdrawnAt: now,
      updatedAt: now,
      rank: null,
      place: null,
    })
      .where(and(eq(contestEntries.id, entry.id), entryMachine.fromCondition(contestEntries.status, "withdraw")))
      .returning({ id: contestEntries.id });
    if (!rows.length) throw new HttpError(409, "contest.wrong_status");
    await dropDraft(tx, keyOf(viewer, contest.id));
  });
}

// A member's own entries (SPEC §2.5 award entry, my page): submit, edit and cancel, with every rule of
// entry-rules.ts checked on the server inside one transaction (the member's row is locked so two
// simultaneous submissions cannot both pass the count), and the uploaded files checked to be the
// member's own, of the right purpose, before they are attached to the entry.
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type AwardRow, awards, entries, type EntryRow } from "../../db/schema/award.ts";
import { files } from "../../db/schema/file.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { ENTRY_FILE_FIELDS, type EntryFileField } from "./entry-files.ts";
import { attachUploads } from "../file/attach.ts";
import type { Viewer } from "../member/permissions.ts";
import {
  assertCanChangeEntry,
  assertCanSubmit,
  assertCategoryOffered,
  assertEntryCount,
  assertRgbImages,
  entryFee,
  initialEntryStatus,
} from "./entry-rules.ts";
import type { EntryInput } from "./entry-schema.ts";
import type { DesignCategory } from "./options.ts";

export { ENTRY_FILE_FIELDS, type EntryFileField };

export async function findAward(tx: Tx, id: number): Promise<AwardRow> {
  const [award] = await tx.select().from(awards).where(eq(awards.id, id));
  if (!award) throw new HttpError(404, "award.not_found");
  return award;
}

function fileIdsOf(input: Pick<EntryInput, EntryFileField>): { field: EntryFileField; id: number }[] {
  return (Object.keys(ENTRY_FILE_FIELDS) as EntryFileField[]).flatMap((field) => {
    const value = input[field];
    const ids = Array.isArray(value) ? value : value ? [value] : [];
    return ids.map((id) => ({ field, id }));
  });
}

/**
 * Every file the entry names must be the member's own upload for that field's purpose (another member's
 * file id, or a board photo passed off as a work image, is refused on its field), and its images RGB.
 */
export async function assertOwnFiles(tx: Tx, viewer: Viewer, input: Pick<EntryInput, EntryFileField>) {
  const named = fileIdsOf(input);
  if (named.length === 0) return;
  const rows = await tx.select().from(files).where(inArray(files.id, named.map((n) => n.id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fields: Record<string, string[]> = {};
  for (const { field, id } of named) {
    const file = byId.get(id);
    if (!file || file.ownerId !== viewer.id || file.purpose !== ENTRY_FILE_FIELDS[field]) {
      fields[field] = ["award.file_invalid"];
    }
  }
  if (Object.keys(fields).length) throw new HttpError(422, "award.file_invalid", undefined, { fields });
  assertRgbImages(rows.map((r) => r.colorSpace));
}

/** The entry's columns from the wizard's input (never fee, status or owner: the server sets those). */
function entryValues(input: EntryInput, now: Date) {
  return {
    exhibitorType: input.exhibitor_type,
    company: input.company,
    schoolType: input.school_type,
    department: input.department,
    designerName: input.designer.name,
    designerNameEn: input.designer.name_en,
    designerEmail: input.designer.email,
    designerPhone: input.designer.phone,
    designerAffiliation: input.designer.affiliation,
    subDesigners: input.sub_designers,
    category: input.category as DesignCategory,
    title: input.title,
    titleEn: input.title_en,
    description: input.description,
    workType: input.work_type,
    url: input.url,
    videoSeconds: input.video_seconds ?? null,
    thumbnailId: input.thumbnail_id ?? null,
    previewId: input.preview_id ?? null,
    detailIds: input.detail_ids,
    referenceId: input.reference_id ?? null,
    attachmentIds: input.attachment_ids,
    agreedRulesAt: now,
    declaredNotPrizedAt: now,
    marketAutoRegister: input.market_auto_register,
    commercialImage: input.commercial_image,
    updatedAt: now,
  };
}

/**
 * The entry's files belong to its award from now on: attached, and readable by the award's judges (all
 * entry purposes are `judges` files) while a submitted entry holds them.
 */
async function attachFiles(tx: Tx, awardId: number, input: Pick<EntryInput, EntryFileField>) {
  await attachUploads(tx, fileIdsOf(input).map((n) => n.id), { access: "judges", awardId });
}

/** The member's other live entries in this award, their row locked for the rest of the transaction. */
async function lockedEntries(tx: Tx, userId: number, awardId: number, except?: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const where = and(
    eq(entries.userId, userId),
    eq(entries.awardId, awardId),
    except ? ne(entries.id, except) : undefined,
  );
  return await tx.select({ status: entries.status, exhibitorType: entries.exhibitorType }).from(entries).where(where);
}

export async function submitEntry(db: Db, viewer: Viewer, input: EntryInput, now = new Date()): Promise<EntryRow> {
  return await db.transaction(async (tx) => {
    const award = await findAward(tx, input.award_id);
    assertCanSubmit(viewer, award, now);
    assertCategoryOffered(input.category, award.categories);
    assertEntryCount(await lockedEntries(tx, viewer.id, award.id), input.exhibitor_type);
    await assertOwnFiles(tx, viewer, input);
    const fee = entryFee(input.exhibitor_type);
    const [entry] = await tx.insert(entries).values({
      ...entryValues(input, now),
      awardId: award.id,
      userId: viewer.id,
      fee,
      status: initialEntryStatus(fee),
      submittedAt: now,
    }).returning();
    await attachFiles(tx, award.id, input);
    return entry;
  });
}

async function ownEntry(tx: Tx, viewer: Viewer, id: number): Promise<EntryRow | null> {
  const [entry] = await tx.select().from(entries).where(eq(entries.id, id)).for("update");
  return entry && entry.userId === viewer.id ? entry : null;
}

/**
 * Edits an entry while submission is open. A paid entry keeps its fee: it cannot move to another
 * exhibitor type with a different fee (that would need a refund or a second payment).
 */
export async function editEntry(
  db: Db,
  viewer: Viewer,
  id: number,
  input: EntryInput,
  now = new Date(),
): Promise<EntryRow> {
  return await db.transaction(async (tx) => {
    const entry = await ownEntry(tx, viewer, id);
    const award = entry ? await findAward(tx, entry.awardId) : null;
    assertCanChangeEntry(viewer, entry, award, "edit", now);
    if (!entry || !award || input.award_id !== award.id) throw new HttpError(404, "award.entry_not_found");
    assertCategoryOffered(input.category, award.categories);
    assertEntryCount(await lockedEntries(tx, viewer.id, award.id, entry.id), input.exhibitor_type);
    await assertOwnFiles(tx, viewer, input);
    const fee = entryFee(input.exhibitor_type);
    const paid = entry.status === "pay_complete";
    if (paid && fee !== entry.fee) throw new HttpError(409, "award.entry_locked");
    const [saved] = await tx.update(entries).set({
      ...entryValues(input, now),
      fee,
      status: paid ? entry.status : initialEntryStatus(fee),
    }).where(eq(entries.id, entry.id)).returning();
    await attachFiles(tx, award.id, input);
    return saved;
  });
}

export async function cancelEntry(db: Db, viewer: Viewer, id: number, now = new Date()): Promise<EntryRow> {
  return await db.transaction(async (tx) => {
    const entry = await ownEntry(tx, viewer, id);
    const award = entry ? await findAward(tx, entry.awardId) : null;
    assertCanChangeEntry(viewer, entry, award, "cancel", now);
    const [saved] = await tx.update(entries).set({ status: "cancel", cancelledAt: now, updatedAt: now })
      .where(eq(entries.id, id)).returning();
    return saved;
  });
}

/** One of the member's own entries (404 for anyone else's, so ids reveal nothing). */
export async function memberEntry(db: Db, viewer: Viewer, id: number): Promise<EntryRow> {
  const [entry] = await db.select().from(entries).where(and(eq(entries.id, id), eq(entries.userId, viewer.id)));
  if (!entry) throw new HttpError(404, "award.entry_not_found");
  return entry;
}

/** The wizard's input from a stored entry (for editing it). */
export function entryInputOf(entry: EntryRow): EntryInput {
  return {
    award_id: entry.awardId,
    exhibitor_type: entry.exhibitorType,
    company: entry.company,
    school_type: entry.schoolType as EntryInput["school_type"],
    department: entry.department,
    designer: {
      name: entry.designerName,
      name_en: entry.designerNameEn,
      email: entry.designerEmail,
      phone: entry.designerPhone,
      affiliation: entry.designerAffiliation,
    },
    sub_designers: entry.subDesigners,
    category: entry.category,
    title: entry.title,
    title_en: entry.titleEn,
    description: entry.description,
    work_type: entry.workType,
    url: entry.url,
    video_seconds: entry.videoSeconds ?? undefined,
    thumbnail_id: entry.thumbnailId ?? undefined,
    preview_id: entry.previewId ?? undefined,
    detail_ids: entry.detailIds,
    reference_id: entry.referenceId ?? undefined,
    attachment_ids: entry.attachmentIds,
    agree_rules: true,
    declare_not_prized: entry.declaredNotPrizedAt !== null,
    market_auto_register: entry.marketAutoRegister,
    commercial_image: entry.commercialImage,
  };
}

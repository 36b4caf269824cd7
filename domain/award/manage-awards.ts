// Awards as administrators manage them (SPEC §2.2 /management/award and /management/ibda, §3 Award, §6
// "awards that already have entries cannot be edited or deleted"): the family's list, create, edit and
// delete (award-rules.ts decides what entries forbid), the schedule typed as UTC+9 wall-clock times
// (phase.ts), the first and final pools, the categories offered, the poster and thumbnail through the
// files pipeline, and the judges shown on the public judges page.
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  AWARD_POOL_KINDS,
  awardEntryStats,
  type AwardJudgeRow,
  awardJudges,
  type AwardPoolKind,
  type AwardPoolRow,
  awardPools,
  type AwardRow,
  awards,
} from "../../db/schema/award.ts";
import { HttpError } from "../../framework/errors.ts";
import type { FileService } from "../file/files.ts";
import { type FilePurpose, requestLimit, uploadRule } from "../file/rules.ts";
import { type CheckedUpload, checkUpload, uploadRefusal } from "../file/upload.ts";
import type { Viewer } from "../member/permissions.ts";
import { normaliseSeal } from "../judging/seal.ts";
import { assertAwardDeletable, assertAwardEditable, changedRuleFields } from "./award-rules.ts";
import { type AwardFamily, DESIGN_CATEGORIES, type DesignCategory, isDesignCategory } from "./options.ts";
import { formatAwardDate, parseAwardDate } from "./phase.ts";

/** The family a management path belongs to: /management/ibda/…, /management/statistics/ibda (any locale). */
export function familyOfManagementPath(pathname: string): AwardFamily {
  return /^(?:\/en)?\/management\/(?:statistics\/)?ibda(?:[/.]|$)/.test(pathname) ? "ibda" : "award";
}

// ---------- The form ----------

/** The dates of the form, in the order the schedule runs (SPEC §3 Award). */
export const AWARD_DATE_FIELDS = [
  "submit_from",
  "submit_to",
  "audit_at",
  "pre_at",
  "off_to",
  "result_at",
  "display_from",
  "display_to",
  "close_at",
] as const;
export type AwardDateField = typeof AWARD_DATE_FIELDS[number];

const COLUMN_OF: Record<AwardDateField, keyof AwardRow> = {
  submit_from: "submitFrom",
  submit_to: "submitTo",
  audit_at: "auditAt",
  pre_at: "preAt",
  off_to: "offTo",
  result_at: "resultAt",
  display_from: "displayFrom",
  display_to: "displayTo",
  close_at: "closeAt",
};

export const AWARD_TEXT_FIELDS = ["host", "sponsor", "subject", "place"] as const;

const blank = (v: unknown) => (v === undefined || v === null ? "" : v);
const text = (max: number) =>
  z.preprocess(
    blank,
    z.string().trim().max(max, "awardAdmin.error.too_long").transform((s) => s.replace(/\r\n/g, "\n")),
  );
const required = (max: number) => text(max).refine((s) => s.length > 0, "awardAdmin.error.required");
/** A UTC+9 wall-clock text ('2026-05-31 18:00' or a datetime-local value) as an instant; blank is null. */
const wallClock = z.preprocess(blank, z.string().trim().max(30, "awardAdmin.error.date_invalid")).transform(
  (v, ctx) => {
    if (!v) return null;
    const date = parseAwardDate(v);
    if (!date) {
      ctx.addIssue({ code: "custom", message: "awardAdmin.error.date_invalid" });
      return z.NEVER;
    }
    return date;
  },
);
const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean());
const categoryList = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().refine(isDesignCategory, "award.category_invalid")).max(DESIGN_CATEGORIES.length),
).transform((list) => [...new Set(list as DesignCategory[])].sort((a, b) => a - b));

const poolFields = {
  pool_first_start: wallClock,
  pool_first_finish: wallClock,
  pool_final_start: wallClock,
  pool_final_finish: wallClock,
};

/** Dates that must not run backwards: [earlier, later]. Missing dates are not compared. */
const DATE_ORDER: [string, string][] = [
  ["submit_from", "submit_to"],
  ["submit_to", "audit_at"],
  ["audit_at", "pre_at"],
  ["pre_at", "off_to"],
  ["off_to", "result_at"],
  ["display_from", "display_to"],
  ["pool_first_start", "pool_first_finish"],
  ["pool_final_start", "pool_final_finish"],
];

/** One payload for create and edit: every text, date, pool, category and the auditable flag. */
export const AwardInput = z.object({
  year: z.coerce.number({ message: "awardAdmin.error.year" }).int("awardAdmin.error.year")
    .min(1900, "awardAdmin.error.year").max(2999, "awardAdmin.error.year"),
  title: required(200),
  title_en: text(200),
  host: text(200),
  host_en: text(200),
  sponsor: text(300),
  sponsor_en: text(300),
  subject: text(300),
  subject_en: text(300),
  place: text(300),
  place_en: text(300),
  description: text(5000),
  description_en: text(5000),
  ...Object.fromEntries(AWARD_DATE_FIELDS.map((f) => [f, wallClock])) as Record<AwardDateField, typeof wallClock>,
  ...poolFields,
  auditable: checkbox,
  categories: categoryList,
}).superRefine((input, ctx) => {
  const dates = input as unknown as Record<string, Date | null>;
  for (const [from, to] of DATE_ORDER) {
    const a = dates[from], b = dates[to];
    if (a && b && a.getTime() > b.getTime()) {
      ctx.addIssue({ code: "custom", path: [to], message: "awardAdmin.error.date_order" });
    }
  }
});
export type AwardInput = z.infer<typeof AwardInput>;

function awardValues(family: AwardFamily, input: AwardInput) {
  const dates = Object.fromEntries(AWARD_DATE_FIELDS.map((f) => [COLUMN_OF[f], input[f]])) as Partial<AwardRow>;
  return {
    family,
    year: input.year,
    title: input.title,
    titleEn: input.title_en,
    host: input.host,
    hostEn: input.host_en,
    sponsor: input.sponsor,
    sponsorEn: input.sponsor_en,
    subject: input.subject,
    subjectEn: input.subject_en,
    place: input.place,
    placeEn: input.place_en,
    description: input.description,
    descriptionEn: input.description_en,
    ...dates,
    auditable: input.auditable,
    categories: input.categories,
  };
}

/** The form's values for an award (dates as datetime-local values in UTC+9). */
export function awardFormValues(award: AwardRow | null, pools: AwardPoolRow[] = []): Record<string, string | string[]> {
  const local = (d: Date | null | undefined) => (d ? formatAwardDate(d).replace(" ", "T") : "");
  if (!award) return { year: String(new Date().getFullYear()), categories: DESIGN_CATEGORIES.map(String) };
  const values: Record<string, string | string[]> = {
    year: String(award.year),
    title: award.title,
    title_en: award.titleEn,
    host: award.host,
    host_en: award.hostEn,
    sponsor: award.sponsor,
    sponsor_en: award.sponsorEn,
    subject: award.subject,
    subject_en: award.subjectEn,
    place: award.place,
    place_en: award.placeEn,
    description: award.description,
    description_en: award.descriptionEn,
    auditable: award.auditable ? "on" : "",
    categories: award.categories.map(String),
  };
  for (const f of AWARD_DATE_FIELDS) values[f] = local(award[COLUMN_OF[f]] as Date | null);
  for (const kind of AWARD_POOL_KINDS) {
    const pool = pools.find((p) => p.kind === kind);
    values[`pool_${kind}_start`] = local(pool?.startAt);
    values[`pool_${kind}_finish`] = local(pool?.finishAt);
  }
  return values;
}

// ---------- Reading ----------

export interface ManagedAward {
  award: AwardRow;
  entryCount: number;
}

/** The family's awards, newest year first, each with its number of entries. */
export async function familyAwards(db: Tx, family: AwardFamily): Promise<ManagedAward[]> {
  // Entry counts from the trigger-kept summary (migration 0012), not by counting every entry (issue 22).
  const rows = await db.select({ award: awards, entryCount: entryCountSql }).from(awards)
    .where(eq(awards.family, family))
    .orderBy(desc(awards.year), desc(awards.id));
  return rows.map((r) => ({ ...r, entryCount: Number(r.entryCount) }));
}

export interface AwardDetail extends ManagedAward {
  pools: AwardPoolRow[];
  judges: AwardJudgeRow[];
}

/** Every entry of the award (any status), from award_entry_stats: exact, kept in each change's transaction. */
const entryCountSql = sql<number>`(select coalesce(sum(${awardEntryStats.entries}), 0)::int
  from ${awardEntryStats} where ${awardEntryStats.awardId} = ${awards.id})`;

const entryCountOf = async (tx: Tx, awardId: number) =>
  Number(
    (await tx.select({ n: sql<number>`coalesce(sum(${awardEntryStats.entries}), 0)::int` }).from(awardEntryStats)
      .where(eq(awardEntryStats.awardId, awardId)))[0].n,
  );

/** One award of the family with its pools, judges and entry count; 404 award.not_found otherwise. */
export async function managedAward(db: Tx, family: AwardFamily, id: number): Promise<AwardDetail> {
  const [award] = Number.isSafeInteger(id)
    ? await db.select().from(awards).where(and(eq(awards.id, id), eq(awards.family, family)))
    : [];
  if (!award) throw new HttpError(404, "award.not_found");
  const [pools, judges, entryCount] = await Promise.all([
    db.select().from(awardPools).where(eq(awardPools.awardId, id)).orderBy(asc(awardPools.id)),
    db.select().from(awardJudges).where(eq(awardJudges.awardId, id)).orderBy(
      asc(awardJudges.sort),
      asc(awardJudges.id),
    ),
    entryCountOf(db, id),
  ]);
  return { award, pools, judges, entryCount };
}

// ---------- Images ----------

export const AWARD_IMAGE_FIELDS = {
  poster: "award_poster",
  thumbnail: "award_thumbnail",
  seal: "award_seal",
} as const;
export type AwardImageField = keyof typeof AWARD_IMAGE_FIELDS;
const IMAGE_COLUMNS = { poster: "posterId", thumbnail: "thumbnailId", seal: "sealId" } as const;

/** The most an award form may carry: every image at its limit, plus the texts. */
export const AWARD_FORM_LIMIT = requestLimit(uploadRule("award_poster")) + requestLimit(uploadRule("award_thumbnail")) +
  requestLimit(uploadRule("award_seal"));

/**
 * The poster, thumbnail and certificate seal sent with the form, checked by their upload rules before
 * anything is changed (the seal made the small image certificates embed, domain/judging/seal.ts).
 */
export async function checkAwardImages(
  sent: Record<string, File[]>,
): Promise<Partial<Record<AwardImageField, CheckedUpload>>> {
  const checked: Partial<Record<AwardImageField, CheckedUpload>> = {};
  for (const [field, purpose] of Object.entries(AWARD_IMAGE_FIELDS) as [AwardImageField, FilePurpose][]) {
    const list = sent[field] ?? [];
    if (!list.length) continue;
    const rule = uploadRule(purpose);
    if (list.length > rule.maxFiles) throw uploadRefusal(rule, field, "too_many");
    const upload = await checkUpload(rule, field, list[0]);
    checked[field] = field === "seal" ? await normaliseSeal(upload, field) : upload;
  }
  return checked;
}

/** Stores the checked images for the award and drops the ones they replace. */
async function attachImages(
  db: Db,
  service: FileService,
  viewer: Viewer,
  award: AwardRow,
  images: Partial<Record<AwardImageField, CheckedUpload>>,
): Promise<void> {
  for (const [field, upload] of Object.entries(images) as [AwardImageField, CheckedUpload][]) {
    const purpose = AWARD_IMAGE_FIELDS[field];
    const saved = await service.save(upload, {
      purpose,
      ownerId: viewer.id || null,
      access: uploadRule(purpose).access,
      awardId: award.id,
    });
    const column = IMAGE_COLUMNS[field];
    const previous = award[column];
    await db.update(awards).set({ [column]: saved.id, updatedAt: new Date() }).where(eq(awards.id, award.id));
    award[column] = saved.id;
    if (previous) {
      const old = await service.find(previous);
      if (old) await service.remove(old);
    }
  }
}

// ---------- Writing ----------

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};
const yearTaken = () =>
  new HttpError(409, "awardAdmin.error.year_taken", undefined, { fields: { year: ["awardAdmin.error.year_taken"] } });

async function assertYearFree(tx: Tx, family: AwardFamily, year: number, except?: number) {
  const where = except
    ? and(eq(awards.family, family), eq(awards.year, year), ne(awards.id, except))
    : and(eq(awards.family, family), eq(awards.year, year));
  const [taken] = await tx.select({ id: awards.id }).from(awards).where(where).limit(1);
  if (taken) throw yearTaken();
}

async function savePools(tx: Tx, awardId: number, input: AwardInput) {
  for (const kind of AWARD_POOL_KINDS as readonly AwardPoolKind[]) {
    const startAt = input[`pool_${kind}_start`], finishAt = input[`pool_${kind}_finish`];
    await tx.insert(awardPools).values({ awardId, kind, startAt, finishAt })
      .onConflictDoUpdate({ target: [awardPools.awardId, awardPools.kind], set: { startAt, finishAt } });
  }
}

export interface AwardWriteDeps {
  db: Db;
  files: FileService;
  viewer: Viewer;
}

/** A new award of the family with its pools; the images follow once the row exists. */
export async function createAward(
  { db, files, viewer }: AwardWriteDeps,
  family: AwardFamily,
  input: AwardInput,
  images: Partial<Record<AwardImageField, CheckedUpload>> = {},
): Promise<AwardRow> {
  let award: AwardRow;
  try {
    award = await db.transaction(async (tx) => {
      await assertYearFree(tx, family, input.year);
      const [row] = await tx.insert(awards).values(awardValues(family, input)).returning();
      await savePools(tx, row.id, input);
      return row;
    });
  } catch (err) {
    throw isUniqueViolation(err) ? yearTaken() : err;
  }
  await attachImages(db, files, viewer, award, images);
  return award;
}

/**
 * Saves an edit. With entries, the rule fields (family, year, categories) stay as they are: changing one
 * is 409 award.has_entries (award-rules.ts); texts, schedule, pools, the auditable flag and the images
 * remain editable. The award row is locked so the entry count cannot change under the decision.
 */
export async function updateAward(
  { db, files, viewer }: AwardWriteDeps,
  family: AwardFamily,
  id: number,
  input: AwardInput,
  images: Partial<Record<AwardImageField, CheckedUpload>> = {},
): Promise<AwardRow> {
  let award: AwardRow;
  try {
    award = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(awards).where(and(eq(awards.id, id), eq(awards.family, family)))
        .for("update");
      if (!before) throw new HttpError(404, "award.not_found");
      const values = awardValues(family, input);
      const changed = changedRuleFields(before, values);
      assertAwardEditable(await entryCountOf(tx, id), changed);
      if (values.year !== before.year) await assertYearFree(tx, family, values.year, id);
      const [row] = await tx.update(awards).set({ ...values, updatedAt: new Date() }).where(eq(awards.id, id))
        .returning();
      await savePools(tx, id, input);
      return row;
    });
  } catch (err) {
    throw isUniqueViolation(err) ? yearTaken() : err;
  }
  await attachImages(db, files, viewer, award, images);
  return award;
}

/** Deletes an award without entries (409 award.has_entries otherwise), then its poster, thumbnail and seal. */
export async function deleteAward({ db, files }: AwardWriteDeps, family: AwardFamily, id: number): Promise<void> {
  let removed: AwardRow;
  try {
    removed = await db.transaction(async (tx) => {
      const [award] = await tx.select().from(awards).where(and(eq(awards.id, id), eq(awards.family, family)))
        .for("update");
      if (!award) throw new HttpError(404, "award.not_found");
      assertAwardDeletable(await entryCountOf(tx, id));
      await tx.delete(awards).where(eq(awards.id, id));
      return award;
    });
  } catch (err) {
    // An entry inserted in the meantime: the foreign key (on delete restrict) refuses the delete.
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === "23503" || e?.cause?.code === "23503") throw new HttpError(409, "award.has_entries");
    throw err;
  }
  for (const fileId of [removed.posterId, removed.thumbnailId, removed.sealId]) {
    const file = fileId ? await files.find(fileId) : null;
    if (file) await files.remove(file);
  }
}

// Entries as administrators manage them (SPEC §2.2, issue 5 part 7): the entries of one award of the
// family filtered by year, category, status and payment; the same rows as CSV (streamed, UTF-8 with a
// BOM so Excel reads Korean, formula injection defused); and the flags administrators set — display
// (exhibition), nominee and rank. Displaying an entry makes its images public; hiding it gives them back
// to the judges.
import { csvStream } from "../common/csv.ts";
import { and, asc, eq, exists, gt, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { type AwardRow, awards, entries, type EntryRow } from "../../db/schema/award.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import { users } from "../../db/schema/member.ts";
import { type PaymentRow, payments } from "../../db/schema/pay.ts";
import { HttpError } from "../../framework/errors.ts";
import type { FileAccess } from "../file/rules.ts";
import type { FileService } from "../file/files.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { SearchKeyword } from "../common/search.ts";
import { searchWhere } from "../common/search-sample.ts";
import { latestPayments, TARGET_AWARD_ENTRY } from "../pay/orders.ts";
import {
  AWARD_RANKS,
  type AwardFamily,
  type AwardRank,
  DESIGN_CATEGORIES,
  type DesignCategory,
  ENTRY_STATUSES,
  type EntryStatus,
} from "./options.ts";
import { nomineesPublished, resultsPublished } from "./publication.ts";

export const MANAGED_ENTRIES_PER_PAGE = 20;

/** How an entry's fee stands: free (individuals), unpaid, paid, or refunded by an administrator. */
export const PAYMENT_STATES = ["free", "unpaid", "paid", "refunded"] as const;
export type PaymentState = typeof PAYMENT_STATES[number];

/** Entry statuses that mean the fee has not been (or is no longer) paid. */
const UNPAID_STATUSES: EntryStatus[] = ["pay_incomplete", "cancel"];

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** The list's query: `year` picks the award (the family's newest when absent). */
export const EntryFilter = z.object({
  year: optional(z.coerce.number().int().min(1000).max(9999)),
  category: optional(
    z.coerce.number().int().refine(
      (c) => (DESIGN_CATEGORIES as readonly number[]).includes(c),
      "award.category_invalid",
    )
      .transform((c) => c as DesignCategory),
  ),
  status: optional(z.enum(ENTRY_STATUSES, { message: "awardAdmin.error.filter" })),
  payment: optional(z.enum(PAYMENT_STATES, { message: "awardAdmin.error.filter" })),
  q: SearchKeyword,
  page: optional(z.coerce.number().int().min(1).max(100_000)).transform((v) => v ?? 1),
});
export type EntryFilter = z.infer<typeof EntryFilter>;

/** The award a filter names: its year, else the family's newest; null when the family has none. */
export async function awardForYear(db: Tx, family: AwardFamily, year?: number): Promise<AwardRow | null> {
  const where = year ? and(eq(awards.family, family), eq(awards.year, year)) : eq(awards.family, family);
  const [row] = await db.select().from(awards).where(where).orderBy(sql`${awards.year} desc`, sql`${awards.id} desc`)
    .limit(1);
  return row ?? null;
}

const refundedPayment = () =>
  exists(
    sql`(select 1 from ${payments} where ${payments.targetType} = ${TARGET_AWARD_ENTRY}
      and ${payments.targetId} = ${entries.id} and ${payments.status} = 'cancelled')`,
  );

function paymentCondition(state: PaymentState): SQL {
  switch (state) {
    case "free":
      return eq(entries.fee, 0);
    case "paid":
      return and(gt(entries.fee, 0), notInArray(entries.status, UNPAID_STATUSES))!;
    case "unpaid":
      return and(gt(entries.fee, 0), eq(entries.status, "pay_incomplete"))!;
    case "refunded":
      return and(gt(entries.fee, 0), inArray(entries.status, UNPAID_STATUSES), refundedPayment())!;
  }
}

export async function entryCondition(
  db: Tx,
  awardId: number,
  filter: Omit<EntryFilter, "page" | "year">,
): Promise<SQL> {
  const where: SQL[] = [eq(entries.awardId, awardId)];
  if (filter.category) where.push(eq(entries.category, filter.category));
  if (filter.status) where.push(eq(entries.status, filter.status));
  if (filter.payment) where.push(paymentCondition(filter.payment));
  if (filter.q) where.push(await searchWhere(db, "entries", filter.q));
  return and(...where)!;
}

/** An entry's payment state, from its fee and status and (for refunds) its latest payment. */
export function paymentStateOf(entry: Pick<EntryRow, "fee" | "status">, latestStatus?: string): PaymentState {
  if (entry.fee <= 0) return "free";
  if (!UNPAID_STATUSES.includes(entry.status)) return "paid";
  return latestStatus === "cancelled" ? "refunded" : "unpaid";
}

export interface ManagedEntry {
  entry: EntryRow;
  username: string | null;
  payment: PaymentRow | null;
  paymentState: PaymentState;
}

async function withPayments(db: Tx, rows: { entry: EntryRow; username: string | null }[]): Promise<ManagedEntry[]> {
  const latest = await latestPayments(db, TARGET_AWARD_ENTRY, rows.map((r) => r.entry.id));
  return rows.map((r) => {
    const payment = latest.get(r.entry.id) ?? null;
    return { ...r, payment, paymentState: paymentStateOf(r.entry, payment?.status) };
  });
}

/** A page of the award's entries under the filter, oldest first (the order they came in). */
export async function listManagedEntries(
  db: Tx,
  award: AwardRow,
  filter: EntryFilter,
  urlOf: (page: number) => string,
  perPage = MANAGED_ENTRIES_PER_PAGE,
): Promise<Paginated<ManagedEntry>> {
  const condition = await entryCondition(db, award.id, filter);
  // The page in id order through entries_award_id_idx / entries_award_status_idx / entries_award_idx: its
  // ids first (entries_award_id_idx carries the search text, so walking it tests a keyword in the index
  // alone), then those entries whole; and a bounded count unless the first page holds them all (issue 22).
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: entries.id }).from(entries).where(condition).$dynamic(),
    filter.page,
    perPage,
    (page) =>
      db.select({ entry: entries, username: users.username }).from(entries)
        .leftJoin(users, eq(users.id, entries.userId))
        .where(inArray(
          entries.id,
          db.select({ id: entries.id }).from(entries).where(condition).orderBy(asc(entries.id))
            .limit(perPage).offset((page - 1) * perPage),
        )).orderBy(asc(entries.id)),
  );
  return paginated(await withPayments(db, rows), total, page, perPage, urlOf, estimated);
}

// ---------- CSV ----------

/** Entries per batch of the export (bigger than the kit's default: a row is small). */
const CSV_BATCH = 1000;

/**
 * The status of the entry's payment as latestPayments chooses it (the newest settled one, else the newest),
 * read per entry through payments_target_idx inside the batch's query: the export never scans payments.
 */
const latestPaymentStatus = sql<string | null>`(select p.status from ${payments} p
  where p.target_type = ${TARGET_AWARD_ENTRY} and p.target_id = ${entries.id}
  order by p.status = 'ready', p.created_at desc, p.id desc limit 1)`;

/** The entry columns an export writes: only these are read, so a batch makes little garbage (issue 22 §4). */
const CSV_ENTRY = {
  id: entries.id,
  category: entries.category,
  title: entries.title,
  titleEn: entries.titleEn,
  exhibitorType: entries.exhibitorType,
  designerName: entries.designerName,
  designerNameEn: entries.designerNameEn,
  designerAffiliation: entries.designerAffiliation,
  company: entries.company,
  designerEmail: entries.designerEmail,
  designerPhone: entries.designerPhone,
  status: entries.status,
  fee: entries.fee,
  rank: entries.rank,
  nominee: entries.nominee,
  display: entries.display,
  submittedAt: entries.submittedAt,
};
export type CsvEntry = Pick<EntryRow, keyof typeof CSV_ENTRY>;
export interface CsvEntryRow {
  entry: CsvEntry;
  username: string | null;
  paymentState: PaymentState;
}

/**
 * Every entry the filter selects as CSV, streamed in batches (keyset on id) so a large award is never
 * held in memory: the BOM, the header row, then one line per entry as `row` writes it. One statement per
 * batch reads just the exported columns and the latest payment's status: 1,000,000 rows grew the server's
 * heap by 122 MB when each batch read whole entry and payment rows.
 */
export function entriesCsv(
  db: Tx,
  award: AwardRow,
  filter: Omit<EntryFilter, "page" | "year">,
  header: string[],
  row: (entry: CsvEntryRow) => (string | number | boolean | null)[],
): ReadableStream<Uint8Array> {
  const condition = entryCondition(db, award.id, filter);
  condition.catch(() => {}); // a stream never read must not leave its failure unhandled; the first batch throws it
  const batch = async (after: number, limit: number): Promise<CsvEntryRow[]> => {
    const rows = await db.select({ entry: CSV_ENTRY, username: users.username, latest: latestPaymentStatus })
      .from(entries).leftJoin(users, eq(users.id, entries.userId))
      .where(and(await condition, gt(entries.id, after)))
      .orderBy(asc(entries.id)).limit(limit);
    return rows.map(({ entry, username, latest }) => ({
      entry,
      username,
      paymentState: paymentStateOf(entry, latest ?? undefined),
    }));
  };
  return csvStream(header, batch, (r) => r.entry.id, row, CSV_BATCH);
}

// ---------- Flags: display, nominee, rank ----------

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean());

export const EntryFlags = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  display: checkbox,
  nominee: checkbox,
  rank: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? null : v),
    z.enum(AWARD_RANKS, { message: "awardAdmin.error.rank" }).nullable(),
  ),
});
export type EntryFlags = z.infer<typeof EntryFlags>;

/** The image files of an entry (what the exhibition shows): thumbnail, preview and detail images. */
export const entryImageIds = (
  entry: Pick<EntryRow, "thumbnailId" | "previewId" | "detailIds">,
): number[] => [
  ...new Set([entry.thumbnailId, entry.previewId, ...entry.detailIds].filter((id): id is number => !!id)),
];

/**
 * Who may read an entry's images: everybody while the entry is displayed, or once the public may see it
 * as a winner or nominee; otherwise the judges (and its owner and the administrators).
 */
export function entryImageAccess(
  entry: { display: boolean; rank: AwardRank | null; nominee: boolean },
  award: AwardRow,
  now = new Date(),
): FileAccess {
  if (entry.display) return "public";
  const prize = entry.rank && entry.rank !== "nominee";
  if (prize && resultsPublished(award, now)) return "public";
  if ((entry.nominee || entry.rank === "nominee") && nomineesPublished(award, now)) return "public";
  return "judges";
}

/**
 * Saves the flags of one entry of the family and sets its images' access to match, in one transaction.
 * Files going back to the judges have their cached public copies dropped again after the commit, so no
 * instance keeps serving them.
 */
export async function setEntryFlags(
  db: Db,
  service: FileService,
  family: AwardFamily,
  flags: EntryFlags,
  now = new Date(),
): Promise<EntryRow> {
  const { entry, hidden } = await db.transaction(async (tx) => {
    const [found] = await tx.select({ entry: entries, award: awards }).from(entries)
      .innerJoin(awards, eq(awards.id, entries.awardId))
      .where(and(eq(entries.id, flags.id), eq(awards.family, family))).for("update", { of: entries });
    if (!found) throw new HttpError(404, "award.entry_not_found");
    const [entry] = await tx.update(entries).set({
      display: flags.display,
      nominee: flags.nominee,
      rank: flags.rank,
      updatedAt: now,
    }).where(eq(entries.id, flags.id)).returning();
    const access = entryImageAccess(entry, found.award, now);
    const ids = entryImageIds(entry);
    const images: FileRow[] = ids.length ? await tx.select().from(files).where(inArray(files.id, ids)) : [];
    const changed = images.filter((f) => f.access !== access);
    for (const file of changed) await service.setAccess(file, access, tx);
    return { entry, hidden: access === "public" ? [] : changed };
  });
  for (const file of hidden) await service.setAccess(file, file.access);
  return entry;
}

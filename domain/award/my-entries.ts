// My page's award and IBDA sections (SPEC §2.5, §7 GET /api/user/awards and /api/user/ibda): the member's
// entries of one family with their award, state, fee and last payment, and what they may do with each
// now (edit and cancel while submission is open, pay while the fee waits), decided by entry-rules.ts.
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { awards, entries } from "../../db/schema/award.ts";
import { payments } from "../../db/schema/pay.ts";
import { marketProducts } from "../../db/schema/market.ts";
import { fileUrl } from "../file/present.ts";
import { countOf, PageQuery, type Paginated, paginated } from "../common/list.ts";
import { parseQuery } from "../validation.ts";
import type { Viewer } from "../member/permissions.ts";
import { entryChangeRefusal, payRefusal } from "./entry-rules.ts";
import type { AwardFamily } from "./options.ts";
import { awardPhase } from "./phase.ts";
import { resultsPublished } from "./publication.ts";
import { entryStatusShown } from "../judging/decisions.ts";

export interface MyEntry {
  id: number;
  award: { id: number; year: number; title: string; title_en: string; phase: string };
  title: string;
  title_en: string;
  category: number;
  status: string;
  fee: number;
  payment: { status: string; amount: number; approved_at: string | null } | null;
  thumbnail: string | null;
  submitted_at: string | null;
  can: { edit: boolean; cancel: boolean; pay: boolean };
  /** The market product registered from the entry (SPEC §3 market auto-register flag, issue 18), if any. */
  market_product: { id: number; type: string; status: string } | null;
}

export async function myEntries(
  db: Db,
  viewer: Viewer,
  family: AwardFamily,
  page: number,
  perPage: number,
  urlOf: (page: number) => string,
  now = new Date(),
): Promise<Paginated<MyEntry>> {
  const where = and(eq(entries.userId, viewer.id), eq(awards.family, family));
  const [rows, { total, estimated }] = await Promise.all([
    db.select({ entry: entries, award: awards }).from(entries).innerJoin(awards, eq(awards.id, entries.awardId))
      .where(where).orderBy(desc(entries.id)).limit(perPage).offset((page - 1) * perPage),
    countOf(
      db,
      db.select({ id: entries.id }).from(entries).innerJoin(awards, eq(awards.id, entries.awardId)).where(where)
        .$dynamic(),
    ),
  ]);
  const ids = rows.map((r) => r.entry.id);
  const paid = ids.length
    ? await db.select().from(payments)
      .where(and(eq(payments.targetType, "award_entry"), inArray(payments.targetId, ids)))
      .orderBy(desc(payments.id))
    : [];
  const lastPayment = new Map<number, (typeof paid)[number]>();
  for (const p of paid) if (!lastPayment.has(p.targetId)) lastPayment.set(p.targetId, p);
  const products = rows.length
    ? await db.select({
      id: marketProducts.id,
      type: marketProducts.type,
      status: marketProducts.status,
      entryId: marketProducts.entryId,
    })
      .from(marketProducts).where(inArray(marketProducts.entryId, rows.map((r) => r.entry.id)))
    : [];
  const data = rows.map(({ entry, award }): MyEntry => {
    const payment = lastPayment.get(entry.id);
    return {
      id: entry.id,
      award: {
        id: award.id,
        year: award.year,
        title: award.title,
        title_en: award.titleEn,
        phase: awardPhase(award, now),
      },
      title: entry.title,
      title_en: entry.titleEn,
      category: entry.category,
      // Judging decisions show from the result date (issue 11): until then the entry is "under review".
      status: entryStatusShown(entry.status, resultsPublished(award, now)),
      fee: entry.fee,
      payment: payment
        ? { status: payment.status, amount: payment.amount, approved_at: payment.approvedAt?.toISOString() ?? null }
        : null,
      thumbnail: entry.thumbnailId ? fileUrl.variant(entry.thumbnailId, "external_thumbnail") : null,
      submitted_at: entry.submittedAt?.toISOString() ?? null,
      can: {
        edit: entryChangeRefusal(viewer, entry, award, "edit", now) === null,
        cancel: entryChangeRefusal(viewer, entry, award, "cancel", now) === null,
        pay: payRefusal(viewer, entry) === null,
      },
      market_product: products.find((p) => p.entryId === entry.id) ?? null,
    };
  });
  return paginated(data, total, page, perPage, urlOf, estimated);
}

/** GET /api/user/awards and /api/user/ibda: the page the query asks for, links keeping the query. */
export async function myEntriesAnswer(db: Db, viewer: Viewer, family: AwardFamily, url: URL): Promise<Response> {
  const { page, perpage } = parseQuery(PageQuery, url);
  const link = (p: number) => {
    const next = new URL(url);
    next.searchParams.set("page", String(p));
    return next.pathname + next.search;
  };
  const list = await myEntries(db, viewer, family, page, perpage, link);
  return Response.json(list, { headers: { "cache-control": "no-store" } });
}

/** How many entries the member has in each family (my page's overview). */
export async function entryCounts(db: Db, userId: number): Promise<Record<AwardFamily, number>> {
  const rows = await db.select({ family: awards.family, total: count() }).from(entries)
    .innerJoin(awards, eq(awards.id, entries.awardId)).where(eq(entries.userId, userId)).groupBy(awards.family);
  const counts: Record<AwardFamily, number> = { award: 0, ibda: 0 };
  for (const row of rows) counts[row.family] = row.total;
  return counts;
}

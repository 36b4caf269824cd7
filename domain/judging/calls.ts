// The judging calls of SPEC §7 (issue 11 part 6): `/api/{award|ibda}/{id}/entries?sect=entries|audits|award
// &sort=…`, `/api/user/judges` and `/api/user/prizes`. Audits are the judges' and the administrators' only:
// a judge sees the blind entries and their own scores of the pool that runs now; an administrator every
// entry under judgement and each pool's figures.
import { and, asc, desc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { awardPools, type AwardRow, awards, entries } from "../../db/schema/award.ts";
import { awardResults, certificates, panelJudges, poolJudges } from "../../db/schema/judging.ts";
import { HttpError } from "../../framework/errors.ts";
import { LOCALES } from "../../fresh.config.ts";
import { isAuditPeriod } from "../award/phase.ts";
import { type AwardFamily, type AwardRank } from "../award/options.ts";
import { isAdministrator, type Viewer } from "../member/permissions.ts";
import { clampPage, paginated } from "../common/list.ts";
import { ranking } from "./manage.ts";
import { type BlindEntry, entriesToJudge, type JudgeScore, judgingContext, progressOf } from "./scoring.ts";
import { resultsVisible } from "./manage.ts";
import { myCertificates } from "./certificates.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const ENTRY_SECTS = ["entries", "audits", "award"] as const;
export const ENTRY_SORTS = ["id", "-id", "title", "category"] as const;
export const AuditEntriesQuery = z.object({
  lang: z.preprocess(blank, z.enum(LOCALES).optional()),
  sort: z.preprocess(blank, z.enum(ENTRY_SORTS).optional()).transform((v) => v ?? "id"),
  sect: z.preprocess(blank, z.enum(ENTRY_SECTS).optional()),
});
export type AuditEntriesQuery = z.infer<typeof AuditEntriesQuery>;

export function sortBlind<T extends BlindEntry>(list: T[], sort: AuditEntriesQuery["sort"]): T[] {
  const by: Record<AuditEntriesQuery["sort"], (a: T, b: T) => number> = {
    "id": (a, b) => a.id - b.id,
    "-id": (a, b) => b.id - a.id,
    "title": (a, b) => a.title.localeCompare(b.title, "ko") || a.id - b.id,
    "category": (a, b) => a.category - b.category || a.id - b.id,
  };
  return [...list].sort(by[sort]);
}

export interface JudgeView {
  role: "judge";
  pool: number;
  entries: (BlindEntry & { score: JudgeScore | null })[];
  audits: JudgeScore[];
}
export interface AdminView {
  role: "administrator";
  /** Each pool's figures per entry. */
  audits: {
    pool: number;
    kind: string;
    entry: number;
    raw: number | null;
    trimmed: number | null;
    calibrated: number | null;
    spread: number | null;
    count: number;
    abstentions: number;
  }[];
}

/**
 * Who may read the award's audits: administrators (the award must be auditable, SPEC §4), or a judge of the
 * panel assigned to a pool that runs now. Anyone else 403 (`award.not_auditable` or the judging refusal).
 */
export async function auditView(
  tx: Tx,
  viewer: Viewer,
  award: AwardRow,
  now = new Date(),
): Promise<JudgeView | AdminView> {
  if (!award.auditable) throw new HttpError(403, "award.not_auditable");
  const pools = await tx.select().from(awardPools).where(eq(awardPools.awardId, award.id)).orderBy(asc(awardPools.id));
  if (isAdministrator(viewer)) {
    const audits: AdminView["audits"] = [];
    for (const pool of pools) {
      for (const r of await ranking(tx, pool.id)) {
        audits.push({
          pool: pool.id,
          kind: pool.kind,
          entry: r.entryId,
          raw: r.raw,
          trimmed: r.trimmed,
          calibrated: r.calibrated,
          spread: r.spread,
          count: r.count,
          abstentions: r.abstentions,
        });
      }
    }
    return { role: "administrator", audits };
  }
  const running = pools.filter((p) => isAuditPeriod(p, now));
  let refusal: unknown = new HttpError(403, "award.not_auditable");
  for (const pool of running) {
    try {
      const ctx = await judgingContext(tx, viewer, pool.id, award.family, now);
      const list = await entriesToJudge(tx, ctx);
      return { role: "judge", pool: pool.id, entries: list, audits: list.flatMap((e) => (e.score ? [e.score] : [])) };
    } catch (err) {
      refusal = err;
    }
  }
  throw refusal;
}

// ---------- /api/user/judges ----------

export interface MyJudging {
  award: { id: number; family: AwardFamily; year: number; title: string; title_en: string };
  role: string;
  category: string;
  excluded: boolean;
  pools: {
    id: number;
    kind: string;
    start_at: string | null;
    finish_at: string | null;
    open: boolean;
    progress: { total: number; scored: number; abstained: number; todo: number } | null;
    link: string;
  }[];
}

/** The awards the viewer judges, newest first, with each pool's period and the viewer's progress in it. */
export async function myJudging(tx: Tx, viewer: Viewer, now = new Date()): Promise<MyJudging[]> {
  const rows = await tx.select({ judge: panelJudges, award: awards }).from(panelJudges)
    .innerJoin(awards, eq(awards.id, panelJudges.awardId)).where(eq(panelJudges.userId, viewer.id))
    .orderBy(desc(awards.year), asc(awards.family));
  const out: MyJudging[] = [];
  for (const { judge, award } of rows) {
    const pools = await tx.select({ pool: awardPools }).from(poolJudges).innerJoin(
      awardPools,
      eq(awardPools.id, poolJudges.poolId),
    )
      .where(eq(poolJudges.judgeId, judge.id)).orderBy(asc(awardPools.id));
    const list: MyJudging["pools"] = [];
    for (const { pool } of pools) {
      let progress: MyJudging["pools"][number]["progress"] = null;
      try {
        progress = progressOf(await entriesToJudge(tx, await judgingContext(tx, viewer, pool.id, award.family, now)));
      } catch {
        // Outside the period (or excluded, or the award not auditable): the period is shown, no progress.
      }
      list.push({
        id: pool.id,
        kind: pool.kind,
        start_at: pool.startAt?.toISOString() ?? null,
        finish_at: pool.finishAt?.toISOString() ?? null,
        open: isAuditPeriod(pool, now),
        progress,
        link: `${award.family === "ibda" ? "/audit" : "/audit-award"}?pool=${pool.id}`,
      });
    }
    out.push({
      award: { id: award.id, family: award.family, year: award.year, title: award.title, title_en: award.titleEn },
      role: judge.role,
      category: judge.category,
      excluded: !!judge.excludedAt,
      pools: list,
    });
  }
  return out;
}

// ---------- /api/user/prizes ----------

/** One page of a small per-member list (SPEC §7's pagination shape, per_page 8 by default). */
export function pageOf<T>(all: T[], query: { page: number; perpage: number }, urlOf: (page: number) => string) {
  const current = clampPage(query.page, all.length, query.perpage);
  const start = (current - 1) * query.perpage;
  return paginated(all.slice(start, start + query.perpage), all.length, current, query.perpage, urlOf);
}

export interface MyResult {
  entry: { id: number; title: string; title_en: string; category: number; status: string };
  award: { id: number; family: AwardFamily; year: number; title: string; title_en: string };
  rank: AwardRank | null;
  nominee: boolean;
  certificate: { id: number; serial: string; print: string } | null;
}

/**
 * The viewer's entries whose results are out (published and the result date come): ranked, nominated or
 * judged, with the live certificate of each ranked one. `prizesOnly` keeps the ranked and nominated.
 */
export async function myResults(tx: Tx, viewer: Viewer, prizesOnly: boolean, now = new Date()): Promise<MyResult[]> {
  const rows = await tx.select({ entry: entries, award: awards, published: awardResults }).from(entries)
    .innerJoin(awards, eq(awards.id, entries.awardId))
    .innerJoin(awardResults, eq(awardResults.awardId, awards.id))
    .where(and(
      eq(entries.userId, viewer.id),
      prizesOnly ? or(isNotNull(entries.rank), eq(entries.nominee, true)) : undefined,
    ))
    .orderBy(desc(awards.year), asc(entries.id));
  const visible = rows.filter((r) => resultsVisible(r.published, r.award.resultAt, now));
  const ids = visible.map((r) => r.entry.id);
  const certs = ids.length
    ? await tx.select().from(certificates).where(
      and(inArray(certificates.entryId, ids), isNull(certificates.revokedAt)),
    )
    : [];
  return visible.map(({ entry, award }) => {
    const cert = certs.find((c) => c.entryId === entry.id);
    return {
      entry: {
        id: entry.id,
        title: entry.title,
        title_en: entry.titleEn,
        category: entry.category,
        status: entry.status,
      },
      award: { id: award.id, family: award.family, year: award.year, title: award.title, title_en: award.titleEn },
      rank: entry.rank,
      nominee: entry.nominee,
      certificate: cert ? { id: cert.id, serial: cert.serial, print: `/print?certificate=${cert.id}` } : null,
    };
  });
}

/** My page's counts of the judging sections: awards judged, prizes out, certificates held. */
export async function judgingCounts(tx: Tx, viewer: Viewer) {
  const [judge, prizes, held] = await Promise.all([
    tx.select({ id: panelJudges.id }).from(panelJudges).where(eq(panelJudges.userId, viewer.id)),
    myResults(tx, viewer, true),
    // The certificates shown in my page: a prize's only once its results are out.
    myCertificates(tx, viewer),
  ]);
  return { judge: judge.length, prizes: prizes.length, certificates: held.length };
}

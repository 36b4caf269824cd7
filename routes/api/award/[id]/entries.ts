// GET /api/award/{id}/entries and /api/ibda/{id}/entries (SPEC §7, with `sort` and `sect`): the entries
// a judge audits, with the award. Only an approved ibda judge of an auditable award during a pool's
// period, or an administrator (domain/award/award-rules.ts). `audits` holds the viewer's scores once
// judging is built; it is empty for now.
import { HttpError } from "../../../../framework/errors.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { familyOfPath, IdParam, JudgeEntriesQuery } from "../../../../domain/award/queries.ts";
import { awardById, entriesForJudges, presentAwards } from "../../../../domain/award/public.ts";
import { assertCanAudit } from "../../../../domain/award/award-rules.ts";
import { isAuditPeriod } from "../../../../domain/award/phase.ts";
import { awardPools } from "../../../../db/schema/award.ts";
import { answerLocale } from "../../../../domain/award/api.ts";
import { eq } from "drizzle-orm";
import { define, type RouteConfig } from "../../../../state.ts";
import { isFamilyJudge } from "../../../../domain/member/permissions.ts";

// Only ibda judges (and administrators) get past the door; the award and its pool are checked inside.
export const config: RouteConfig = { access: ({ viewer }) => isFamilyJudge("ibda")(viewer) };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(JudgeEntriesQuery, url);
    const award = await awardById(state.db, familyOfPath(url.pathname), id);
    if (!award) throw new HttpError(404, "award.not_found");
    const now = new Date();
    const pools = await state.db.select().from(awardPools).where(eq(awardPools.awardId, award.id));
    assertCanAudit(state.viewer, award, pools.find((p) => isAuditPeriod(p, now)) ?? null, now);
    const locale = answerLocale(q.lang, state.locale);
    const [json] = await presentAwards(state.db, [award], locale, now);
    const list = await entriesForJudges(state.db, award, { sort: q.sort, sect: q.sect }, locale);
    return Response.json({ entries: list, audits: [], award: json }, { headers: { "cache-control": "no-store" } });
  },
});

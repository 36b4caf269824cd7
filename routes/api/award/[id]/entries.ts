// GET /api/award/{id}/entries and /api/ibda/{id}/entries (SPEC §7, `sort` and `sect` = entries | audits |
// award; issue 11 part 6). Audits are the panel's and the administrators' only, on an auditable award: a
// judge assigned to the pool that runs now gets the blind entries of their categories (conflicts withheld)
// and their own scores; an administrator every entry under judgement and each pool's figures. Without `sect`
// all three are answered. Anonymous 401; unknown award 404; anyone else, or outside the period, 403.
import { HttpError } from "../../../../framework/errors.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { familyOfPath, IdParam } from "../../../../domain/award/queries.ts";
import { awardById, entriesForJudges, presentAwards } from "../../../../domain/award/public.ts";
import { answerLocale } from "../../../../domain/award/api.ts";
import { AuditEntriesQuery, auditView, sortBlind } from "../../../../domain/judging/calls.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(AuditEntriesQuery, url);
    const award = await awardById(state.db, familyOfPath(url.pathname), id);
    if (!award) throw new HttpError(404, "award.not_found");
    const now = new Date();
    const view = await auditView(state.db, state.viewer, award, now);
    const locale = answerLocale(q.lang, state.locale);
    const want = (s: string) => !q.sect || q.sect === s;
    const body: Record<string, unknown> = {};
    if (want("entries")) {
      body.entries = view.role === "judge"
        ? sortBlind(view.entries, q.sort)
        : await entriesForJudges(state.db, award, { sort: q.sort }, locale);
    }
    if (want("audits")) body.audits = view.audits;
    if (want("award")) [body.award] = await presentAwards(state.db, [award], locale, now);
    return Response.json(body, { headers: { "cache-control": "no-store" } });
  },
});

// GET /api/job/search/{id} (SPEC §7): one whole resume with the member's career and education from their
// profile, for its owner, administrators, and a company while the member is looking or while a recruiting
// posting of the company's holds their application (canReadResume); 403 job.resume_hidden for anyone else.
import { answerLocale } from "../../../../domain/award/api.ts";
import { IdParam, LangQuery } from "../../../../domain/award/queries.ts";
import { readResume } from "../../../../domain/job/resumes.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(LangQuery, url);
    const resume = await readResume(state.db, state.viewer, id, answerLocale(q.lang, state.locale), new Date());
    return Response.json(resume, { headers: { "cache-control": "no-store" } });
  },
});

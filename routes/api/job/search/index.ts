// GET /api/job/search (SPEC §7): the resumes of members who are looking, as summaries (masked name, no
// contact), in the pagination shape, filtered like the postings. The whole resume is /api/job/search/{id}.
import { answerLocale, jsonAnswer, pageUrlOf } from "../../../../domain/award/api.ts";
import { listResumes } from "../../../../domain/job/resumes.ts";
import { ResumeListQuery } from "../../../../domain/job/schema.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(ResumeListQuery, url);
    return jsonAnswer(await listResumes(state.db, q, answerLocale(q.lang, state.locale), pageUrlOf(url)));
  },
});

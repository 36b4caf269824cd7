// GET /api/job/recruit/{id} (SPEC §7): one posting with every field of SPEC §3 Job employ; a cancelled one
// is no posting (404 job.not_found) but for its company and administrators.
import { answerLocale, jsonAnswer } from "../../../../domain/award/api.ts";
import { IdParam, LangQuery } from "../../../../domain/award/queries.ts";
import { detailOf, visiblePosting } from "../../../../domain/job/postings.ts";
import { seoulDay } from "../../../../domain/job/status.ts";
import { isSignedIn } from "../../../../domain/member/permissions.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(LangQuery, url);
    const row = await visiblePosting(state.db, state.viewer, id);
    return jsonAnswer(
      detailOf(row, answerLocale(q.lang, state.locale), seoulDay(new Date())),
      isSignedIn(state.viewer),
    );
  },
});

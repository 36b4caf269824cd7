// GET /api/job/recruit (SPEC §7): recruiting job postings (`status=done` for the closed ones) in the
// pagination shape, newest first, filtered by region (one of the 17), occupation, career (N, E, Z),
// employ_type and a keyword of at least 2 characters. A bad query is a 400.
import { answerLocale, jsonAnswer, pageUrlOf } from "../../../../domain/award/api.ts";
import { listPostings } from "../../../../domain/job/postings.ts";
import { PostingListQuery } from "../../../../domain/job/schema.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(PostingListQuery, url);
    const list = await listPostings(state.db, q, answerLocale(q.lang, state.locale), new Date(), pageUrlOf(url));
    return jsonAnswer(list);
  },
});

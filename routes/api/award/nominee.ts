// GET /api/award/nominee and /api/ibda/nominee (SPEC §7, with `id`, `keyword`, `category`, `page`,
// `perpage`): the nominees of award `id` (default: the current award), public after the first
// announcement; otherwise, or for an unknown award, an empty list.
import { parseQuery } from "../../../domain/validation.ts";
import { EntryListQuery, familyOfPath } from "../../../domain/award/queries.ts";
import { awardById, currentAward, listEntries } from "../../../domain/award/public.ts";
import { paginated } from "../../../domain/member/management.ts";
import { answerLocale, jsonAnswer, pageUrlOf } from "../../../domain/award/api.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(EntryListQuery, url);
    const family = familyOfPath(url.pathname);
    const now = new Date();
    const award = q.id ? await awardById(state.db, family, q.id) : await currentAward(state.db, family, now);
    const urlOf = pageUrlOf(url);
    if (!award) return jsonAnswer(paginated([], 0, q.page, q.perpage, urlOf));
    const locale = answerLocale(q.lang, state.locale);
    return jsonAnswer(await listEntries(state.db, "nominees", award, q, locale, now, urlOf));
  },
});

// GET /api/award/latest and /api/ibda/latest (SPEC §7): the current award with its pools (`latest`, null
// when the family has none) and every award of the family for a year selector (`list`).
import { parseQuery } from "../../../domain/validation.ts";
import { familyOfPath, LangQuery } from "../../../domain/award/queries.ts";
import { currentAward, familyYears, presentAwards } from "../../../domain/award/public.ts";
import { answerLocale, jsonAnswer } from "../../../domain/award/api.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(LangQuery, url);
    const family = familyOfPath(url.pathname);
    const now = new Date();
    const current = await currentAward(state.db, family, now);
    const [latest] = current ? await presentAwards(state.db, [current], answerLocale(q.lang, state.locale), now) : [];
    return jsonAnswer({ latest: latest ?? null, list: await familyYears(state.db, family) });
  },
});

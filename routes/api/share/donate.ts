// GET /api/share/donate (SPEC §7): talent donations (what, when, how often, for whom, where) that are not inactive (`status=open` for the
// ones taking applications), in the pagination shape, newest first, filtered by region, field and a keyword.
import { answerLocale, jsonAnswer, pageUrlOf } from "../../../domain/award/api.ts";
import { ShareListQuery } from "../../../domain/job/schema.ts";
import { listShares } from "../../../domain/share/shares.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(ShareListQuery, url);
    return jsonAnswer(await listShares(state.db, "donate", q, answerLocale(q.lang, state.locale), pageUrlOf(url)));
  },
});

// GET /api/share/request (SPEC §7): requests for talent that are not inactive (`status=open` for the
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
    return jsonAnswer(await listShares(state.db, "request", q, answerLocale(q.lang, state.locale), pageUrlOf(url)));
  },
});

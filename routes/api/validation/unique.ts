// GET /api/validation/unique?table=&column=&value=&id= (SPEC §5, §7): `{ count }`, valid when below 1.
// Only users.username and users.email may be asked about (400 otherwise); rate limited per address (429).
import { checkUnique, UniqueQuery } from "../../../domain/member/unique.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const query = parseQuery(UniqueQuery, url);
    const answer = await checkUnique(state.db, query, state.clientIp);
    return Response.json(answer, { headers: { "cache-control": "no-store" } });
  },
});

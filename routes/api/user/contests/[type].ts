// GET /api/user/contests/{type} (SPEC §7 user dashboards, issue 23 §18): `host` the contests the member
// hosts, `entry` the contests they entered, 8 a page in the pagination shape; another type is 404, a bad
// query 400. GET /api/user/contests?type= (routes/api/user/contests/index.ts) answers the same.
import { HttpError } from "../../../../framework/errors.ts";
import { pageUrlOf } from "../../../../domain/award/api.ts";
import { MyContestsQuery, myEnteredContests, myHostedContests } from "../../../../domain/contest/mine.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig, type State } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const TYPES = ["host", "entry"] as const;

export async function userContestsAnswer(state: State, url: URL, type?: typeof TYPES[number]): Promise<Response> {
  const q = parseQuery(MyContestsQuery, url);
  const now = new Date();
  const urls = pageUrlOf(url);
  const { db, viewer, locale } = state;
  const body = (type ?? q.type) === "host"
    ? await myHostedContests(db, viewer, q.page, q.perpage, locale, now, state.config.usdKrwRate, urls)
    : await myEnteredContests(db, viewer, q.page, q.perpage, locale, now, urls);
  return Response.json(body, { headers: { "cache-control": "no-store" } });
}

export const handler = define.handlers({
  GET({ state, url, params }) {
    const type = TYPES.find((t) => t === params.type);
    if (!type) throw new HttpError(404, "error.404");
    return userContestsAnswer(state, url, type);
  },
});

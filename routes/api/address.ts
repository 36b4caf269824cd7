// GET /api/address?q= (SPEC §5, §7 postal lookup): road-name addresses for an address field, from the
// configured provider (juso.go.kr with JUSO_API_KEY, else the local table); 503 when the provider fails,
// and the form is typed by hand instead. Public, since registration asks it before anyone signs in, and so
// rate limited per client address (429) to keep the provider's quota for people filling forms.
import { z } from "zod";
import { postalProvider, searchAddresses } from "../../domain/form/postal.ts";
import { consume } from "../../domain/member/rate-limit.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

const Query = z.object({ q: z.string().trim().min(2, "manage.search_short").max(80) });

/** Lookups per client address and minute: a person types a few; a scraper is stopped. */
export const addressLimit = (clientIp: string) => ({ bucket: `address:ip:${clientIp}`, max: 30, windowSeconds: 60 });

export const handler = define.handlers({
  async GET({ state, url }) {
    const { q } = parseQuery(Query, url);
    await consume(state.db, [addressLimit(state.clientIp)]);
    const data = await searchAddresses(postalProvider(state.db), q);
    return Response.json({ data }, { headers: { "cache-control": "no-store" } });
  },
});

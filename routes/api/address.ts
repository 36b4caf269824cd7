// GET /api/address?q= (SPEC §5, §7 postal lookup): road-name addresses for an address field, from the
// configured provider (juso.go.kr with JUSO_API_KEY, else the local table); 503 when the provider fails,
// and the form is typed by hand instead.
import { z } from "zod";
import { postalProvider, searchAddresses } from "../../domain/form/postal.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define } from "../../state.ts";

const Query = z.object({ q: z.string().trim().min(2, "manage.search_short").max(80) });

export const handler = define.handlers({
  async GET({ state, url }) {
    const { q } = parseQuery(Query, url);
    const data = await searchAddresses(postalProvider(state.db), q);
    return Response.json({ data }, { headers: { "cache-control": "no-store" } });
  },
});

// The authorization matrix's rows for the market area (see ../matrix.ts for how rows read).
import { all, form, LOGIN, manage, members, type Row } from "../presets.ts";

export const ROWS: Record<string, Row> = {
  // ----- Public (SPEC §7): the two markets and their products on sale, for everyone -----
  "GET /api/market/:type": { path: "/api/market/design", expect: all(200) },
  "GET /api/market/:type/:id": { path: (c) => `/api/market/design/${c.w.market.onSale}`, expect: all(200) },
  "GET /market/:type": { path: "/market/intellect", expect: all(200) },
  "GET /market/:type/:id": { path: (c) => `/market/design/${c.w.market.onSale}`, expect: all(200) },
  // A purchase request (SPEC §8 market: login needed): never on one's own product (company sells it); an
  // empty message is refused field by field (422) and sends nothing.
  "POST /market/:type/:id": {
    path: (c) => `/market/design/${c.w.market.onSale}`,
    body: form({ _action: "request", message: "", contact: "" }),
    expect: { anonymous: 401, signedIn: 422, company: 403 },
  },

  // ----- Registration (SPEC §6: login required for market registration) -----
  "GET /market/register": { expect: members(200, LOGIN) },
  // A kind of goods that does not exist is refused (422) and stores nothing.
  "POST /market/register": { body: form({ _step: "1", type: "furniture" }), expect: members(422) },

  // ----- My page (SPEC §7 user dashboards: market/{type}, default product): each member's own -----
  "GET /api/user/market": { expect: members(200) },
  "GET /api/user/market/:type": { path: "/api/user/market/request", expect: members(200) },
  "GET /mypage/market": { expect: members(200, LOGIN) },
  // An unknown action is a bad request for every member and changes nothing.
  "POST /mypage/market": { body: form({ _action: "bogus", request: "1" }), expect: members(400) },

  // ----- Management (SPEC §2.2, §6): administrators and staff granted the market section -----
  "GET /management/market/:type": { path: "/management/market/design", expect: manage(200) },
  // A bulk approval with nothing selected is refused (422) and changes nothing.
  "POST /management/market/:type": {
    path: "/management/market/design",
    body: form({ _action: "approve" }),
    expect: manage(422, 401),
  },
  "GET /management/market/:type/:id": {
    path: (c) => `/management/market/design/${c.w.market.waiting}`,
    expect: manage(200),
  },
  "POST /management/market/:type/:id": {
    path: (c) => `/management/market/design/${c.w.market.waiting}`,
    body: form({ _action: "bogus" }),
    expect: manage(400, 401),
  },
  "GET /management/market/:type/products.csv": {
    path: "/management/market/intellect/products.csv",
    expect: manage(200),
    section: "market",
  },
  "GET /management/statistics/market": { expect: manage(200) },
};

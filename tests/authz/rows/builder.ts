// The authorization matrix's rows for the page builder and site administration (issue 15) (see ../matrix.ts
// for how rows read). Building pages is the `page` section's right (domain/member/permissions.ts
// canBuildPages): administrators and staff granted it; any other member 403, nobody 401.
import { all, type Expect, form, json, LOGIN, manage, type Row } from "../presets.ts";

/** A builder call: nobody 401, members and staff without the `page` grant 403. */
const builderCall = (answer: number): Expect => ({ anonymous: 401, signedIn: 403, managers: answer });

export const ROWS: Record<string, Row> = {
  "GET /api/:cms/component": { path: "/api/cms/component", section: "page", expect: builderCall(200) },
  "GET /api/:cms/asset/section": { path: "/api/cms/asset/section", section: "page", expect: builderCall(200) },
  // An empty section is refused (422) to those who may save one.
  "POST /api/:cms/asset/section": {
    path: "/api/cms/asset/section",
    body: json({ title: "", nodes: [] }),
    section: "page",
    expect: builderCall(422),
  },
  // Page 1 (the www home page). A tree that is no tree is 422; with no draft there is nothing to publish
  // (409); an unknown version is 404 — each answered only to those who may build pages.
  "GET /api/builder/pages/:id": { path: "/api/builder/pages/1", section: "page", expect: builderCall(200) },
  "PUT /api/builder/pages/:id": {
    path: "/api/builder/pages/1",
    body: json({ trees: "not a tree" }),
    section: "page",
    expect: builderCall(422),
  },
  "POST /api/builder/pages/:id/publish": {
    path: "/api/builder/pages/1/publish",
    body: json({}),
    section: "page",
    expect: builderCall(409),
  },
  "POST /api/builder/pages/:id/rollback": {
    path: "/api/builder/pages/1/rollback",
    body: json({ number: 999999 }),
    section: "page",
    expect: builderCall(404),
  },
  // The image picker's recent uploads.
  "GET /api/builder/images": { path: "/api/builder/images", section: "page", expect: builderCall(200) },
  // ----- Screens -----
  "GET /builder": { path: "/builder", section: "page", expect: manage(200) },
  "GET /builder/preview": { path: "/builder/preview?page=1", section: "page", expect: manage(200) },
  // A form without a known action is shown again with the refusal (422).
  "POST /builder": {
    path: "/builder?page=1",
    body: form({ action: "nothing" }),
    section: "page",
    expect: manage(422, 401),
  },

  // ----- Site administration (administrators and staff granted the section) -----
  "GET /management/site": { expect: manage(200) },
  "GET /management/site/create": { expect: manage(200) },
  // An empty form is refused (422).
  "POST /management/site/create": { body: form({ name: "" }), section: "site", expect: manage(422, 401) },
  "GET /management/site/:id": { path: "/management/site/1", expect: manage(200) },
  "POST /management/site/:id": { path: "/management/site/1", body: form({ name: "" }), expect: manage(422, 401) },
  "GET /management/site/:id/menu": { path: "/management/site/1/menu", expect: manage(200) },
  "POST /management/site/:id/menu": {
    path: "/management/site/1/menu",
    body: form({ action: "add", title: "" }),
    expect: manage(422, 401),
  },
  "GET /management/domain": { expect: manage(200) },
  "POST /management/domain": { body: form({ action: "add", host: "" }), expect: manage(422, 401) },
  "GET /management/menu": { expect: manage(200) },
  "POST /management/menu": { body: form({ action: "add", title: "" }), expect: manage(422, 401) },
  // A page at an application route is refused.
  "GET /management/page": { expect: manage(200) },
  "POST /management/page": {
    body: form({ action: "create", path: "/login", title: "authz" }),
    expect: manage(422, 401),
  },
  "GET /management/content": { expect: manage(200) },
  "POST /management/content": { body: form({ action: "create", title: "" }), expect: manage(422, 401) },
  "GET /management/layout": { expect: manage(200) },
  "POST /management/layout": { body: form({ name: "nope" }), expect: manage(422, 401) },
  // /ip is the administrators' alone (SPEC §6): staff get 403 even with a grant row.
  "GET /management/ip": { expect: { anonymous: LOGIN, signedIn: 403, admin: 200 } },
  "POST /management/ip": {
    body: form({ action: "add", kind: "deny", cidr: "nonsense" }),
    expect: { anonymous: 401, signedIn: 403, admin: 422 },
  },

  // The events schedule at the path SPEC §2.2 names (the boards area's screen, issue 23 §14): an event
  // without a title is refused (422).
  "GET /management/schedule": { expect: manage(200) },
  "POST /management/schedule": {
    body: form({ action: "add", title: "" }),
    section: "schedule",
    expect: manage(422, 401),
  },

  // ----- Public routes -----
  // A same-site path is followed (302); another host would get the interstitial (tests/api/builder_redirect_test.ts).
  "GET /redirect": { path: "/redirect?url=%2Fcontest", expect: all(302) },
  "GET /style": { expect: all(200) },
  "GET /style/adp-default": { expect: all(200) },
};

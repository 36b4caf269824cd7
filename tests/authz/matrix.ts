// THE authorization matrix (issue 16): who may call each route of the manifest, one row per route key
// (`METHOD /pattern`, as tests/support/routes.ts yields them), checked cell by cell by matrix_test.ts. A route
// without its row fails that test, and so does a row whose route is gone.
//
// Roles (fixtures.ts): anonymous, member, otherMember (tester), company, judge (judge-ibda), staff (support
// group, no section granted), staffGranted (the same account with the row's management section granted) and
// admin. A row with `objects` is asked twice per role: with the role's OWN object and with ANOTHER member's
// (tester's; member's for tester); anonymous has no own object and is asked only about another's.
//
// Expected answers resolve from the most to the least specific key: the role itself, then `managers`
// (staffGranted and admin), `signedIn` (every role but anonymous), `all`. `[own, other]` answers each object;
// one answer covers both. `LOGIN` is the sign-in screen an anonymous visitor is sent to by a member page's GET
// (303 to /login?redirect=…, SPEC §2.4). Cells the SPEC leaves open carry a comment saying which way we read
// it and why. The rows of the areas added after issue 16 live in rows/<area>.ts (rows/mod.ts joins them).
import {
  all,
  awardThumbnail,
  form,
  ibdaYear,
  json,
  LOGIN,
  manage,
  members,
  type Row,
  visitorsOnly,
  year,
} from "./presets.ts";
import { AREA_ROWS } from "./rows/mod.ts";

export { LOGIN };
export type { Answer, Body, Cell, Expect, Pair, Row } from "./presets.ts";

const CORE: Record<string, Row> = {
  // ----- Public pages and data -----
  "GET /:path": { path: "/about/greeting", expect: all(200) },
  "GET /api/:host/page/current": { path: "/api/localhost/page/current?url=/about/greeting", expect: all(200) },
  "GET /api/menu/:siteId": { path: (c) => `/api/menu/${c.w.siteId}`, expect: all(200) },
  "GET /api/text.json": { expect: all(200) },
  "GET /api/identify": { expect: all(200) },
  "GET /api/validation/unique": {
    path: "/api/validation/unique?table=users&column=username&value=nobody-like-this",
    expect: all(200),
  },
  "GET /robots.txt": { expect: all(200) },
  "GET /sitemap.xml": { expect: all(200) },
  "GET /schedule": { expect: all(200) },
  // Everyone is sent on to the latest results' winners page.
  "GET /winners": { expect: all(302) },

  // ----- Awards, public side (both families answer the same calls) -----
  "GET /api/award": { expect: all(200) },
  "GET /api/award/:id": { path: (c) => `/api/award/${c.w.openAward}`, expect: all(200) },
  "GET /api/award/awards": { expect: all(200) },
  "GET /api/award/awards/:year": { path: (c) => `/api/award/awards/${year(c)}`, expect: all(200) },
  "GET /api/award/judges/:year": { path: (c) => `/api/award/judges/${year(c)}`, expect: all(200) },
  "GET /api/award/latest": { expect: all(200) },
  "GET /api/award/nominee": { expect: all(200) },
  "GET /api/award/pool/:id/categories": { path: (c) => `/api/award/pool/${c.w.openPool}/categories`, expect: all(200) },
  // The entries of an award for auditing: approved IBDA judges (ibda + judge) and administrators (SPEC §6),
  // and only on an auditable award (SPEC §4). No design award is auditable, so here everyone is refused,
  // the administrator too (auditRefusal: the administrator passes the role and the period, not the flag).
  "GET /api/award/:id/entries": {
    path: (c) => `/api/award/${c.w.openAward}/entries`,
    expect: { anonymous: 401, signedIn: 403 },
  },
  "GET /api/ibda": { expect: all(200) },
  "GET /api/ibda/:id": { path: (c) => `/api/ibda/${c.w.judgedIbda}`, expect: all(200) },
  "GET /api/ibda/awards": { expect: all(200) },
  "GET /api/ibda/awards/:year": { path: (c) => `/api/ibda/awards/${ibdaYear(c)}`, expect: all(200) },
  "GET /api/ibda/judges/:year": { path: (c) => `/api/ibda/judges/${ibdaYear(c)}`, expect: all(200) },
  "GET /api/ibda/latest": { expect: all(200) },
  "GET /api/ibda/nominee": { expect: all(200) },
  "GET /api/ibda/pool/:id/categories": { path: (c) => `/api/ibda/pool/${c.w.ibdaPool}/categories`, expect: all(200) },
  "GET /api/ibda/:id/entries": {
    // The IBDA being judged is auditable and its pool's audit period runs.
    path: (c) => `/api/ibda/${c.w.judgedIbda}/entries`,
    expect: { anonymous: 401, signedIn: 403, judge: 200, admin: 200 },
  },
  "GET /award": { expect: all(200) },
  "GET /award/years/:year": { path: (c) => `/award/years/${year(c)}`, expect: all(200) },
  "GET /award/years/:year/judges": { path: (c) => `/award/years/${year(c)}/judges`, expect: all(200) },
  "GET /award/years/:year/nominees": { path: (c) => `/award/years/${year(c)}/nominees`, expect: all(200) },
  "GET /award/years/:year/winners": { path: (c) => `/award/years/${year(c)}/winners`, expect: all(200) },
  "GET /ibda": { expect: all(200) },
  "GET /ibda/years/:year": { path: (c) => `/ibda/years/${ibdaYear(c)}`, expect: all(200) },
  "GET /ibda/years/:year/judges": { path: (c) => `/ibda/years/${ibdaYear(c)}/judges`, expect: all(200) },
  "GET /ibda/years/:year/nominees": { path: (c) => `/ibda/years/${ibdaYear(c)}/nominees`, expect: all(200) },
  "GET /ibda/years/:year/winners": { path: (c) => `/ibda/years/${ibdaYear(c)}/winners`, expect: all(200) },
  // The public entry page shows published entries only (exhibited, winners, nominees; SPEC §4): an entry
  // that is still being judged is 404 to everyone, its owner and the administrators included — the owner
  // finds it on my page. 404, not 403: ids must not reveal that an entry exists.
  "GET /award/entries/:id": { objects: true, path: (c) => `/award/entries/${c.o.entry}`, expect: all(404) },
  // …and an award entry is not an IBDA entry at all.
  "GET /ibda/entries/:id": { objects: true, path: (c) => `/ibda/entries/${c.o.entry}`, expect: all(404) },

  // ----- Entries (SPEC §4, §6: only members submit; an entry is its owner's) -----
  // The wizard keeps a step of the member's own entry ("back" keeps what was typed unchecked); another's
  // entry is 404, so ids reveal nothing.
  "POST /api/entry/draft": {
    objects: true,
    body: (c) => json({ award_id: c.w.openAward, entry_id: c.o.entry, step: 2, action: "back", data: {} }),
    expect: members([200, 404]),
  },
  // Saving the own entry gets past the owner check to the entry's validation (422: an empty form is not an
  // entry); another's is 404.
  "POST /api/entry": {
    objects: true,
    body: (c) => json({ award_id: c.w.openAward, entry_id: c.o.entry, data: {} }),
    expect: members([422, 404]),
  },
  // Cancelling is the owner's alone — administrators refund paid entries in management, they do not cancel
  // members' entries through the member call (routes/api/entry/[id].ts).
  "DELETE /api/entry/:id": {
    objects: true,
    fresh: "entry",
    path: (c) => `/api/entry/${c.o.entry}`,
    expect: members([200, 404]),
  },
  "GET /entry": { path: (c) => `/entry?award=${c.w.openAward}`, expect: members(200, LOGIN) },
  "POST /entry": {
    objects: true,
    path: (c) => `/entry?award=${c.w.openAward}&entry=${c.o.entry}`,
    body: form({ step: "2", action: "back" }),
    expect: members([303, 404]),
  },
  "GET /mypage/awards": { expect: members(200, LOGIN) },
  "GET /mypage/ibda": { expect: members(200, LOGIN) },
  "POST /mypage/awards": {
    objects: true,
    fresh: "entry",
    body: (c) => form({ cancel: String(c.o.entry) }),
    expect: members([303, 404]),
  },
  "POST /mypage/ibda": {
    objects: true,
    fresh: "entry",
    body: (c) => form({ cancel: String(c.o.entry) }),
    expect: members([303, 404]),
  },
  "GET /api/user/awards": { expect: members(200) },
  "GET /api/user/ibda": { expect: members(200) },

  // ----- Payments (the owner pays for their own entry that waits for its fee) -----
  "GET /api/pay/request": {
    objects: true,
    path: (c) => `/api/pay/request?type=award&id=${c.o.entry}&price=100000`,
    expect: members([200, 404]),
  },
  "GET /pay/:provider/popup": {
    objects: true,
    path: (c) => `/pay/test/popup?type=award&id=${c.o.entry}`,
    expect: members([200, 404], LOGIN),
  },
  // The provider's screens come back without our session (a popup, a cross-site POST): open to everyone,
  // and a return that carries no signed result is refused the same way for all.
  "GET /pay/:provider/close": { path: "/pay/test/close", expect: all(200) },
  "GET /pay/:provider/return": { path: "/pay/test/return", expect: all(404) },
  "POST /pay/:provider/return": { path: "/pay/test/return", body: form({}), expect: all(400) },
  "POST /api/pay/:host/return": { path: "/api/pay/localhost/return", body: form({}), expect: all(400) },

  // ----- Files (SPEC §6 "file access has a role setting", §8: no access 403, not found 404) -----
  // The signature is an owner-only file: its owner and administrators read it; everyone else, judges
  // included (it is no entry's file), gets 403 — SPEC §8's "no access" for a file that exists.
  "GET /api/file/:id/:name": {
    objects: true,
    path: (c) => `/api/file/${c.o.file}/external_thumbnail.jpg`,
    expect: { all: [200, 403], admin: 200 },
  },
  "GET /api/file/binary/:id": {
    objects: true,
    path: (c) => `/api/file/binary/${c.o.file}`,
    expect: { all: [200, 403], admin: 200 },
  },
  "GET /api/file/download/:id": {
    objects: true,
    path: (c) => `/api/file/download/${c.o.file}`,
    expect: { all: [200, 403], admin: 200 },
  },
  "GET /api/file/image/:id": {
    objects: true,
    path: (c) => `/api/file/image/${c.o.file}`,
    expect: { all: [200, 403], admin: 200 },
  },
  "GET /api/file/thumbnail/:id": {
    objects: true,
    path: (c) => `/api/file/thumbnail/${c.o.file}`,
    expect: { all: [200, 403], admin: 200 },
  },
  // A download link is made only for a file the caller may read.
  "POST /api/file/download/:id": {
    objects: true,
    path: (c) => `/api/file/download/${c.o.file}`,
    expect: { anonymous: 401, signedIn: [200, 403], admin: 200 },
  },
  "POST /api/file/download": {
    objects: true,
    body: (c) => json({ ids: [c.o.file] }),
    expect: { all: [200, 403], admin: 200 },
  },
  "DELETE /api/file/:id": {
    objects: true,
    fresh: "file",
    path: (c) => `/api/file/${c.o.file}`,
    expect: { anonymous: 401, signedIn: [204, 403], admin: 204 },
  },
  // Members upload for their own forms; award artwork is the management's: the award section's grant or
  // the administrator (permissions.ts canUploadFor).
  "POST /api/file": {
    path: "/api/file?purpose=award_thumbnail",
    body: { multipart: awardThumbnail },
    section: "award",
    expect: { anonymous: 401, signedIn: 403, managers: 201 },
  },

  // ----- Devices (SPEC §7): a device is its member's; another's is 404 -----
  "POST /api/device": {
    body: (c) => json({ device: `authz-${c.role}-${crypto.randomUUID()}`, token: "t", lang: "ko" }),
    expect: members(201),
  },
  "DELETE /api/device/:id": {
    objects: true,
    fresh: "device",
    path: (c) => `/api/device/${c.o.device}`,
    expect: members([204, 404]),
  },

  // ----- Account -----
  "GET /api/profile": { expect: members(200) },
  // An update that changes nothing is a valid update of one's own profile (the only profile these calls
  // reach: ids in the body are ignored).
  "POST /api/profile": { body: json({ _method: "PATCH" }), expect: members(200) },
  "PATCH /api/profile": { body: json({}), expect: members(200) },
  "GET /profile": { expect: members(200, LOGIN) },
  "POST /profile": { body: form({}), expect: members(303) },
  // Ending one of one's own sessions; another member's session id ends nothing (404).
  // Ticking nothing turns every kind off: a valid answer for every member.
  "POST /profile/notifications": { body: form({ kinds: "payment" }), expect: members(303) },
  "POST /profile/sessions": {
    objects: true,
    fresh: "session",
    body: (c) => form({ id: c.o.session }),
    expect: members([303, 404]),
  },
  // The payout account: only one's own is ever read or written (ids in the body are ignored); a change
  // without the current password is refused (422).
  "GET /api/user/bank": { expect: members(200) },
  "POST /api/user/bank": { body: json({}), expect: members(422) },
  "GET /profile/bank": { expect: members(200, LOGIN) },
  "POST /profile/bank": { body: form({}), expect: members(422) },
  "GET /api/user/changes": { expect: members(200) },
  "POST /api/change": { body: json({}), expect: members(422) },
  "GET /change": { expect: members(200, LOGIN) },
  // No conversion type chosen: back to the first step.
  "POST /change": { body: form({}), expect: members(303) },
  "GET /mypage": { expect: members(200, LOGIN) },
  "GET /mypage/changes": { expect: members(200, LOGIN) },
  "GET /withdraw": { expect: members(200, LOGIN) },
  // Withdrawing for real (the password confirms it): last of all, it ends the accounts. The last
  // administrator may not leave: nobody could run the site afterwards (domain/member/withdraw.ts).
  "POST /withdraw": {
    body: form({ password: "Hanbit#2026", password_confirmation: "Hanbit#2026", confirm: "on" }),
    last: true,
    expect: { ...members(303), admin: 409 },
  },

  // ----- Signing in and out, registration, passwords: open to everyone -----
  "POST /api/login": {
    body: (c) => json({ username: c.role === "anonymous" ? "member" : c.w.account(c.role), password: "Hanbit#2026" }),
    expect: all(200),
  },
  "GET /login": { expect: visitorsOnly(200) },
  "POST /login": {
    body: (c) => form({ username: c.role === "anonymous" ? "member" : c.w.account(c.role), password: "Hanbit#2026" }),
    expect: all(303),
  },
  // Signing out: nobody is sent home; a member's session ends (issue 20 §5).
  "GET /api/logout": { endsSession: true, expect: all(200) },
  "GET /logout": { endsSession: true, expect: all(303) },
  "POST /logout": { endsSession: true, body: form({}), expect: all(303) },
  "GET /register": { expect: visitorsOnly(200) },
  "POST /register": { body: form({}), expect: visitorsOnly(422) },
  "POST /api/register": { body: json({}), expect: all(422) },
  "GET /find": { expect: all(200) },
  "POST /find": { body: form({}), expect: all(422) },
  "GET /password/forgot": { expect: all(200) },
  "POST /password/forgot": { body: form({}), expect: all(422) },
  // Resetting a password and reapplying after a rejection are authorised by the mailed token, not by a
  // session: without email and token they are 404 to everyone, signed in or not.
  "GET /password/reset": { expect: all(404) },
  "POST /password/reset": { body: form({}), expect: all(404) },
  "GET /api/password/reset": { expect: all(404) },
  // Asking for the mail needs no token.
  "POST /api/password/reset": { body: json({}), expect: all(422) },
  "PATCH /api/password/reset": { body: json({}), expect: all(404) },
  "GET /rejected": { expect: all(404) },
  "POST /rejected": { body: form({}), expect: all(404) },
  "GET /api/user/reapplication": { expect: all(404) },
  "POST /api/user/reapplication": { body: json({}), expect: all(404) },

  // ----- Management (SPEC §6; the guard in routes/management/_middleware.ts) -----
  // The root is open to every staff member; any other section needs its grant.
  "GET /management": { expect: { ...manage(200), staff: 200 } },
  // A section with no screen yet: the guard answers first (403 without the grant), then 404.
  "GET /management/:section/:rest": { path: "/management/bbs/list", expect: manage(404) },
  // The staff role is asked about a section (the answer may be "not accessible"); members may not ask.
  "GET /api/:cms/admin/role": {
    path: "/api/www/admin/role?url=/user",
    section: "user",
    expect: { anonymous: 401, signedIn: 403, staff: 200, managers: 200 },
  },
  // The dev mailbox holds everyone's mail (reset links included): administrators only, no grant opens it.
  "GET /management/mailbox": { expect: { ...manage(200), staffGranted: 403 } },
  // Managers and their grants are the administrators' alone: /manager is forbidden to staff even with a
  // grant row (SPEC §6).
  "GET /management/manager": { expect: { ...manage(200), staffGranted: 403 } },
  "POST /management/manager": { body: form({}), expect: { ...manage(422, 401), staffGranted: 403 } },
  "GET /management/role": { expect: manage(200) },
  "POST /management/role": { body: form({}), expect: manage(422, 401) },
  "GET /management/statistics": { expect: manage(303) },
  "GET /management/statistics/award": { expect: manage(200) },
  "GET /management/statistics/ibda": { expect: manage(200) },
  "GET /management/user": { expect: manage(200) },
  // The members export: whoever may read the list may take it (every export is in the audit log).
  "GET /management/user/members.csv": { expect: manage(200) },
  // A member's record: a manager reads anyone's, their own included (it is only read, and logged).
  "GET /management/user/:id": {
    objects: true,
    path: (c) => `/management/user/${c.o.user}`,
    expect: manage(200),
  },
  // Deciding on an account: nobody acts on their own (canManageAccount), so one's own is 403 even to the
  // administrator; another member's goes through (a password-reset mail).
  "POST /management/user/:id": {
    objects: true,
    path: (c) => `/management/user/${c.o.user}`,
    body: form({ action: "reset_password" }),
    expect: manage([403, 303], 401),
  },
  "GET /management/user/:id/documents/:doc": {
    path: (c) => `/management/user/${c.w.document.user}/documents/${c.w.document.doc}`,
    expect: manage(200),
  },
  "GET /management/asset": { expect: manage(200) },
  "POST /management/asset": { body: form({}), expect: manage(422, 401) },
  "GET /management/asset/text": { expect: manage(200) },
  "POST /management/asset/text": { body: form({ name: "authz.css", content: "b{}" }), expect: manage(303, 401) },
  "GET /management/asset/text/:file": { path: (c) => `/management/asset/text/${c.w.textAsset}`, expect: manage(200) },
  "POST /management/asset/text/:file": {
    path: (c) => `/management/asset/text/${c.w.textAsset}`,
    body: form({ name: "authz.css", content: "c{}" }),
    expect: manage(303, 401),
  },
  "GET /management/award": { expect: manage(200) },
  "GET /management/award/:id": { path: (c) => `/management/award/${c.w.openAward}`, expect: manage(200) },
  "POST /management/award/:id": {
    path: (c) => `/management/award/${c.w.openAward}`,
    body: form({ action: "save" }),
    expect: manage(422, 401),
  },
  "GET /management/award/entries": {
    path: (c) => `/management/award/entries?award=${c.w.openAward}`,
    expect: manage(200),
  },
  "POST /management/award/entries": {
    path: (c) => `/management/award/entries?award=${c.w.openAward}`,
    body: form({}),
    expect: manage(422, 401),
  },
  "GET /management/award/entries.csv": {
    path: (c) => `/management/award/entries.csv?award=${c.w.openAward}`,
    expect: manage(200),
  },
  "GET /management/award/new": { expect: manage(200) },
  "POST /management/award/new": { body: form({}), expect: manage(422, 401) },
  "GET /management/award/payments": { expect: manage(200) },
  "GET /management/award/payments.csv": { expect: manage(200) },
  "POST /management/award/payments": { body: form({}), expect: manage(422, 401) },
  "GET /management/ibda": { expect: manage(200) },
  "GET /management/ibda/:id": { path: (c) => `/management/ibda/${c.w.judgedIbda}`, expect: manage(200) },
  "POST /management/ibda/:id": {
    path: (c) => `/management/ibda/${c.w.judgedIbda}`,
    body: form({ action: "save" }),
    expect: manage(422, 401),
  },
  "GET /management/ibda/entries": {
    path: (c) => `/management/ibda/entries?award=${c.w.judgedIbda}`,
    expect: manage(200),
  },
  "POST /management/ibda/entries": {
    path: (c) => `/management/ibda/entries?award=${c.w.judgedIbda}`,
    body: form({}),
    expect: manage(422, 401),
  },
  "GET /management/ibda/entries.csv": {
    path: (c) => `/management/ibda/entries.csv?award=${c.w.judgedIbda}`,
    expect: manage(200),
  },
  "GET /management/ibda/new": { expect: manage(200) },
  "POST /management/ibda/new": { body: form({}), expect: manage(422, 401) },
  "GET /management/ibda/payments": { expect: manage(200) },
  "GET /management/ibda/payments.csv": { expect: manage(200) },
  "POST /management/ibda/payments": { body: form({}), expect: manage(422, 401) },
};

export const MATRIX: Record<string, Row> = { ...CORE, ...AREA_ROWS };

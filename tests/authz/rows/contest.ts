// The authorization matrix's rows for the contest area (see ../matrix.ts for how rows read).
import { all, form, LOGIN, manage, members, type Row } from "../presets.ts";

export const ROWS: Record<string, Row> = {
  // ----- Public (SPEC §7): approved contests for everyone; an unapproved one is no contest (404) -----
  "GET /api/contest": { expect: all(200) },
  "GET /api/contest/:id": { path: (c) => `/api/contest/${c.w.contests.ongoing}`, expect: all(200) },
  "GET /api/contest/awards": { expect: all(200) },
  "GET /contest": { expect: all(200) },
  "GET /contest/:id": { path: (c) => `/contest/${c.w.contests.terminated}`, expect: all(200) },
  "GET /contest/awards": { expect: all(200) },
  "GET /contest/closed": { expect: all(200) },

  // ----- Hosting (SPEC §6: login required; companies host, the administrator passes every check) -----
  "GET /contest/host": { expect: { anonymous: LOGIN, signedIn: 403, company: 200, admin: 200 } },
  "POST /contest/host": {
    body: form({ _step: "1", field: "brand", sub_field: "logo" }),
    expect: { anonymous: 401, signedIn: 403, company: 303, admin: 303 },
  },

  // ----- Entering (SPEC §6: members; the host never enters their own contest) -----
  // The seed's ongoing contest is open to every member; company hosts it.
  "GET /contest/:id/enter": {
    path: (c) => `/contest/${c.w.contests.ongoing}/enter`,
    expect: { anonymous: LOGIN, signedIn: 200, company: 403 },
  },
  // A try without title or files is refused field by field (422) and changes no entry.
  "POST /contest/:id/enter": {
    path: (c) => `/contest/${c.w.contests.ongoing}/enter`,
    body: form({ title: "" }),
    expect: { anonymous: 401, signedIn: 422, company: 403 },
  },

  // ----- The host's judging screen: the host of the contest (and the administrator); to others no contest -----
  "GET /contest/:id/judge": {
    path: (c) => `/contest/${c.w.contests.judging}/judge`,
    expect: { anonymous: LOGIN, signedIn: 404, company: 200, admin: 200 },
  },
  // An unknown action is a bad request for the host; nobody else learns the contest exists.
  "POST /contest/:id/judge": {
    path: (c) => `/contest/${c.w.contests.judging}/judge`,
    body: form({ _action: "bogus" }),
    expect: { anonymous: 401, signedIn: 404, company: 400, admin: 400 },
  },

  // ----- My page (SPEC §7 user dashboards): each member's own contests -----
  "GET /api/user/contests": { path: "/api/user/contests?type=entry", expect: members(200) },
  "GET /api/user/contests/:type": { path: "/api/user/contests/host", expect: members(200) },
  "GET /mypage/contests": { expect: members(200, LOGIN) },

  // A file no live entry of the contest holds is no file (404) for everyone, the host included.
  "GET /contest/:id/judge/files/:file": {
    path: (c) => `/contest/${c.w.contests.judging}/judge/files/${c.o.file}`,
    objects: true,
    expect: { anonymous: LOGIN, signedIn: 404 },
  },

  // ----- Management (SPEC §2.2, §6): administrators and staff granted the contest section -----
  "GET /management/contest": { expect: manage(200) },
  // A bulk approval with nothing selected is refused (422) and changes nothing.
  "POST /management/contest": { body: form({ _action: "approve" }), expect: manage(422, 401) },
  "GET /management/contest/:id": { path: (c) => `/management/contest/${c.w.contests.pending}`, expect: manage(200) },
  // Settling a contest still being judged is refused (409) and changes nothing, whoever asks.
  "POST /management/contest/:id": {
    path: (c) => `/management/contest/${c.w.contests.judging}`,
    body: form({ _action: "settle" }),
    expect: manage(409, 401),
  },
  "GET /management/statistics/contest": { expect: manage(200) },
  // External contests (issue 23 §12): an empty form is refused (422) and adds or changes nothing.
  "GET /management/contest/external": { expect: manage(200), section: "contest" },
  "POST /management/contest/external": { body: form({}), expect: manage(422, 401), section: "contest" },
  "GET /management/contest/external/:id": {
    path: "/management/contest/external/1",
    expect: manage(200),
    section: "contest",
  },
  "POST /management/contest/external/:id": {
    path: "/management/contest/external/1",
    body: form({ title: "" }),
    expect: manage(422, 401),
    section: "contest",
  },
  "GET /management/contest/:id/entries.csv": {
    path: (c) => `/management/contest/${c.w.contests.terminated}/entries.csv`,
    expect: manage(200),
    section: "contest",
  },
};

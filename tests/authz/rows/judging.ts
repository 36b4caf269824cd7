// The authorization matrix's rows for the judging area (see ../matrix.ts for how rows read). Judging is
// the panel's: judge-ibda sits on the judged IBDA's panel and is assigned to its first pool, which runs now;
// nobody else (administrators included: they manage, they do not score) may open or score its works.
import { all, form, json, LOGIN, manage, members, type Row } from "../presets.ts";

const onlyJudge = (judge: number | typeof LOGIN, anonymous: number | typeof LOGIN) => ({
  anonymous,
  signedIn: 403,
  judge,
});

export const ROWS: Record<string, Row> = {
  "GET /audit": { expect: onlyJudge(200, LOGIN) },
  // judge-ibda is on no panel of the design award.
  "GET /audit-award": { expect: { anonymous: LOGIN, signedIn: 403 } },
  "GET /audit/:pool/:entry": {
    path: (c) => `/audit/${c.w.ibdaPool}/${c.w.judgedEntries[0]}`,
    expect: onlyJudge(200, LOGIN),
  },
  "POST /audit/:pool/:entry": {
    path: (c) => `/audit/${c.w.ibdaPool}/${c.w.judgedEntries[1]}`,
    body: (c) => ({
      form: {
        key: crypto.randomUUID(),
        version: "0",
        abstain: "1",
        reason: "authorization matrix",
        pool: String(c.w.ibdaPool),
        entry: String(c.w.judgedEntries[1]),
      },
    }),
    expect: onlyJudge(303, 401),
  },
  "GET /api/audit/scores": { path: (c) => `/api/audit/scores?pool=${c.w.ibdaPool}`, expect: onlyJudge(200, 401) },
  "POST /api/audit/scores": {
    body: (c) =>
      json({
        pool: c.w.ibdaPool,
        entry: c.w.judgedEntries[0],
        abstain: true,
        reason: "authorization matrix",
        key: crypto.randomUUID(),
        version: 0,
      }),
    expect: onlyJudge(201, 401),
  },
  // My judging and my prizes: every member's own (empty lists for those who judge or won nothing).
  "GET /api/user/judges": { expect: members(200) },
  "GET /api/user/prizes": { expect: members(200) },

  // My page's judging sections: every member's own.
  "GET /mypage/judge": { expect: members(200, LOGIN) },
  "GET /mypage/prizes": { expect: members(200, LOGIN) },
  "GET /mypage/certificates": { expect: members(200, LOGIN) },
  // A certificate prints for its holder and administrators only (printing another member's: 403).
  "GET /print": {
    path: (c) => `/print?certificate=${c.w.judgeCertificate}`,
    expect: { anonymous: LOGIN, signedIn: 403, judge: 200, admin: 200 },
  },
  "GET /print.pdf": {
    path: (c) => `/print.pdf?certificate=${c.w.judgeCertificate}`,
    expect: { anonymous: LOGIN, signedIn: 403, judge: 200, admin: 200 },
  },
  // Winner labels are public for a ranked entry whose results are out (tests/api/judging_certificates_test.ts);
  // an entry that is not one is 404 to everyone.
  "GET /print/label.svg": { path: "/print/label.svg?entry=999999", expect: all(404) },
  "GET /print/label.png": { path: "/print/label.png?entry=999999", expect: all(404) },
  // Verification is public; a code that is not a certificate's is 404 to everyone.
  "GET /certificate/:code": { path: "/certificate/IBDA-2025-P-AAAAAAAAAA.AAAAAAAAAAAAAAAA", expect: all(404) },

  // ----- Management (SPEC §2.2 pool, judge/{role}): administrators and staff granted the section -----
  "GET /management/pool": { expect: manage(200) },
  "GET /management/pool/:id": { path: (c) => `/management/pool/${c.w.ibdaPool}`, expect: manage(200) },
  // An unknown action changes nothing and is answered 400 after the guard.
  "POST /management/pool/:id": {
    path: (c) => `/management/pool/${c.w.ibdaPool}`,
    body: form({ action: "none" }),
    expect: manage(400, 401),
  },
  "GET /management/pool/:id/ranking": {
    path: (c) => `/management/pool/${c.w.ibdaPool}/ranking`,
    section: "pool",
    expect: manage(200),
  },
  "POST /management/pool/:id/ranking": {
    path: (c) => `/management/pool/${c.w.ibdaPool}/ranking`,
    section: "pool",
    body: form({ action: "none" }),
    expect: manage(400, 401),
  },
  "GET /management/pool/:id/ranking.csv": {
    path: (c) => `/management/pool/${c.w.ibdaPool}/ranking.csv`,
    section: "pool",
    expect: manage(200),
  },
  "GET /management/judge/:role": { path: "/management/judge/ibda", section: "judge", expect: manage(200) },
  "POST /management/judge/:role": {
    path: (c) => `/management/judge/ibda?award=${c.w.judgedIbda}`,
    section: "judge",
    body: form({ action: "none" }),
    expect: manage(400, 401),
  },
};

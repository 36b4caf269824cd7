// The authorization matrix's rows for the judging area (see ../matrix.ts for how rows read). Judging is
// the panel's: judge-ibda sits on the judged IBDA's panel and is assigned to its first pool, which runs now;
// nobody else (administrators included: they manage, they do not score) may open or score its works.
import { json, LOGIN, type Row } from "../presets.ts";

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
};

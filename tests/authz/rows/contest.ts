// The authorization matrix's rows for the contest area (see ../matrix.ts for how rows read).
import { all, type Row } from "../presets.ts";

export const ROWS: Record<string, Row> = {
  // ----- Public (SPEC §7): approved contests for everyone; an unapproved one is no contest (404) -----
  "GET /api/contest": { expect: all(200) },
  "GET /api/contest/:id": { path: (c) => `/api/contest/${c.w.contests.ongoing}`, expect: all(200) },
  "GET /api/contest/awards": { expect: all(200) },
  "GET /contest": { expect: all(200) },
  "GET /contest/:id": { path: (c) => `/contest/${c.w.contests.terminated}`, expect: all(200) },
  "GET /contest/awards": { expect: all(200) },
};

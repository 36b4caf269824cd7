// The authorization matrix's rows for the job portal and talent sharing (issue 19) (see ../matrix.ts for how
// rows read). The seeded objects are the first rows of the area's own tables (db/seed/job.ts inserts them
// first into a fresh database; tests/api/job_test.ts checks these ids): posting 1 recruits (company's),
// resume 1 is member's and looking, share 1 is member's donation taking applications.
import { all, form, LOGIN, manage, members, type Row } from "../presets.ts";

export const SEEDED = { posting: 1, resume: 1, donation: 1 } as const;

export const ROWS: Record<string, Row> = {
  // ----- Public (SPEC §7): postings, looking resumes as summaries, shares that are not inactive -----
  "GET /api/job/recruit": { expect: all(200) },
  "GET /api/job/recruit/:id": { path: `/api/job/recruit/${SEEDED.posting}`, expect: all(200) },
  "GET /api/job/search": { expect: all(200) },
  "GET /api/share/donate": { expect: all(200) },
  "GET /api/share/request": { expect: all(200) },
  "GET /api/share/:type/:id": { path: `/api/share/donate/${SEEDED.donation}`, expect: all(200) },
  "GET /job/recruit": { expect: all(200) },
  "GET /job/recruit/:id": { path: `/job/recruit/${SEEDED.posting}`, expect: all(200) },
  "GET /job/search": { expect: all(200) },
  "GET /share/donate": { expect: all(200) },
  "GET /share/request": { expect: all(200) },
  "GET /share/:type/:id": { path: `/share/donate/${SEEDED.donation}`, expect: all(200) },
  // member's public designer profile (seeded on, issue 19 part 6); tests/api/designer_profile_test.ts asks the 404s.
  "GET /designer/:id": { path: (c) => `/designer/${c.w.objects.get("member")!.user}`, expect: all(200) },

  // ----- A whole resume (canReadResume): its owner (member), companies while the member is looking,
  // administrators; another individual, a judge and staff are refused (403 job.resume_hidden) -----
  "GET /api/job/search/:id": {
    path: `/api/job/search/${SEEDED.resume}`,
    expect: { anonymous: 401, signedIn: 403, member: 200, company: 200, admin: 200 },
  },
  "GET /job/search/:id": {
    path: `/job/search/${SEEDED.resume}`,
    expect: { anonymous: LOGIN, signedIn: 403, member: 200, company: 200, admin: 200 },
  },
  // The seeded resume has no photo: whoever may read the resume is told there is none.
  "GET /job/search/:id/photo": {
    path: `/job/search/${SEEDED.resume}/photo`,
    expect: { anonymous: LOGIN, signedIn: 403, member: 404, company: 404, admin: 404 },
  },

  // ----- Actions on a posting and a share: an unknown action is refused (422) to every member -----
  "POST /job/recruit/:id": {
    path: `/job/recruit/${SEEDED.posting}`,
    body: form({ _action: "bogus" }),
    expect: members(422),
  },
  "POST /share/:type/:id": {
    path: `/share/donate/${SEEDED.donation}`,
    body: form({ _action: "bogus" }),
    expect: members(422),
  },

  // ----- Wizards (SPEC §6): companies post jobs, individual members (judges are individuals too) write
  // resumes, every member shares talent; an empty first step is refused field by field (422) -----
  "GET /job/recruit/register": { expect: { anonymous: LOGIN, signedIn: 403, company: 200, admin: 200 } },
  "POST /job/recruit/register": {
    body: form({ _step: "1" }),
    expect: { anonymous: 401, signedIn: 403, company: 422, admin: 422 },
  },
  "GET /job/search/register": {
    expect: { anonymous: LOGIN, signedIn: 200, company: 403, staff: 403, staffGranted: 403 },
  },
  "POST /job/search/register": {
    body: form({ _step: "1" }),
    expect: { anonymous: 401, signedIn: 422, company: 403, staff: 403, staffGranted: 403 },
  },
  "GET /share/register": { expect: members(200, LOGIN) },
  "POST /share/register": { body: form({ _step: "1" }), expect: members(422) },

  // ----- My page (SPEC §2.5): each member's own; an unknown action is refused (422) -----
  "GET /mypage/job": { expect: members(200, LOGIN) },
  "POST /mypage/job": { body: form({ _action: "bogus" }), expect: members(422) },
  "GET /mypage/share": { expect: members(200, LOGIN) },
  "POST /mypage/share": { body: form({ application: "x" }), expect: members(422) },

  // ----- The designer profile's settings (issue 19 part 6): every member's own; the seeded profile stays on -----
  "POST /profile/designer": { body: form({ enabled: "on", parts: "donations" }), expect: members(303) },

  // ----- My dashboards (SPEC §7 /api/user/job/{type}, /api/user/share/{type}) -----
  "GET /api/user/job": { expect: members(200) },
  "GET /api/user/job/:type": { path: "/api/user/job/apply", expect: members(200) },
  "GET /api/user/share": { expect: members(200) },
  "GET /api/user/share/:type": { path: "/api/user/share/applied", expect: members(200) },

  // ----- Management (SPEC §2.2, §6): administrators and staff granted the job or share section -----
  "GET /management/job/wanted": { expect: manage(200) },
  // A bulk close with nothing checked is refused (422) and changes nothing.
  "POST /management/job/wanted": { body: form({ _action: "close" }), expect: manage(422, 401) },
  "GET /management/job/person": { expect: manage(200) },
  // A status change with nothing checked is refused (422) and changes nothing.
  "POST /management/job/person": { body: form({ _action: "status", status: "completed" }), expect: manage(422, 401) },
  "GET /management/job/statistics": { expect: manage(200) },
  "GET /management/share/:type": { path: "/management/share/request", expect: manage(200) },
  "GET /management/share/:type/:id": { path: `/management/share/donate/${SEEDED.donation}`, expect: manage(200) },
  "GET /management/share/statistics": { expect: manage(200) },
};

// The authorization matrix's rows for the programme area (see ../matrix.ts for how rows read). Ids are the
// seed's (db/seed/programme.ts, in its order on a fresh database): support calls 1–7 (3 recruiting with no
// applications, company-only), programme 8 (any member, public list; member has applied), courses 9–11
// (9 is full: member, company and judge-ibda hold places or wait), forms 1–3; applications 1–2 are call 1's,
// 7 the programme's, 8–12 the full course's, 13 member's completed past course (programme 12).
import { all, form, json, LOGIN, manage, members, type Row } from "../presets.ts";

const SUPPORT = 3;
const PROGRAM = 8;
const COURSE = 9;

/** The management rows of one section: reading screens 200, empty posts refused by validation (422). */
function managementRows(section: string, id: number, application: number): Record<string, Row> {
  const at = `/management/${section}`;
  return {
    [`GET ${at}`]: { expect: manage(200) },
    [`GET ${at}/new`]: { expect: manage(200) },
    [`POST ${at}/new`]: { body: form({}), expect: manage(422, 401) },
    [`GET ${at}/:id`]: { path: `${at}/${id}`, expect: manage(200) },
    // A bulk action names no application: refused before anything moves.
    [`POST ${at}/:id`]: { path: `${at}/${id}`, body: form({ action: "review" }), expect: manage(422, 401) },
    [`GET ${at}/:id/edit`]: { path: `${at}/${id}/edit`, expect: manage(200) },
    [`POST ${at}/:id/edit`]: { path: `${at}/${id}/edit`, body: form({}), expect: manage(422, 401) },
    [`GET ${at}/:id/applications.csv`]: { path: `${at}/${id}/applications.csv`, expect: manage(200) },
    // The seed's applications carry no documents.
    [`GET ${at}/:id/documents.zip`]: { path: `${at}/${id}/documents.zip`, expect: manage(404) },
    [`GET ${at}/:id/applications/:application`]: {
      path: `${at}/${id}/applications/${application}`,
      expect: manage(200),
    },
    // An administrator's refund of a course fee names the payment and a reason: an empty post is refused.
    [`POST ${at}/:id/applications/:application`]: {
      path: `${at}/${id}/applications/${application}`,
      body: form({}),
      expect: manage(422, 401),
    },
  };
}

export const ROWS: Record<string, Row> = {
  // ----- Management (SPEC §2.2: form, program and {id}, support and {id}, education and {id}) -----
  "GET /management/form": { expect: manage(200) },
  "POST /management/form": { body: form({}), expect: manage(422, 401) },
  "GET /management/form/:id": { path: "/management/form/1", expect: manage(200) },
  // Moving a component that does not exist changes nothing (422).
  "POST /management/form/:id": {
    path: "/management/form/1",
    body: form({ op: "up", path: "99" }),
    expect: manage(422, 401),
  },
  ...managementRows("support", 1, 1),
  ...managementRows("program", PROGRAM, 7),
  ...managementRows("education", COURSE, 8),

  // ----- Public pages: everyone reads; applying needs a sign-in, then the programme's roles, dates, form -----
  "GET /support": { expect: all(200) },
  "GET /support/:id": { path: `/support/${SUPPORT}`, expect: all(200) },
  // A company-only call: other members are refused (403 programme.role); companies and administrators get
  // past it to the form, which an empty submission does not fill (422).
  "POST /support/:id": {
    path: `/support/${SUPPORT}`,
    body: form({}),
    expect: { anonymous: 401, signedIn: 403, company: 422, admin: 422 },
  },
  "GET /program": { expect: all(200) },
  "GET /program/:id": { path: `/program/${PROGRAM}`, expect: all(200) },
  // Any member may apply; member has already applied (409).
  "POST /program/:id": {
    path: `/program/${PROGRAM}`,
    body: form({}),
    expect: { anonymous: 401, signedIn: 422, member: 409 },
  },
  "GET /education": { expect: all(200) },
  "GET /education/:id": { path: `/education/${COURSE}`, expect: all(200) },
  "POST /education/:id": {
    path: `/education/${COURSE}`,
    body: form({}),
    expect: { anonymous: 401, signedIn: 422, member: 409, company: 409, judge: 409 },
  },
  "GET /mypage/supports": { expect: members(200, LOGIN) },
  // Application 13 is member's completed course (with its certificate); anyone else's is 404.
  "GET /mypage/supports/:id": { path: "/mypage/supports/13", expect: { anonymous: LOGIN, signedIn: 404, member: 200 } },
  // Cancelling names an application: one that does not exist is 404 to every member.
  "POST /mypage/supports": { body: form({ id: "999999" }), expect: members(404) },

  // ----- Calls (SPEC §7) -----
  "GET /api/support": { expect: all(200) },
  "GET /api/support/:id": { path: "/api/support/1", expect: all(200) },
  "GET /api/program/:id": { path: `/api/program/${PROGRAM}`, expect: all(200) },
  "POST /api/program/:id": {
    path: `/api/program/${SUPPORT}`,
    body: json({}),
    expect: { anonymous: 401, signedIn: 403, company: 422, admin: 422 },
  },
  // The programme's list is public: everyone reads it (numbers, states and dates only).
  "GET /api/program/:id/list": { path: `/api/program/${PROGRAM}/list`, expect: all(200) },
  "GET /api/form/:id/components": { path: "/api/form/1/components", expect: all(200) },
  "GET /api/user/supports": { expect: members(200) },
  "GET /api/address": { path: "/api/address?q=%EC%84%B8%EC%A2%85", expect: all(200) },
};

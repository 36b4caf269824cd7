// The authorization matrix's rows for the board area (see ../matrix.ts for how rows read). The seeded
// boards (db/seed/board.ts): `notice` (staff write, members comment), `free` (anyone writes, visitors with
// a name and password); each role owns a post on `free` and a comment on notice 315 (fixtures.ts).
import { all, form, json, manage, type Row } from "../presets.ts";

/** Board staff (administrators and the support group) pass every board right (SPEC §6). */
const boardStaff = { staff: 200, staffGranted: 200, admin: 200 } as const;

export const ROWS: Record<string, Row> = {
  // ----- Calls -----
  "GET /api/bbs/:id": { path: "/api/bbs/free", expect: all(200) },
  // The forum takes anonymous posts: a visitor without a name and password is 422, members write.
  "POST /api/bbs/:id": {
    path: "/api/bbs/free",
    body: json({ title: "authz", content: "authz" }),
    expect: { anonymous: 422, signedIn: 201 },
  },
  "GET /api/bbs/:id/list": { path: "/api/bbs/notice/list", expect: all(200) },
  "GET /api/bbs/:id/latest": { path: "/api/bbs/notice/latest", expect: all(200) },
  "GET /api/bbs/post/:id/read": { path: (c) => `/api/bbs/post/${c.o.post}/read`, objects: true, expect: all(200) },
  // The writer and board staff; a visitor is asked to sign in (a member's post has no password).
  "GET /api/bbs/post/:id/edit": {
    path: (c) => `/api/bbs/post/${c.o.post}/edit`,
    objects: true,
    expect: { anonymous: 401, signedIn: [200, 403], ...boardStaff },
  },
  "POST /api/bbs/post/:id": {
    path: (c) => `/api/bbs/post/${c.o.post}`,
    body: json({ _method: "PATCH", title: "authz edit", content: "x" }),
    objects: true,
    expect: { anonymous: 401, signedIn: [200, 403], ...boardStaff },
  },
  "PATCH /api/bbs/post/:id": {
    path: (c) => `/api/bbs/post/${c.o.post}`,
    body: json({ title: "authz edit", content: "x" }),
    objects: true,
    expect: { anonymous: 401, signedIn: [200, 403], ...boardStaff },
  },
  "DELETE /api/bbs/post/:id": {
    path: (c) => `/api/bbs/post/${c.o.post}`,
    objects: true,
    fresh: "post",
    expect: { anonymous: 401, signedIn: [204, 403], staff: 204, staffGranted: 204, admin: 204 },
  },
  // A member's post has no password: 'password required or wrong' for everyone.
  "POST /api/bbs/post/:id/password": {
    path: (c) => `/api/bbs/post/${c.o.post}/password`,
    body: json({ password: "not-this-one" }),
    objects: true,
    expect: all(403),
  },
  // Notice 315: members comment, visitors do not (the notice board's comment right).
  "POST /api/bbs/post/:id/comment": {
    path: "/api/bbs/post/315/comment",
    body: json({ content: "authz" }),
    expect: { anonymous: 401, signedIn: 201 },
  },
  "PATCH /api/bbs/post/:id/comment": {
    path: "/api/bbs/post/315/comment",
    body: (c) => json({ comment: c.o.comment, content: "authz edit" }),
    objects: true,
    expect: { anonymous: 401, signedIn: [200, 403], ...boardStaff },
  },
  "DELETE /api/comment/:id": {
    path: (c) => `/api/comment/${c.o.comment}`,
    objects: true,
    fresh: "comment",
    expect: { anonymous: 401, signedIn: [204, 403], staff: 204, staffGranted: 204, admin: 204 },
  },
  // Moderation: administrators and staff granted the `post` section (SPEC §6 management access).
  "PATCH /api/bbs/post/:id/blind": {
    path: (c) => `/api/bbs/post/${c.o.post}/blind`,
    body: json({ blind: true }),
    objects: true,
    fresh: "post",
    section: "post",
    expect: { anonymous: 401, signedIn: 403, managers: 200 },
  },

  // ----- Pages -----
  "GET /board/:slug": { path: "/board/notice", expect: all(200) },
  "GET /board/:slug/:id": { path: "/board/notice/315", expect: all(200) },
  // A comment from the page: members go back to the post (303); a visitor is refused on the page.
  "POST /board/:slug/:id": {
    path: "/board/notice/315",
    body: form({ _action: "comment", content: "authz" }),
    expect: { anonymous: 401, signedIn: 303 },
  },
  "GET /board/write": { path: "/board/write?bbs=free", expect: all(200) },
  // A visitor without a name and password is shown the form again (422); members go on to the post.
  "POST /board/write": {
    path: "/board/write",
    body: form({ bbs: "free", title: "authz", content: "authz" }),
    expect: { anonymous: 422, signedIn: 303 },
  },
  // ----- Management (administrators and staff granted the section) -----
  "GET /management/post": { expect: manage(200) },
  // Nothing chosen: the screen says so (422).
  "POST /management/post": { body: form({ action: "blind" }), expect: manage(422, 401) },
  "GET /management/bbs": { expect: manage(200) },
  // A new board without an address: the form again (422).
  "POST /management/bbs": { body: form({ slug: "", name: "" }), section: "bbs", expect: manage(422, 401) },
  "GET /management/bbs/:id": { path: "/management/bbs/1", expect: manage(200) },
  "POST /management/bbs/:id": { path: "/management/bbs/1", body: form({ name: "" }), expect: manage(422, 401) },
  "GET /management/category": { expect: manage(200) },
  "POST /management/category": { body: form({ action: "add", name: "" }), expect: manage(422, 401) },

  "GET /management/akfw": { expect: manage(200) },
  "POST /management/akfw": { body: form({ action: "add", name: "" }), section: "akfw", expect: manage(422, 401) },
  "GET /management/akfw/:kind": { path: "/management/akfw/video", expect: manage(200) },
  "POST /management/akfw/:kind": {
    path: "/management/akfw/video",
    body: form({ action: "add", title: "" }),
    section: "akfw",
    expect: manage(422, 401),
  },
  // One item's screen: its fields, a designer's works, an album's photos (designer 1 and video 1 are seeded).
  "GET /management/akfw/:kind/:id": { path: "/management/akfw/designer/1", section: "akfw", expect: manage(200) },
  "POST /management/akfw/:kind/:id": {
    path: "/management/akfw/video/1",
    body: form({ action: "save", title: "", provider: "youtube", video_key: "abcdefgh" }),
    section: "akfw",
    expect: manage(422, 401),
  },

  // ----- Galleries and events -----
  "GET /api/akfw/designer": { expect: all(200) },
  "GET /api/akfw/designer/:id": { path: "/api/akfw/designer/1", expect: all(200) },
  "GET /api/akfw/photo": { expect: all(200) },
  "GET /api/akfw/photo/:id": { path: "/api/akfw/photo/1", expect: all(200) },
  "GET /api/akfw/video": { expect: all(200) },
  "GET /api/akfw/video/:id": { path: "/api/akfw/video/1", expect: all(200) },
  "GET /gallery/designer": { expect: all(200) },
  "GET /gallery/designer/:id": { path: "/gallery/designer/1", expect: all(200) },
  "GET /gallery/photo": { expect: all(200) },
  "GET /gallery/photo/:id": { path: "/gallery/photo/1", expect: all(200) },
  "GET /gallery/video": { expect: all(200) },
  "GET /gallery/video/:id": { path: "/gallery/video/1", expect: all(200) },
  "GET /notice/events": { expect: all(200) },
  "GET /notice/events.ics": { expect: all(200) },

  // ----- Site search -----
  "GET /api/search": { path: "/api/search?q=design", expect: all(200) },
  "GET /search": { path: "/search?q=design", expect: all(200) },

  "GET /notice": { expect: all(302) },
  "GET /notice/:key": { path: "/notice/318", expect: all(302) },
};

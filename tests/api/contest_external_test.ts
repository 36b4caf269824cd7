// External contests (issue 23 §12; SPEC §1 contests "listed as award"): other organisations' contests are
// listed on /contest with an 'external' mark and a link to the organiser's page — the open and coming ones,
// not those over or unpublished — and staff add, edit (poster included) and delete them under
// /management/contest/external; a bad link (javascript:, a relative path) or period is refused on the form.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";
import { externalContests } from "../../db/schema/contest.ts";
import { files } from "../../db/schema/file.ts";

const t = await openTestApp();
const db = t.app.database.db;

async function get(path: string, cookie?: string) {
  const res = await t.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

async function send(path: string, cookie: string, fields: Record<string, string>, poster?: Uint8Array) {
  const body = new FormData();
  body.set("_token", TEST_CSRF);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (poster) body.set("poster", new File([poster as Uint8Array<ArrayBuffer>], "poster.jpg", { type: "image/jpeg" }));
  const res = await t.request(path, { method: "POST", headers: csrfHeaders({ cookie }), body, redirect: "manual" });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

const valid = {
  title: "한빛 타이포그래피 공모전",
  title_en: "Hanbit Typography Contest",
  organiser: "한빛글꼴협회",
  organiser_en: "Hanbit Type Society",
  link: "https://type.example.org/contest",
  start_on: "2026-11-01",
  end_on: "2099-12-31",
  prize: "대상 300만 원",
  published: "on",
};

appTest("/contest lists the open and coming external contests, marked, linking to the organiser", async () => {
  const ko = await get("/contest");
  assert.equal(ko.status, 200);
  assert.match(ko.html, /다른 기관의 공모전/);
  assert.match(ko.html, /전국 공공디자인 공모전/);
  assert.match(ko.html, /친환경 패키지 디자인 공모전/);
  assert.doesNotMatch(ko.html, /지난 캐릭터 공모전/, "over");
  assert.doesNotMatch(ko.html, /준비 중인 공모전/, "not published");
  assert.match(
    ko.html,
    /<a class="card-link" href="https:\/\/www\.example\.org\/contests" rel="external noopener noreferrer">/,
  );
  assert.match(ko.html, /외부 공모전/);
  const en = await get("/en/contest");
  assert.match(en.html, /National Public Design Contest/);
  assert.match(en.html, /Korea Public Design Association/);
});

appTest("staff add, edit and delete an external contest; bad links and periods are refused", async () => {
  const admin = await signIn(t, "admin");
  const member = await signIn(t, "member");
  assert.equal((await get("/management/contest/external", member)).status, 403);
  assert.equal((await get("/management/contest/external", admin)).status, 200);

  for (
    const [change, field] of [
      [{ link: "javascript:alert(1)" }, "http 또는 https"],
      [{ link: "/contest" }, "http 또는 https"],
      [{ end_on: "2026-10-01" }, "접수 마감일은 시작일보다"],
      [{ start_on: "2026-02-30" }, "YYYY-MM-DD"],
      [{ title: "" }, "공모전 이름을 입력"],
    ] as const
  ) {
    const refused = await send("/management/contest/external", admin, { ...valid, ...change });
    assert.equal(refused.status, 422, JSON.stringify(change));
    assert.match(refused.html, new RegExp(field), JSON.stringify(change));
  }
  assert.equal((await db.select().from(externalContests).where(eq(externalContests.title, valid.title))).length, 0);

  const added = await send("/management/contest/external", admin, valid, await photo(600, 800));
  assert.equal(added.status, 303);
  const [row] = await db.select().from(externalContests).where(eq(externalContests.title, valid.title));
  assert.equal(added.location, `/management/contest/external/${row.id}`);
  assert.ok(row.posterId, "the poster is stored");
  const [poster] = await db.select().from(files).where(eq(files.id, row.posterId!));
  assert.deepEqual([poster.purpose, poster.access], ["contest_external_poster", "public"]);
  assert.match((await get("/contest")).html, /한빛 타이포그래피 공모전/, "shown at once (the page cache dropped)");

  const edited = await send(`/management/contest/external/${row.id}`, admin, {
    ...valid,
    prize: "대상 500만 원",
    remove_poster: "1",
  });
  assert.equal(edited.status, 303);
  const [after] = await db.select().from(externalContests).where(eq(externalContests.id, row.id));
  assert.equal(after.prize, "대상 500만 원");
  assert.equal(after.posterId, null);
  assert.equal((await db.select().from(files).where(eq(files.id, row.posterId!))).length, 0, "the poster is gone");

  const removed = await send(`/management/contest/external/${row.id}`, admin, { _action: "delete" });
  assert.equal(removed.status, 303);
  assert.equal((await db.select().from(externalContests).where(eq(externalContests.id, row.id))).length, 0);
  assert.equal((await get(`/management/contest/external/${row.id}`, admin)).status, 404);
  assert.doesNotMatch((await get("/contest")).html, /한빛 타이포그래피 공모전/);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());

// SPEC §2.3's per-sub-site layouts audit, user and builder (/management/layout): the judges' audit screens,
// my page and the page builder draw the frame and the notes their site set for that layout, in each
// language; without a setting they keep their usual frame; an error screen keeps its own.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { sites } from "../../db/schema/site.ts";
import { routeLayoutName } from "../../domain/builder/layouts.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const member = await signIn(t, "member");
const judge = await signIn(t, "judge-ibda");
const [www] = await db.select().from(sites).where(eq(sites.subDomain, "www"));
const [ibda] = await db.select().from(sites).where(eq(sites.subDomain, "ibda"));

const page = async (path: string, cookie: string) => {
  const res = await t.request(path, { headers: { cookie } });
  return { status: res.status, text: await res.text() };
};

const setLayout = async (site: number, body: Record<string, string>) => {
  const res = await t.request(`/management/layout?site=${site}`, {
    method: "POST",
    headers: csrfHeaders({ cookie: admin, "content-type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams({ _token: TEST_CSRF, notice: "", footer_note: "", ...body }),
  });
  await res.body?.cancel();
  return res.status;
};

/** The page once every instance has dropped its cached layouts (the table notifies site_cache). */
async function pageUntil(path: string, cookie: string, has: string) {
  let last = await page(path, cookie);
  for (let i = 0; i < 100 && !last.text.includes(has); i++) {
    await new Promise((r) => setTimeout(r, 20));
    last = await page(path, cookie);
  }
  return last;
}

const notice = (text: string) => `<p class="layout-notice">${text}</p>`;
const note = (text: string) => `<p class="layout-note">${text}</p>`;

appTest("the screens of the audit, user and builder layouts", () => {
  assert.equal(routeLayoutName("/audit"), "audit");
  assert.equal(routeLayoutName("/audit/3/17"), "audit");
  assert.equal(routeLayoutName("/audit-award"), "audit");
  assert.equal(routeLayoutName("/mypage"), "user");
  assert.equal(routeLayoutName("/mypage/supports/4"), "user");
  assert.equal(routeLayoutName("/builder/preview"), "builder");
  for (const path of ["/", "/about/history", "/mypages", "/auditor", "/management/layout", "/api/audit/scores"]) {
    assert.equal(routeLayoutName(path), null, path);
  }
});

appTest("my page takes the user layout's frame and notes, per language; content pages do not", async () => {
  const before = await page("/mypage", member);
  assert.equal(before.status, 200);
  assert.match(before.text, /class="main main-member"/, "the member frame while nothing is set");
  assert.doesNotMatch(before.text, /layout-notice/);

  assert.equal(
    await setLayout(www.id, {
      name: "user",
      locale: "ko",
      shell: "sub",
      notice: "마이페이지 점검 안내",
      footer_note: "문의 063-000-1000",
    }),
    303,
  );
  const after = await pageUntil("/mypage", member, "마이페이지 점검 안내");
  assert.match(after.text, /class="main main-sub"/, "the frame the setting chose");
  assert.doesNotMatch(after.text, /main-member/);
  assert.ok(after.text.includes(notice("마이페이지 점검 안내")));
  assert.ok(after.text.includes(note("문의 063-000-1000")));
  // Every screen of my page, not just its index.
  assert.ok((await page("/mypage/awards", member)).text.includes(notice("마이페이지 점검 안내")));
  // The English variant is its own: not set, so English my page keeps the member frame and no notes.
  const en = await page("/en/mypage", member);
  assert.match(en.text, /class="main main-member"/);
  assert.doesNotMatch(en.text, /layout-notice|점검/);
  assert.equal(
    await setLayout(www.id, { name: "user", locale: "en", shell: "default", notice: "My page maintenance" }),
    303,
  );
  const enAfter = await pageUntil("/en/mypage", member, "My page maintenance");
  assert.match(enAfter.text, /class="main main-default"/);
  assert.ok(enAfter.text.includes(notice("My page maintenance")));
  // A content page keeps its own layout (sub), without the user layout's notes.
  const content = await page("/about/history", member);
  assert.match(content.text, /class="main main-sub"/);
  assert.doesNotMatch(content.text, /마이페이지 점검/);
  // Another site's setting is not this one's: the IBDA site's my page keeps the member frame.
  const other = await t.request("http://ibda.localhost/mypage", { headers: { cookie: member } });
  assert.doesNotMatch(await other.text(), /마이페이지 점검/);
});

appTest("the audit screens take the audit layout; an error screen keeps its own frame", async () => {
  const before = await page("/audit", judge);
  assert.equal(before.status, 200, before.text.slice(0, 200));
  assert.match(before.text, /class="main main-default"/);
  assert.equal(
    await setLayout(www.id, { name: "audit", locale: "ko", shell: "sub", notice: "심사 마감 11월 30일" }),
    303,
  );
  const after = await pageUntil("/audit", judge, "심사 마감 11월 30일");
  assert.equal(after.status, 200);
  assert.match(after.text, /class="main main-sub"/);
  assert.ok(after.text.includes(notice("심사 마감 11월 30일")));
  // A member on no panel is refused (403): the error screen, without the layout's frame or notes.
  const refused = await page("/audit", member);
  assert.equal(refused.status, 403);
  assert.match(refused.text, /class="main main-error"/);
  assert.doesNotMatch(refused.text, /심사 마감/);
  // The other family's audit screen is a screen of the same layout.
  const award = await page("/audit-award", judge);
  assert.equal(award.status, 403, "no award panel");
  assert.doesNotMatch(award.text, /심사 마감/);
});

appTest("the builder takes the builder layout; a bad setting is refused", async () => {
  const before = await page("/builder", admin);
  assert.equal(before.status, 200);
  assert.match(before.text, /class="main main-default"/);
  assert.equal(
    await setLayout(www.id, { name: "builder", locale: "ko", shell: "sub", notice: "배포는 평일 오후에" }),
    303,
  );
  const after = await pageUntil("/builder", admin, "배포는 평일 오후에");
  assert.match(after.text, /class="main main-sub"/);
  assert.ok(after.text.includes(notice("배포는 평일 오후에")));
  // Refused: an unknown shell or layout (422), and a member may not set layouts at all.
  assert.equal(await setLayout(www.id, { name: "builder", locale: "ko", shell: "agent" }), 422);
  assert.equal(await setLayout(www.id, { name: "mypage", locale: "ko", shell: "sub" }), 422);
  const byMember = await t.request(`/management/layout?site=${ibda.id}`, {
    method: "POST",
    headers: csrfHeaders({ cookie: member, "content-type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams({ _token: TEST_CSRF, name: "builder", locale: "ko", shell: "print" }),
  });
  assert.equal(byMember.status, 403);
  await byMember.body?.cancel();
});

appTest("the management screen shows each layout's usual frame while its site has set none", async () => {
  const { text } = await page(`/management/layout?site=${ibda.id}`, admin);
  const selected = (name: string) =>
    new RegExp(`id="layout-${name}-ko-shell"[\\s\\S]*?<option value="([a-z]+)" selected`).exec(text)?.[1];
  assert.equal(selected("user"), "authenticated");
  assert.equal(selected("audit"), "default");
  assert.equal(selected("builder"), "default");
  assert.equal(selected("sub"), "sub");
});

appTest("close", () => t.close());

// The public designer profile over HTTP (issue 19 part 6): /designer/{id} in Korean and English shows only the
// parts the member ticked on /profile (POST /profile/designer); a member who did not turn it on has no page
// (404), a resume that is not looking is not shown even when ticked, a prize's certificate links to its
// verification page, and withdrawal takes the page away at once.
import assert from "node:assert/strict";
import { and, eq, ne } from "drizzle-orm";
import { designerProfiles, resumes } from "../../db/schema/job.ts";
import { users } from "../../db/schema/member.ts";
import { withdrawMember } from "../../domain/member/withdraw.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { DEMO_PASSWORD, signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const userId = async (username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const memberId = await userId("member");
const testerId = await userId("tester");

async function html(path: string, status = 200, cookie?: string) {
  const res = await t.request(path, { headers: cookie ? { cookie } : {} });
  const body = await res.text();
  assert.equal(res.status, status, `${path}: ${body.slice(0, 300)}`);
  return body;
}

function settings(cookie: string, fields: [string, string][]) {
  return t.request("/profile/designer", {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams(fields).toString(),
  });
}

const SECTIONS = ["prizes", "products", "resume", "donations"] as const;
/** What the seeded member has to show: no prizes, products on sale, a looking resume, a donation. */
const MEMBER_SECTIONS = ["products", "resume", "donations"];
// The seeded prize winner who shows their prizes (db/seed/job.ts).
const [winner] = await db.select({ userId: designerProfiles.userId }).from(designerProfiles)
  .where(and(ne(designerProfiles.userId, memberId), eq(designerProfiles.enabled, true)));
const sectionsOf = (page: string) => SECTIONS.filter((s) => page.includes(`id="profile-${s}"`));

appTest("a member's profile with every part, in Korean and English, nothing private on it", async () => {
  const ko = await html(`/designer/${memberId}`);
  // The seeded member ticked every part and has intellect products on sale, a looking resume and a donation
  // taking applications, but no prize: the prizes part is left out.
  assert.deepEqual(sectionsOf(ko), MEMBER_SECTIONS);
  assert.match(ko, /디자이너 프로필/);
  assert.match(ko, /디자인 마켓 상품/);
  const [resume] = await db.select().from(resumes).where(eq(resumes.userId, memberId));
  assert.match(ko, new RegExp(`href="/job/search/${resume.id}"`));
  // No contact detail of the member's account is published.
  const [account] = await db.select().from(users).where(eq(users.id, memberId));
  assert.ok(!ko.includes(account.email), "the email is not on the public page");
  if (account.phone) assert.ok(!ko.includes(account.phone), "the phone is not on the public page");
  assert.ok(!ko.includes(`>${account.username}<`), "the sign-in ID is not on the public page");
  const en = await html(`/en/designer/${memberId}`);
  assert.deepEqual(sectionsOf(en), MEMBER_SECTIONS);
  assert.match(en, /Designer profile/);
  assert.match(en, /Design market products/);
  assert.match(en, /lang="en"/);
});

appTest("each prize's certificate links to its public verification page, which confirms it", async () => {
  assert.ok(winner, "a prize winner's profile is seeded");
  const page = await html(`/designer/${winner.userId}`);
  assert.deepEqual(sectionsOf(page), ["prizes"]);
  const links = [...page.matchAll(/href="(\/certificate\/[^"]+)"/g)].map((m) => m[1]);
  assert.ok(links.length > 0, "the winner holds at least one live prize certificate");
  for (const link of links) {
    const verify = await html(link);
    assert.match(verify, /유효한 증서입니다/);
  }
  const en = await html(`/en/designer/${winner.userId}`);
  assert.match(en, /href="\/en\/certificate\//);
});

appTest("a member who did not turn the profile on has no page (404), in both languages", async () => {
  assert.equal((await db.select().from(designerProfiles).where(eq(designerProfiles.userId, testerId))).length, 0);
  await html(`/designer/${testerId}`, 404);
  await html(`/en/designer/${testerId}`, 404);
  await html("/designer/999999", 404);
  await html("/designer/abc", 400);
  // Ticking parts without turning the profile on shows nothing either.
  assert.equal((await settings(tester, [["parts", "donations"]])).status, 303);
  await html(`/designer/${testerId}`, 404);
});

appTest("only the ticked parts show; a resume that is not looking is not shown even when ticked", async () => {
  const [own] = await db.select().from(resumes).where(eq(resumes.userId, testerId));
  assert.equal(own.status, "completed");
  const res = await settings(tester, [["enabled", "on"], ["parts", "resume"], ["parts", "donations"]]);
  assert.equal(res.status, 303);
  assert.match(res.headers.get("location") ?? "", /\/profile#designer-profile$/);
  const page = await html(`/designer/${testerId}`);
  assert.deepEqual(sectionsOf(page), [], "tester's resume is completed and tester donates nothing public");
  assert.match(page, /공개한 내용이 아직 없습니다/);
  assert.ok(!page.includes(own.title), "the completed resume's title is nowhere on the page");
  // Once looking, the ticked resume shows.
  await db.update(resumes).set({ status: "looking" }).where(eq(resumes.id, own.id));
  assert.deepEqual(sectionsOf(await html(`/designer/${testerId}`)), ["resume"]);
  await db.update(resumes).set({ status: "completed" }).where(eq(resumes.id, own.id));
  assert.deepEqual(sectionsOf(await html(`/designer/${testerId}`)), []);

  // The member shows only donations now: prizes, products and resume are gone from the page.
  assert.equal((await settings(member, [["enabled", "1"], ["parts", "donations"]])).status, 303);
  assert.deepEqual(sectionsOf(await html(`/designer/${memberId}`)), ["donations"]);
  // /profile shows the settings as saved, with the link to the page.
  const profile = await html("/profile", 200, member);
  assert.match(profile, /id="designer-profile"/);
  assert.match(profile, /name="parts" value="donations" checked/);
  assert.match(profile, new RegExp(`href="/designer/${memberId}"`));
  // Turned off: no page at once.
  assert.equal((await settings(member, [["parts", "donations"]])).status, 303);
  await html(`/designer/${memberId}`, 404);
  assert.equal(
    (await settings(member, [["enabled", "on"], ...SECTIONS.map((s) => ["parts", s] as [string, string])]))
      .status,
    303,
  );
  assert.deepEqual(sectionsOf(await html(`/designer/${memberId}`)), MEMBER_SECTIONS);
});

appTest("the settings refuse nobody signed in, a part that does not exist and a forged request", async () => {
  const anonymous = await t.request("/profile/designer", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/x-www-form-urlencoded", accept: "application/json" }),
    body: "enabled=on",
  });
  assert.equal(anonymous.status, 401);
  const bad = await t.request("/profile/designer", {
    method: "POST",
    headers: csrfHeaders({
      cookie: member,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    }),
    body: "enabled=on&parts=email",
  });
  assert.equal(bad.status, 422);
  const forged = await t.request("/profile/designer", {
    method: "POST",
    headers: { cookie: member, "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    body: "enabled=on",
  });
  assert.equal(forged.status, 403);
  // Nothing changed by the refused ones.
  assert.deepEqual(sectionsOf(await html(`/designer/${memberId}`)), MEMBER_SECTIONS);
});

appTest("withdrawal removes the profile at once", async () => {
  assert.equal((await settings(tester, [["enabled", "on"], ["parts", "prizes"]])).status, 303);
  await html(`/designer/${testerId}`, 200);
  await withdrawMember(
    db,
    testerId,
    { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, confirm: "on" },
    "10.9.9.9",
    { config: t.config, files: t.app.files },
  );
  assert.equal((await db.select().from(designerProfiles).where(eq(designerProfiles.userId, testerId))).length, 0);
  await html(`/designer/${testerId}`, 404);
  await html(`/en/designer/${testerId}`, 404);
  // Even a settings row written behind the app's back shows nothing for a withdrawn member.
  await db.insert(designerProfiles).values({ userId: testerId, enabled: true, showDonations: true });
  await html(`/designer/${testerId}`, 404);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());

// /management/schedule (SPEC §2.2, issue 23 §14): the events schedule the boards area keeps, at the path
// SPEC names — the same screen as /management/akfw/schedule, under the `schedule` grant: staff granted it
// add an event there (it shows on /notice/events); staff without it, members and visitors are refused.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { managementGrants } from "../../db/schema/member.ts";
import { scheduleEvents } from "../../db/schema/board.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");

const get = (path: string, cookie?: string) =>
  t.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
const send = async (fields: Record<string, string>, cookie: string, path = "/management/schedule") => {
  const res = await t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie }),
    body: new URLSearchParams({ ...fields, _token: TEST_CSRF }),
    redirect: "manual",
  });
  return { res, html: await res.text() };
};
const grant = async (sections: string[]) => {
  await db.delete(managementGrants).where(eq(managementGrants.roleCode, "support_group"));
  if (sections.length) {
    await db.insert(managementGrants).values(sections.map((section) => ({ roleCode: "support_group", section })));
  }
};

appTest("/management/schedule shows the schedule screen in both languages, posting back to itself", async () => {
  const ko = await get("/management/schedule", admin);
  assert.equal(ko.status, 200);
  const html = await ko.text();
  assert.match(html, /<form method="post" action="\/management\/schedule"/);
  assert.match(html, /name="starts_on"/);
  assert.doesNotMatch(html, /href="\/management\/akfw\/video"/, "on its own, without the gallery tabs");
  const [event] = await db.select().from(scheduleEvents).limit(1);
  assert.ok(html.includes(event.title), "the events are listed");
  const en = await get("/en/management/schedule", admin);
  assert.equal(en.status, 200);
  assert.match(await en.text(), /action="\/en\/management\/schedule"/);
});

appTest("staff granted schedule add an event there; bad input is refused on the screen", async () => {
  await grant(["schedule"]);
  assert.equal((await get("/management/schedule", staff)).status, 200);
  const bad = await send(
    { action: "add", title: "거꾸로 행사", starts_on: "2027-03-10", ends_on: "2027-03-09" },
    staff,
  );
  assert.equal(bad.res.status, 422);
  assert.match(bad.html, /action="\/management\/schedule"/);
  const added = await send(
    { action: "add", title: "일정 화면 행사", starts_on: "2027-03-10", ends_on: "2027-03-11" },
    staff,
  );
  assert.equal(added.res.status, 303);
  assert.match(added.res.headers.get("location") ?? "", /\/management\/schedule$/);
  const [row] = await db.select().from(scheduleEvents).where(eq(scheduleEvents.title, "일정 화면 행사"));
  assert.ok(row);
  assert.match(await (await get("/notice/events?month=2027-03")).text(), /일정 화면 행사/);
  assert.equal((await send({ action: "delete", id: String(row.id) }, staff)).res.status, 303);
  assert.equal((await db.select().from(scheduleEvents).where(eq(scheduleEvents.id, row.id))).length, 0);
  // The grant is the schedule's alone: the galleries' screens stay closed.
  assert.equal((await get("/management/akfw/schedule", staff)).status, 403);
});

appTest("staff without the grant, members and visitors cannot use it", async () => {
  await grant(["akfw"]);
  assert.equal((await get("/management/schedule", staff)).status, 403);
  assert.equal(
    (await send({ action: "add", title: "몰래", starts_on: "2027-03-10", ends_on: "2027-03-11" }, staff)).res.status,
    403,
  );
  assert.equal((await get("/management/schedule", member)).status, 403);
  const visitor = await get("/management/schedule");
  assert.ok([302, 303].includes(visitor.status), "a visitor is sent to sign in");
  assert.equal((await db.select().from(scheduleEvents).where(eq(scheduleEvents.title, "몰래"))).length, 0);
  await grant([]);
});

appTest("close", async () => {
  await t.close();
});

// Issue 11 parts 2–3 over HTTP: /audit and /audit-award, the plain score form, and POST /api/audit/scores
// with every bad input the issue names (outside the period, outside the categories, a conflict-withheld
// entry, another award, a member who is not a judge, a score off the scale, the same offline score sent
// twice, two devices editing one score), on the seeded demo (db/seed/judging.ts).
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { awardPools, awards, entries } from "../../db/schema/award.ts";
import { criteria, panelJudges, poolCategories, poolJudges, scoreReceipts, scores } from "../../db/schema/judging.ts";
import { users } from "../../db/schema/member.ts";
import { files } from "../../db/schema/file.ts";
import { mayReadFile } from "../../domain/file/access.ts";
import { loadViewer } from "../../domain/member/viewer.ts";

const t = await openTestApp();
const db = t.app.database.db;

const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
const pools = await db.select().from(awardPools).where(eq(awardPools.awardId, judged.id));
const first = pools.find((p) => p.kind === "first")!;
const final = pools.find((p) => p.kind === "final")!;
const list = await db.select().from(criteria).where(and(eq(criteria.awardId, judged.id), eq(criteria.round, "first")));
const [me] = await db.select().from(users).where(eq(users.username, "judge-ibda"));
const [myPanel] = await db.select().from(panelJudges)
  .where(and(eq(panelJudges.awardId, judged.id), eq(panelJudges.userId, me.id)));
const works = await db.select().from(entries).where(eq(entries.awardId, judged.id)).orderBy(entries.id);
const conflicted = works.find((e) => e.designerAffiliation === myPanel.affiliation)!;
const judgeable = works.filter((e) => e !== conflicted && e.status !== "pay_incomplete");
const [otherAwardEntry] = await db.select().from(entries).where(eq(entries.awardId, judged.id - 1)).limit(1);

const judge = await signIn(t, "judge-ibda");
const member = await signIn(t, "member");
const dcb = await signIn(t, "judge-dcb");

/** Whether the member may read the entry's thumbnail now (domain/file/access.ts mayReadFile). */
async function readsThumbnail(entry: { thumbnailId: number | null }, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const [file] = await db.select().from(files).where(eq(files.id, entry.thumbnailId!));
  assert.equal(file.access, "judges");
  return await mayReadFile(db, (await loadViewer(db, user.id))!.viewer, file);
}

const full = (v = 7) => Object.fromEntries(list.map((c) => [String(c.id), v]));

async function post(cookie: string | null, body: Record<string, unknown>) {
  const res = await t.request("/api/audit/scores", {
    method: "POST",
    headers: csrfHeaders({
      "content-type": "application/json",
      accept: "application/json",
      ...(cookie ? { cookie } : {}),
    }),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
const score = (entry: number, over: Record<string, unknown> = {}) => ({
  pool: first.id,
  entry,
  values: full(),
  comment: "",
  abstain: false,
  reason: "",
  key: crypto.randomUUID(),
  version: 0,
  ...over,
});
const rowsOf = async (entry: number) =>
  await db.select().from(scores).where(and(eq(scores.entryId, entry), eq(scores.judgeId, myPanel.id)));

appTest("/audit: the judge's list is blind, withholds the conflict, and shows progress", async () => {
  assert.ok(conflicted, "the seed has a work by the judge's own workshop");
  const res = await t.request("/audit", { headers: { cookie: judge } });
  const html = await res.text();
  assert.equal(res.status, 200, html.slice(0, 300));
  for (const e of judgeable) assert.ok(html.includes(`/audit/${first.id}/${e.id}"`), `lists ${e.id}`);
  assert.ok(!html.includes(`/audit/${first.id}/${conflicted.id}"`), "the conflict is withheld");
  for (const e of works) {
    for (const secret of [e.designerName, e.designerEmail, e.designerAffiliation, e.company].filter(Boolean)) {
      assert.ok(!html.includes(secret), `no entrant detail (${secret}) in the list`);
    }
  }
  assert.match(html, new RegExp(`data-progress="todo">${judgeable.length}<`));
  const one = await t.request(`/audit/${first.id}/${judgeable[0].id}`, { headers: { cookie: judge } });
  const page = await one.text();
  assert.equal(one.status, 200);
  assert.ok(page.includes("audit_image.jpg"), "pictures as the audit_image derivative");
  const image = /src="(\/api\/file\/\d+\/audit_image\.jpg)"/.exec(page)![1];
  // The test's file store starts empty (the seed's bytes live in the template's), so the judge's answer is
  // "not found" rather than the picture — but never "no access", which another member gets.
  const picture = await t.request(image, { headers: { cookie: judge } });
  assert.notEqual(picture.status, 403, "the judge may see the work's picture");
  await picture.body?.cancel();
  const refused = await t.request(image, { headers: { cookie: member } });
  assert.equal(refused.status, 403, "another member may not");
  await refused.body?.cancel();
  for (const secret of [judgeable[0].designerName, judgeable[0].designerEmail]) assert.ok(!page.includes(secret));
  const en = await t.request(`/en/audit?pool=${first.id}`, { headers: { cookie: judge } });
  assert.equal(en.status, 200);
  assert.match(await en.text(), /IBDA judging/);
});

appTest("/audit: anonymous visitors sign in first; a member who is not a judge is refused", async () => {
  const anon = await t.request("/audit");
  assert.equal(anon.status, 303);
  assert.match(anon.headers.get("location") ?? "", /\/login\?redirect=%2Faudit/);
  assert.equal((await t.request("/audit", { headers: { cookie: member } })).status, 403);
  assert.equal((await t.request("/audit-award", { headers: { cookie: judge } })).status, 403, "no award panel");
  assert.equal((await t.request(`/audit/${first.id}/${judgeable[0].id}`, { headers: { cookie: member } })).status, 403);
  // The DCB judge sits on the open award's panel, which is not auditable yet: the screen says so.
  const award = await t.request("/audit-award", { headers: { cookie: dcb } });
  assert.equal(award.status, 403);
  assert.match(await award.text(), /지금 심사할 수 있는 어워드가 아닙니다/);
});

appTest(
  "POST /api/audit/scores: saved once, a replayed key counted once, two devices detected by version",
  async () => {
    const entry = judgeable[0].id;
    const first1 = score(entry, { values: { ...full(8) } });
    const saved = await post(judge, first1);
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    assert.equal(saved.body.data.version, 1);
    assert.equal(saved.body.data.total, 80);
    // The offline queue sends the same change again: answered, not counted twice.
    const again = await post(judge, first1);
    assert.equal(again.status, 200);
    assert.equal(again.body.replayed, true);
    assert.equal((await rowsOf(entry)).length, 1);
    assert.equal((await rowsOf(entry))[0].version, 1);
    // The key names one change: reused for another work it is refused.
    assert.equal((await post(judge, { ...first1, entry: judgeable[1].id })).status, 409);
    // A second device that loaded the entry before the first saved still holds version 0.
    const other = await post(judge, score(entry, { values: full(3) }));
    assert.equal(other.status, 409);
    assert.equal(other.body.key, "judging.error.version_conflict");
    assert.equal(other.body.current.total, 80, "the conflict shows the score as it stands");
    const update = await post(judge, score(entry, { values: full(9), version: 1 }));
    assert.equal(update.status, 201);
    assert.equal(update.body.data.version, 2);
    const stale = await post(judge, score(entry, { values: full(2), version: 1 }));
    assert.equal(stale.status, 409);
    assert.equal((await rowsOf(entry))[0].total, 9000);
    const receipts = await db.select().from(scoreReceipts).where(eq(scoreReceipts.judgeId, myPanel.id));
    assert.equal(receipts.length, 2);
  },
);

appTest("POST /api/audit/scores: refusals for every bad input", async () => {
  const entry = judgeable[1].id;
  const expect = async (cookie: string | null, body: Record<string, unknown>, status: number, key?: string) => {
    const res = await post(cookie, body);
    assert.equal(res.status, status, JSON.stringify(body).slice(0, 120) + " → " + JSON.stringify(res.body));
    if (key) assert.equal(res.body.key, key);
  };
  await expect(null, score(entry), 401);
  await expect(member, score(entry), 403, "judging.error.not_on_panel");
  await expect(dcb, score(entry), 403, "judging.error.not_on_panel");
  await expect(judge, score(entry, { pool: final.id }), 403, "judging.error.outside_period");
  await expect(judge, score(conflicted.id), 403, "judging.error.conflict");
  await expect(judge, score(otherAwardEntry.id), 404, "judging.error.entry_not_found");
  await expect(judge, score(entry, { pool: 999_999 }), 404);
  await expect(judge, score(entry, { values: full(11) }), 422, "judging.error.out_of_scale");
  await expect(judge, score(entry, { values: full(-1) }), 422, "judging.error.out_of_scale");
  await expect(judge, score(entry, { values: { [String(list[0].id)]: 5 } }), 422, "judging.error.out_of_scale");
  await expect(judge, score(entry, { abstain: true }), 422);
  await expect(judge, score(entry, { key: "x" }), 422);
  await expect(judge, score(entry, { version: -1 }), 422);
  await expect(judge, { pool: "abc" }, 422);
  // A score queued on a shared tablet by another judge is not this session's to send (nor the reverse).
  const [otherJudge] = await db.select().from(users).where(eq(users.username, "judge-dcb"));
  await expect(judge, score(entry, { judge: otherJudge.id }), 403, "judging.error.other_judge");
  await expect(dcb, score(entry, { judge: me.id }), 403, "judging.error.other_judge");
  assert.equal((await rowsOf(entry)).length, 0, "nothing was saved");

  // Outside the judge's categories: assigned only to another category for a moment.
  const [assignment] = await db.select().from(poolJudges)
    .where(and(eq(poolJudges.poolId, first.id), eq(poolJudges.judgeId, myPanel.id)));
  const others = assignment.categories.filter((c) => c !== judgeable[1].category);
  await db.update(poolJudges).set({ categories: others })
    .where(and(eq(poolJudges.poolId, first.id), eq(poolJudges.judgeId, myPanel.id)));
  await expect(judge, score(entry), 403, "judging.error.outside_categories");
  await db.update(poolJudges).set({ categories: assignment.categories })
    .where(and(eq(poolJudges.poolId, first.id), eq(poolJudges.judgeId, myPanel.id)));

  // Excluded from the panel since yesterday.
  await db.update(panelJudges).set({ excludedAt: new Date(Date.now() - 86_400_000) }).where(
    eq(panelJudges.id, myPanel.id),
  );
  await expect(judge, score(entry), 403, "judging.error.excluded");
  await db.update(panelJudges).set({ excludedAt: null }).where(eq(panelJudges.id, myPanel.id));

  // An abstention with its reason is kept, without a total.
  const abstained = await post(
    judge,
    score(entry, { abstain: true, reason: "지도 학생의 작품입니다", values: {}, judge: me.id }),
  );
  assert.equal(abstained.status, 201);
  assert.equal(abstained.body.data.total, null);
  assert.equal(abstained.body.data.abstained, true);
});

appTest("the plain form saves without JavaScript and goes on to the next work to do", async () => {
  const entry = judgeable[2];
  const page = await (await t.request(`/audit/${first.id}/${entry.id}`, { headers: { cookie: judge } })).text();
  const key = /name="key" value="([^"]+)"/.exec(page)![1];
  const form = new URLSearchParams({ pool: String(first.id), entry: String(entry.id), key, version: "0", _token: "x" });
  for (const c of list) form.set(`c${c.id}`, "6");
  form.set("comment", "좋은 작품입니다");
  const res = await t.request(`/audit/${first.id}/${entry.id}`, {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/x-www-form-urlencoded", cookie: judge }),
    body: form,
  });
  assert.equal(res.status, 303, await res.clone().text());
  assert.match(res.headers.get("location") ?? "", new RegExp(`/audit/${first.id}/\\d+`));
  const [row] = await rowsOf(entry.id);
  assert.equal(row.total, 6000);
  assert.equal(row.comment, "좋은 작품입니다");
  // Off the scale: the form comes back with the error and the values sent.
  form.set("key", crypto.randomUUID());
  form.set("version", "1");
  form.set(`c${list[0].id}`, "12");
  const bad = await t.request(`/audit/${first.id}/${entry.id}`, {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/x-www-form-urlencoded", cookie: judge }),
    body: form,
  });
  assert.equal(bad.status, 422);
  assert.match(await bad.text(), /value="12"/);
});

appTest("GET /api/audit/scores: the judge's own scores and progress; others refused", async () => {
  const res = await t.request(`/api/audit/scores?pool=${first.id}`, { headers: { cookie: judge } });
  const body = await res.json();
  assert.equal(res.status, 200);
  assert.equal(body.progress.total, judgeable.length);
  assert.ok(body.data.every((s: { entry: number }) => judgeable.some((e) => e.id === s.entry)));
  assert.equal((await t.request(`/api/audit/scores?pool=${first.id}`, { headers: { cookie: member } })).status, 403);
  assert.equal((await t.request(`/api/audit/scores?pool=${first.id}`)).status, 401);
  assert.equal((await t.request("/api/audit/scores?pool=x", { headers: { cookie: judge } })).status, 400);
});

appTest("/audit-award: the design award's DCB judge scores once the award is auditable and the pool runs", async () => {
  const [dcbUser] = await db.select().from(users).where(eq(users.username, "judge-dcb"));
  const [panel] = await db.select().from(panelJudges).where(eq(panelJudges.userId, dcbUser.id));
  const [pool] = await db.select().from(awardPools)
    .where(and(eq(awardPools.awardId, panel.awardId), eq(awardPools.kind, "first")));
  const saved = { startAt: pool.startAt, finishAt: pool.finishAt };
  await db.update(awards).set({ auditable: true }).where(eq(awards.id, panel.awardId));
  await db.update(awardPools).set({
    startAt: new Date(Date.now() - 3_600_000),
    finishAt: new Date(Date.now() + 3_600_000),
  })
    .where(eq(awardPools.id, pool.id));
  try {
    const res = await t.request("/audit-award", { headers: { cookie: dcb } });
    const html = await res.text();
    assert.equal(res.status, 200, html.slice(-500));
    const [entry] = await db.select().from(entries)
      .where(and(eq(entries.awardId, panel.awardId), eq(entries.status, "pay_complete"))).limit(1);
    assert.ok(html.includes(`/audit/${pool.id}/${entry.id}"`));
    const awardCriteria = await db.select().from(criteria).where(eq(criteria.awardId, panel.awardId));
    const values = Object.fromEntries(awardCriteria.map((c) => [String(c.id), 5]));
    const ok = await post(dcb, { pool: pool.id, entry: entry.id, values, key: crypto.randomUUID(), version: 0 });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    // The IBDA judge is on no panel of this award; the IBDA's pool is not the award screen's.
    assert.equal(
      (await post(judge, { pool: pool.id, entry: entry.id, values, key: crypto.randomUUID(), version: 0 })).status,
      403,
    );
    // A pool of another family's award is unknown on this screen.
    assert.equal((await t.request(`/audit-award?pool=${first.id}`, { headers: { cookie: dcb } })).status, 404);
    // The entry's pictures and attachments are the panel's while it judges: the DCB judge may read them, the
    // IBDA judge (on no panel of this award) and a member may not. (The seed stores no bytes: asked of the rule.)
    assert.equal(await readsThumbnail(entry, "judge-dcb"), true);
    assert.equal(await readsThumbnail(entry, "judge-ibda"), false);
    assert.equal(await readsThumbnail(entry, "member"), false);
  } finally {
    await db.update(awards).set({ auditable: false }).where(eq(awards.id, panel.awardId));
    await db.update(awardPools).set(saved).where(eq(awardPools.id, pool.id));
  }
  // Once the pool is not running, the files are no longer the judge's.
  const [entry] = await db.select().from(entries)
    .where(and(eq(entries.awardId, panel.awardId), eq(entries.status, "pay_complete"))).limit(1);
  assert.equal(await readsThumbnail(entry, "judge-dcb"), false);
});

appTest(
  "POST /api/audit/scores at once: a replay racing its original, one key for two works, two devices",
  async () => {
    const [a, b] = judgeable.slice(-2).map((e) => e.id);
    assert.equal((await rowsOf(a)).length + (await rowsOf(b)).length, 0, "two works not scored yet");
    // The offline queue and the live save send the same change together: one saves, the others are replays.
    const change = score(a, { values: full(6) });
    const together = await Promise.all(Array.from({ length: 6 }, () => post(judge, change)));
    assert.deepEqual(together.map((r) => r.status).sort(), [200, 200, 200, 200, 200, 201]);
    assert.ok(together.every((r) => r.body.data.version === 1 && r.body.data.total === 60));
    assert.equal((await rowsOf(a)).length, 1);
    const keyed = await db.select().from(scoreReceipts)
      .where(and(eq(scoreReceipts.judgeId, myPanel.id), eq(scoreReceipts.key, change.key)));
    assert.equal(keyed.length, 1, "one receipt");
    // An update replayed while it is being saved: version 2 once.
    const update = score(a, { values: full(4), version: 1 });
    const updates = await Promise.all(Array.from({ length: 4 }, () => post(judge, update)));
    assert.deepEqual(updates.map((r) => r.status).sort(), [200, 200, 200, 201]);
    assert.equal((await rowsOf(a))[0].version, 2);
    // One key sent at once for two works (a broken client): one is saved, the other refused, nothing doubled.
    const key = crypto.randomUUID();
    const twoWorks = await Promise.all([post(judge, score(a, { key, version: 2 })), post(judge, score(b, { key }))]);
    assert.deepEqual(twoWorks.map((r) => r.status).sort(), [201, 409]);
    const refused = twoWorks.find((r) => r.status === 409)!;
    assert.equal(refused.body.key, "judging.error.key_reused");
    const savedB = (await rowsOf(b)).length, versionA = (await rowsOf(a))[0].version;
    assert.ok((savedB === 1 && versionA === 2) || (savedB === 0 && versionA === 3), "exactly one of them saved");
    // Two devices saving a first score of one work together, each with its own key: one wins, one sees it.
    const c = judgeable.at(-3)!.id;
    const devices = await Promise.all([
      post(judge, score(c, { values: full(5) })),
      post(judge, score(c, { values: full(9) })),
    ]);
    assert.deepEqual(devices.map((r) => r.status).sort(), [201, 409]);
    const lost = devices.find((r) => r.status === 409)!;
    assert.equal(lost.body.key, "judging.error.version_conflict");
    assert.equal(lost.body.current.version, 1, "the conflict carries the score as it stands");
    assert.equal((await rowsOf(c)).length, 1);
  },
);

appTest("POST /api/audit/scores: the pool's own categories bound what a judge scores", async () => {
  const entry = judgeable.at(-4)!;
  const scored = await rowsOf(entry.id);
  const before = await db.select().from(poolCategories).where(eq(poolCategories.poolId, first.id));
  const other = judged.categories.find((c) => c !== entry.category) ?? (entry.category === 10 ? 20 : 10);
  await db.delete(poolCategories).where(eq(poolCategories.poolId, first.id));
  await db.insert(poolCategories).values({ poolId: first.id, category: other });
  try {
    const res = await post(judge, score(entry.id));
    assert.equal(res.status, 403, JSON.stringify(res.body));
    assert.equal(res.body.key, "judging.error.outside_categories");
  } finally {
    await db.delete(poolCategories).where(eq(poolCategories.poolId, first.id));
    if (before.length) await db.insert(poolCategories).values(before);
  }
  assert.deepEqual(await rowsOf(entry.id), scored, "nothing saved");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());

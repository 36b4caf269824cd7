// Issue 11 part 5 over HTTP: pools (period, categories, assigned judges, progress, reminders, criteria),
// the ranking table and its CSV, bulk decisions, the final round's ranks, publishing results with mail to
// every entrant and certificates, a withdrawn rank revoking its certificate, and the panel of each role.
import assert from "node:assert/strict";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { awardPools, awards, entries } from "../../db/schema/award.ts";
import {
  awardResults,
  certificates,
  criteria,
  panelJudges,
  poolCategories,
  poolJudges,
} from "../../db/schema/judging.ts";
import { outbox, users } from "../../db/schema/member.ts";
import { mailDueResults } from "../../domain/judging/manage.ts";
import { periodicJobs } from "../../domain/ops/jobs.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");

const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
const pools = await db.select().from(awardPools).where(eq(awardPools.awardId, judged.id));
const first = pools.find((p) => p.kind === "first")!;
const final = pools.find((p) => p.kind === "final")!;
// A design award whose panel has no DCB judge yet (the seed puts judge-dcb on the latest one).
const [designAward] = await db.select().from(awards).where(eq(awards.family, "award")).orderBy(awards.year).limit(1);

async function send(path: string, fields: Record<string, string | string[]>, cookie = admin) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  return await t.request(path, {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/x-www-form-urlencoded", cookie }),
    body: form,
  });
}
const get = (path: string, cookie = admin) => t.request(path, { headers: { cookie } });

appTest("/management/pool: every pool; one pool's period, categories, assignments, progress and criteria", async () => {
  const list = await get("/management/pool");
  const html = await list.text();
  assert.equal(list.status, 200);
  assert.ok(html.includes(`/management/pool/${first.id}"`) && html.includes(`/management/pool/${final.id}"`));
  const one = await get(`/management/pool/${first.id}`);
  const page = await one.text();
  assert.equal(one.status, 200);
  assert.match(page, /data-todo="judge-harsh">\d+</);
  assert.equal((await get("/management/pool/999999")).status, 404);
  assert.equal((await get("/management/pool/abc")).status, 400);
  assert.equal((await get("/management/pool", await signIn(t, "member"))).status, 403);

  // The period: a bad date is refused on the screen, a good one saved with the categories chosen.
  const bad = await send(`/management/pool/${final.id}`, { action: "period", start_at: "2026-13-40", finish_at: "" });
  assert.equal(bad.status, 422);
  const reversed = await send(`/management/pool/${final.id}`, {
    action: "period",
    start_at: "2030-01-02 10:00",
    finish_at: "2030-01-01 10:00",
  });
  assert.equal(reversed.status, 422);
  const ok = await send(`/management/pool/${final.id}`, {
    action: "period",
    start_at: "2030-01-01 10:00",
    finish_at: "2030-01-10 18:00",
    "categories[]": [String(judged.categories[0]), String(judged.categories[1])],
  });
  assert.equal(ok.status, 303, await ok.clone().text());
  const [pool] = await db.select().from(awardPools).where(eq(awardPools.id, final.id));
  assert.equal(pool.startAt!.toISOString(), "2030-01-01T01:00:00.000Z");
  const cats = await db.select().from(poolCategories).where(eq(poolCategories.poolId, final.id));
  assert.deepEqual(cats.map((c) => c.category).sort(), [judged.categories[0], judged.categories[1]].sort());

  // Assignments: only the harsh judge, for one category; a judge of another panel is refused.
  const panel = await db.select().from(panelJudges).where(eq(panelJudges.awardId, judged.id));
  const [harsh] = await db.select().from(users).where(eq(users.username, "judge-harsh"));
  const harshJudge = panel.find((p) => p.userId === harsh.id)!;
  const assigned = await send(`/management/pool/${final.id}`, {
    action: "assign",
    "judges[]": String(harshJudge.id),
    [`cats_${harshJudge.id}[]`]: String(judged.categories[0]),
  });
  assert.equal(assigned.status, 303);
  const rows = await db.select().from(poolJudges).where(eq(poolJudges.poolId, final.id));
  assert.deepEqual(rows.map((r) => [r.judgeId, r.categories]), [[harshJudge.id, [judged.categories[0]]]]);
  const [stranger] = await db.select().from(panelJudges).where(eq(panelJudges.role, "dcb"));
  assert.equal(
    (await send(`/management/pool/${final.id}`, { action: "assign", "judges[]": String(stranger.id) })).status,
    404,
  );
  assert.equal((await send(`/management/pool/${final.id}`, { action: "nonsense" })).status, 400);

  // Criteria: added to the round; a round with scores keeps its criteria.
  const added = await send(`/management/pool/${final.id}`, {
    action: "criterion_add",
    name: "통과 여부",
    name_en: "Pass",
    kind: "verdict",
    weight: "1",
    scale: "10",
  });
  assert.equal(added.status, 303);
  const [verdict] = await db.select().from(criteria).where(
    and(eq(criteria.awardId, judged.id), eq(criteria.name, "통과 여부")),
  );
  assert.equal(verdict.scale, 2, "a verdict is out of 2");
  assert.equal(
    (await send(`/management/pool/${final.id}`, { action: "criterion_remove", criterion: String(verdict.id) })).status,
    303,
  );
  const [used] = await db.select().from(criteria).where(
    and(eq(criteria.awardId, judged.id), eq(criteria.round, "first")),
  );
  const inUse = await send(`/management/pool/${first.id}`, { action: "criterion_remove", criterion: String(used.id) });
  assert.equal(inUse.status, 409);
  assert.equal(
    (await send(`/management/pool/${first.id}`, { action: "criterion_add", name: "", kind: "score" })).status,
    422,
  );
});

appTest("reminders: a mail to each assigned judge who still has work to do, in their language", async () => {
  const before = await db.select().from(outbox);
  const res = await send(`/management/pool/${first.id}`, { action: "remind" });
  assert.equal(res.status, 303);
  const mails = (await db.select().from(outbox)).filter((m) => !before.some((b) => b.id === m.id));
  const to = mails.map((m) => m.to).sort();
  // judge-ibda has everything to do; the harsh and lenient judges scored five works of seven or more.
  assert.ok(to.includes("judge-ibda@design-center.example"));
  assert.ok(mails.every((m) => m.subject.includes("심사")));
  assert.ok(mails.every((m) => m.body.includes("/audit?pool=")));
});

appTest("ranking: figures per entry, sortable, by category, as CSV; a bad query is 400", async () => {
  const res = await get(`/management/pool/${first.id}/ranking`);
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.match(html, /data-calibrated="\d+">\d+\.\d\d</);
  assert.equal(
    (await get(`/management/pool/${first.id}/ranking?sort=raw&category=${judged.categories[0]}`)).status,
    200,
  );
  assert.equal((await get(`/management/pool/${first.id}/ranking?sort=nope`)).status, 400);
  assert.equal((await get(`/management/pool/${first.id}/ranking?category=7`)).status, 400);
  const csv = await get(`/management/pool/${first.id}/ranking.csv?sort=calibrated`);
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type") ?? "", /text\/csv/);
  const bytes = new Uint8Array(await csv.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 with a BOM");
  const text = new TextDecoder().decode(bytes);
  assert.ok(text.split("\r\n").length > 3);
});

appTest(
  "decisions, ranks, publishing with mail and certificates; a withdrawn rank revokes its certificate",
  async () => {
    const list = await db.select().from(entries)
      .where(and(eq(entries.awardId, judged.id), inArray(entries.status, ["submitted", "pay_complete"]))).orderBy(
        entries.id,
      );
    const [top, second, ...rest] = list;
    const decide = (decision: string, ids: number[]) =>
      send(`/management/pool/${first.id}/ranking`, { action: "decide", decision, "entries[]": ids.map(String) });
    assert.equal((await decide("final", [top.id, second.id])).status, 303);
    assert.equal((await decide("eliminated", rest.map((e) => e.id))).status, 303);
    const states = await db.select({ id: entries.id, status: entries.status }).from(entries).where(
      eq(entries.awardId, judged.id),
    );
    assert.equal(states.find((s) => s.id === top.id)!.status, "final");
    assert.equal(states.find((s) => s.id === rest[0].id)!.status, "eliminated");
    assert.equal((await decide("final", [])).status, 422);
    // The entrant does not see the decision before the result date: "under review".
    const [demoMember] = await db.select().from(users).where(eq(users.username, "member"));
    const [owner] = await db.update(users).set({ passwordHash: demoMember.passwordHash }).where(
      eq(users.id, top.userId),
    )
      .returning();
    const mine = await (await get("/api/user/ibda?perpage=100", await signIn(t, owner.username))).json();
    assert.equal(mine.data.find((e: { id: number }) => e.id === top.id).status, "examine");
    const [otherAward] = await db.select().from(entries).where(eq(entries.awardId, judged.id - 1)).limit(1);
    assert.equal((await decide("final", [top.id, otherAward.id])).status, 404, "another award's entry");
    const [unpaid] = await db.select().from(entries).where(
      and(eq(entries.awardId, judged.id), eq(entries.status, "pay_incomplete")),
    );
    assert.equal((await decide("final", [unpaid.id])).status, 409, "an unpaid entry never reached the judges");

    // Final round: ranks to finalists only.
    const ranks = (fields: Record<string, string | string[]>) =>
      send(`/management/pool/${final.id}/ranking`, { action: "ranks", ...fields });
    assert.equal((await ranks({ [`rank_${top.id}`]: "gold", "nominee[]": String(second.id) })).status, 303);
    const [gold] = await db.select().from(entries).where(eq(entries.id, top.id));
    assert.equal(gold.rank, "gold");
    assert.equal(gold.status, "selected");
    assert.equal((await ranks({ [`rank_${rest[0].id}`]: "silver" })).status, 409, "an eliminated entry gets no rank");
    assert.equal((await ranks({ [`rank_${top.id}`]: "platinum" })).status, 422);
    assert.equal(
      (await send(`/management/pool/${first.id}/ranking`, { action: "ranks", [`rank_${top.id}`]: "gold" })).status,
      409,
    );

    // Publishing ahead of the result date (the demo's is a month away): recorded once, certificates issued
    // for the rank and the panel, but nothing shown or mailed to the entrants before that date.
    const before = await db.select({ id: outbox.id }).from(outbox);
    const newMails = async () => (await db.select().from(outbox)).filter((m) => !before.some((b) => b.id === m.id));
    assert.ok(judged.resultAt && judged.resultAt.getTime() > Date.now() + 86_400_000, "the result date is ahead");
    const published = await send(`/management/pool/${final.id}/ranking`, { action: "publish" });
    assert.equal(published.status, 303);
    const [result] = await db.select().from(awardResults).where(eq(awardResults.awardId, judged.id));
    assert.ok(result && !result.mailedAt);
    assert.equal((await newMails()).length, 0, "no result mail before the result date");
    const certs = await db.select().from(certificates).where(eq(certificates.awardId, judged.id));
    const prize = certs.find((c) => c.kind === "prize")!;
    assert.equal(certs.filter((c) => c.kind === "prize").length, 1);
    assert.ok(certs.filter((c) => c.kind === "appointment").length >= 3);
    assert.equal((await send(`/management/pool/${final.id}/ranking`, { action: "publish" })).status, 409);
    const entrant = await signIn(t, owner.username);
    const early = async () => ({
      prizes: await (await get("/mypage/prizes", entrant)).text(),
      certificates: await (await get("/mypage/certificates", entrant)).text(),
      api: await (await get("/api/user/prizes", entrant)).json(),
      print: await get(`/print?certificate=${prize.id}`, entrant),
    });
    const before1 = await early();
    assert.ok(!before1.prizes.includes(top.title), "my page shows no result before the date");
    assert.ok(!before1.certificates.includes(prize.serial), "nor the certificate");
    assert.ok(!JSON.stringify(before1.api).includes(top.title));
    assert.equal(before1.print.status, 403, "the certificate cannot be printed before the date");
    assert.match(await before1.print.text(), /결과 발표일 전입니다|result date has not come/);
    assert.equal((await get(`/print?certificate=${prize.id}`, admin)).status, 200, "the council checks it");
    assert.equal((await t.request(`/print.pdf?certificate=${prize.id}`, { headers: { cookie: entrant } })).status, 403);
    // The periodic job (scheduled in main.ts) mails nobody while the date is ahead…
    const job = periodicJobs(db, t.config, t.app.files, null).find((j) => j.name === "result mail");
    assert.ok(job, "the result mail is a scheduled job");
    assert.equal(await mailDueResults(db, t.config), 0);
    assert.equal((await newMails()).length, 0);
    // …and everyone once the result date has come, once.
    await db.update(awards).set({ resultAt: new Date(Date.now() - 60_000) }).where(eq(awards.id, judged.id));
    await job.run();
    const mails = await newMails();
    assert.equal(mails.length, list.length, "one mail per judged entry");
    assert.ok(mails.some((m) => m.body.includes("금상") || m.body.includes("Gold")));
    assert.equal(await mailDueResults(db, t.config), 0, "mailed once");
    assert.equal((await newMails()).length, list.length);
    const after = await early();
    assert.ok(after.prizes.includes(top.title), "my page shows the result from the date");
    assert.ok(after.certificates.includes(prize.serial));
    assert.equal(after.print.status, 200);

    // The rank withdrawn: the entry returns to the final round and its certificate is revoked.
    assert.equal((await ranks({ [`rank_${top.id}`]: "", "nominee[]": String(second.id) })).status, 303);
    const [back] = await db.select().from(entries).where(eq(entries.id, top.id));
    assert.equal(back.status, "final");
    const live = await db.select().from(certificates).where(
      and(eq(certificates.entryId, top.id), isNull(certificates.revokedAt)),
    );
    assert.equal(live.length, 0);
  },
);

appTest("/management/judge/{role}: the role's judges and each award's panel; add, refuse, exclude", async () => {
  const res = await get("/management/judge/ibda");
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.ok(html.includes("judge-ibda") && html.includes("judge-lenient"));
  assert.equal((await get("/management/judge/admin")).status, 400);
  assert.equal((await get("/management/judge/dcb?award=999999")).status, 404);
  // DCB judges sit on the design award's panels, not the IBDA's: its awards are not offered, nor taken.
  assert.equal((await get(`/management/judge/dcb?award=${judged.id}`)).status, 404);
  const ibdaPanel = await send(`/management/judge/dcb?award=${judged.id}`, {
    action: "add",
    username: "judge-dcb",
    category: "product",
  });
  assert.equal(ibdaPanel.status, 422);
  assert.match(await ibdaPanel.text(), /이 분야의 심사위원은 이 시상의 심사위원단에 들 수 없습니다/);
  const wrongFamily = await send(`/management/judge/ibda?award=${designAward.id}`, {
    action: "add",
    username: "judge-ibda",
    category: "general",
  });
  assert.equal(wrongFamily.status, 422, "nor an IBDA judge on the design award's");
  assert.equal(
    (await db.select().from(panelJudges).where(
      and(inArray(panelJudges.awardId, [judged.id, designAward.id]), inArray(panelJudges.role, ["dcb", "ibda"])),
    )).filter((j) => (j.awardId === judged.id) !== (j.role === "ibda")).length,
    0,
    "no judge on another family's panel",
  );
  const path = `/management/judge/dcb?award=${designAward.id}`;
  const listed = await (await get(path)).text();
  const picker = /<select[^>]*id="panel-award"[\s\S]*?<\/select>/.exec(listed)?.[0] ?? "";
  assert.ok(picker.includes(`value="${designAward.id}"`) && !picker.includes(`value="${judged.id}"`), picker);
  assert.ok(listed.includes('<option value="product"') && !listed.includes('<option value="general"'));
  assert.equal((await send(path, { action: "add", username: "nobody-here", category: "product" })).status, 404);
  assert.equal(
    (await send(path, { action: "add", username: "member", category: "product" })).status,
    422,
    "not an approved judge",
  );
  // The category is one of the role's: not free text, not another role's, not missing.
  for (const category of ["제품디자인", "general", "shoes", ""]) {
    const res = await send(path, { action: "add", username: "judge-dcb", category });
    assert.equal(res.status, 422, category);
    assert.match(await res.text(), /이 분야의 심사 부문 중 하나를 골라 주십시오/);
  }
  assert.equal(
    (await send(`/management/judge/shoes?award=${designAward.id}`, {
      action: "add",
      username: "judge-shoes",
      category: "product",
    })).status,
    422,
    "a shoes judge judges shoes",
  );
  const shoes = await send(`/management/judge/shoes?award=${designAward.id}`, {
    action: "add",
    username: "judge-shoes",
    category: "shoes",
  });
  assert.equal(shoes.status, 303, await shoes.clone().text());
  // A term of appointment (SPEC §3 Judge start, finish) ends on or after it starts, in real dates.
  for (const [start_on, finish_on] of [["2026-07-10", "2026-07-01"], ["2026-02-30", ""], ["soon", ""]]) {
    const res = await send(path, { action: "add", username: "judge-dcb", category: "product", start_on, finish_on });
    assert.equal(res.status, 422, `${start_on} – ${finish_on}`);
  }
  const added = await send(path, {
    action: "add",
    username: "judge-dcb",
    category: "product",
    classification: "위원",
    start_on: "2026-01-01",
    finish_on: "2027-12-31",
  });
  assert.equal(added.status, 303, await added.clone().text());
  assert.match(await (await get(path)).text(), /2026\. 01\. 01\. – 2027\. 12\. 31\./, "the term is shown");
  const mails = await db.select().from(outbox).where(eq(outbox.to, "judge-dcb@design-center.example"));
  assert.ok(mails.some((m) => m.subject.includes("위촉")), "the judge is told by mail");
  const [dcbUser] = await db.select().from(users).where(eq(users.username, "judge-dcb"));
  const letters = await db.select().from(certificates)
    .where(
      and(
        eq(certificates.holderId, dcbUser.id),
        eq(certificates.awardId, designAward.id),
        eq(certificates.kind, "appointment"),
      ),
    );
  assert.equal(letters.length, 1, "the letter of appointment is issued with the appointment");
  assert.equal((await send(path, { action: "add", username: "judge-dcb", category: "visual" })).status, 409);
  const [row] = await db.select().from(panelJudges).where(
    and(eq(panelJudges.awardId, designAward.id), eq(panelJudges.role, "dcb")),
  );
  assert.equal(row.category, "product");
  assert.deepEqual([row.startOn?.toISOString(), row.finishOn?.toISOString()], [
    "2025-12-31T15:00:00.000Z",
    "2027-12-31T14:59:59.999Z",
  ], "the term is whole Seoul days");
  assert.equal((await send(path, { action: "exclude", judge: String(row.id) })).status, 303);
  const [excluded] = await db.select().from(panelJudges).where(eq(panelJudges.id, row.id));
  assert.ok(excluded.excludedAt);
  const live = () =>
    db.select().from(certificates).where(and(eq(certificates.judgeId, row.id), isNull(certificates.revokedAt)));
  assert.equal((await live()).length, 0, "an excluded judge's letter is revoked");
  assert.equal((await send(path, { action: "include", judge: String(row.id) })).status, 303);
  assert.equal((await live()).length, 1, "a reinstated judge gets a new letter");
  assert.equal((await send(path, { action: "exclude", judge: "999999" })).status, 404);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());

// The members and payments exports (issue 22 §4): /management/user/members.csv keeps the list's filter and is
// audited; /management/{award,ibda}/payments.csv keeps the family and the status filter. Both are streamed
// CSV (BOM, the administrator's language, formulas defused) that only the list's managers may take.
import assert from "node:assert/strict";
import { and, desc, eq } from "drizzle-orm";
import { awards, entries } from "../../db/schema/award.ts";
import { auditLog, users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { grantStaff } from "../support/grants.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");

const get = (path: string, cookie?: string) =>
  t.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });

/** The file's lines (BOM checked and dropped) split into cells naively: the tests' values hold no comma. */
async function csvOf(path: string, cookie = admin): Promise<string[][]> {
  const res = await get(path, cookie);
  assert.equal(res.status, 200, path);
  assert.equal(res.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.equal(res.headers.get("cache-control"), "no-store");
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 BOM");
  return new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n").map((line) => line.split(","));
}

const memberId = (await db.select({ id: users.id }).from(users).where(eq(users.username, "member")))[0].id;

appTest("members CSV: the list's filter, every page, roles and state, audited; formulas defused", async () => {
  await db.update(users).set({ affiliation: "=HYPERLINK(1)" }).where(eq(users.id, memberId));
  const all = await csvOf("/management/user/members.csv");
  assert.deepEqual(all[0].slice(0, 5), ["번호", "아이디", "이름", "영문 이름", "이메일"]);
  const usernames = all.slice(1).map((cells) => cells[1]);
  assert.ok(usernames.includes("member") && usernames.includes("admin"), usernames.join(" "));
  const memberLine = all.find((cells) => cells[1] === "member")!;
  assert.ok(memberLine.includes("'=HYPERLINK(1)"), memberLine.join(","));
  assert.ok(memberLine.includes("승인"), memberLine.join(","));

  // Only the waiting members: the design company awaiting approval, not the approved member.
  const waiting = await csvOf("/management/user/members.csv?state=waiting");
  const waitingNames = waiting.slice(1).map((cells) => cells[1]);
  assert.ok(waitingNames.includes("design"), waitingNames.join(" "));
  assert.ok(!waitingNames.includes("member"));
  assert.ok(waiting[waiting.findIndex((cells) => cells[1] === "design")].includes("승인 대기"));

  // A keyword: the same search as the list.
  const found = await csvOf("/management/user/members.csv?q=judge-");
  const judges = found.slice(1).map((cells) => cells[1]);
  assert.ok(judges.every((name) => name.startsWith("judge-")), judges.join(" "));
  assert.ok(["judge-dcb", "judge-ibda", "judge-shoes"].every((name) => judges.includes(name)), judges.join(" "));

  const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "members.exported"))
    .orderBy(desc(auditLog.id)).limit(1);
  assert.deepEqual(audit.detail, { q: "judge-", role: "", state: "" });

  const en = await csvOf("/en/management/user/members.csv?role=company");
  assert.deepEqual(en[0].slice(0, 3), ["No.", "User ID", "Name"]);
  assert.ok(en.slice(1).every((cells) => cells.join(",").includes("Company")), en.join("\n"));
});

appTest("members CSV: a one-letter keyword or an unknown role is 400; only managers of members take it", async () => {
  assert.equal((await get("/management/user/members.csv?q=a", admin)).status, 400);
  assert.equal((await get("/management/user/members.csv?role=emperor", admin)).status, 400);
  assert.equal((await get("/management/user/members.csv", member)).status, 403);
  assert.equal((await get("/management/user/members.csv", staff)).status, 403);
  await grantStaff(db, ["user"]);
  try {
    assert.equal((await get("/management/user/members.csv", staff)).status, 200);
  } finally {
    await grantStaff(db, []);
  }
  const anonymous = await get("/management/user/members.csv");
  assert.ok([303, 401].includes(anonymous.status), String(anonymous.status));
});

appTest("members CSV: a withdrawn member is not exported", async () => {
  const [gone] = await db.insert(users).values({
    username: "export-gone",
    email: "export-gone@example.com",
    passwordHash: "x",
    name: "탈퇴회원",
    withdrawnAt: new Date(),
  }).returning();
  const rows = await csvOf("/management/user/members.csv?q=export-gone");
  assert.equal(rows.length, 1, "the header alone");
  await db.delete(users).where(eq(users.id, gone.id));
});

appTest("payments CSV: the family's payments of the status filter, with member, entry and Korean time", async () => {
  const [award] = await db.insert(awards).values({
    family: "award",
    year: 2081,
    title: "2081 결제 내보내기",
    titleEn: "Payments export 2081",
    categories: [10],
    submitFrom: new Date("2081-03-01T00:00:00Z"),
    submitTo: new Date("2081-04-01T00:00:00Z"),
  }).returning();
  const [entry] = await db.insert(entries).values({
    awardId: award.id,
    userId: memberId,
    status: "pay_complete",
    exhibitorType: "company",
    designerName: "홍길동",
    category: 10,
    title: "내보낸 작품",
    workType: "image",
    fee: 100_000,
    submittedAt: new Date(),
  }).returning();
  const paid = {
    provider: "test",
    targetType: "award_entry",
    targetId: entry.id,
    userId: memberId,
    amount: 100_000,
  };
  const [done, failed] = await db.insert(payments).values([
    {
      ...paid,
      orderId: `EXPORT-${entry.id}-1`,
      status: "paid" as const,
      providerTid: "tid-export-1",
      createdAt: new Date("2081-03-10T00:30:00Z"),
      approvedAt: new Date("2081-03-10T00:31:00Z"),
    },
    { ...paid, orderId: `EXPORT-${entry.id}-2`, status: "failed" as const },
  ]).returning();
  try {
    const rows = await csvOf("/management/award/payments.csv");
    assert.deepEqual(rows[0].slice(0, 3), ["번호", "주문번호", "결제사"]);
    const line = rows.find((cells) => cells[1] === done.orderId)!;
    assert.ok(line, "the paid order is exported");
    assert.ok(line.includes("tid-export-1") && line.includes("100000") && line.includes("내보낸 작품"));
    assert.ok(line.includes("2081-03-10 09:30") && line.includes("2081-03-10 09:31"), line.join(","));
    assert.ok(line.includes("member") && line.includes(String(entry.id)) && line.includes("2081"));
    assert.ok(rows.some((cells) => cells[1] === failed.orderId));

    const onlyPaid = await csvOf("/management/award/payments.csv?status=paid");
    assert.ok(onlyPaid.some((cells) => cells[1] === done.orderId));
    assert.ok(!onlyPaid.some((cells) => cells[1] === failed.orderId));
    assert.ok(onlyPaid.slice(1).every((cells) => cells[4] === "결제 완료"), onlyPaid.join("\n"));

    const ibda = await csvOf("/management/ibda/payments.csv");
    assert.ok(!ibda.some((cells) => cells[1] === done.orderId), "the other family's file does not hold it");

    const en = await csvOf("/en/management/award/payments.csv?status=paid");
    assert.deepEqual(en[0].slice(0, 3), ["No.", "Order ID", "Provider"]);

    assert.equal((await get("/management/award/payments.csv", member)).status, 403);
    assert.equal((await get("/management/award/payments.csv", staff)).status, 403);
    await grantStaff(db, ["award"]);
    assert.equal((await get("/management/award/payments.csv", staff)).status, 200);
    assert.equal((await get("/management/ibda/payments.csv", staff)).status, 403);
  } finally {
    await grantStaff(db, []);
    await db.delete(payments).where(and(eq(payments.targetType, "award_entry"), eq(payments.targetId, entry.id)));
    await db.delete(entries).where(eq(entries.id, entry.id));
    await db.delete(awards).where(eq(awards.id, award.id));
  }
});

appTest("the lists offer their export with its row count, keeping the filter", async () => {
  const members = await (await get("/management/user?state=waiting&role=design", admin)).text();
  assert.match(members, /href="\/management\/user\/members\.csv\?role=design&amp;state=waiting"[^>]*download/);
  assert.match(members, /CSV 내려받기 \(\d+명\)/);
  const pay = await (await get("/management/award/payments?status=paid", admin)).text();
  assert.match(pay, /href="\/management\/award\/payments\.csv\?status=paid"[^>]*download/);
});

appTest("close", () => t.close());

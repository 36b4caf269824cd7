// Mail delivery (domain/mail/deliver.ts) with a fake transport: sent, failed and retried with back-off,
// permanent failures, no double sending by concurrent deliverers, the dev mailbox without SMTP, the loop;
// and the templates in the member's language (domain/mail/templates.ts).
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { outbox } from "../../db/schema/member.ts";
import { loadConfig } from "../../fresh.config.ts";
import { deliverPending, type MailTransport, MAX_ATTEMPTS, startMailer } from "../../domain/mail/deliver.ts";
import { queueMail } from "../../domain/mail/outbox.ts";
import {
  emailChangedMail,
  findUsernameMail,
  mailLink,
  passwordChangedMail,
  passwordResetMail,
} from "../../domain/mail/templates.ts";
import { appTest } from "../support/app.ts";
import { openTestDatabase } from "../support/db.ts";

const database = await openTestDatabase();
const db = database.db;
const config = { ...loadConfig({}), smtpUrl: undefined, publicUrl: "https://www.example.kr" };
const MINUTE = 60_000;

type Sent = Parameters<MailTransport["sendMail"]>[0];

function fakeTransport(behaviour: (mail: Sent) => void | Promise<void> = () => {}) {
  const sent: Sent[] = [];
  const transport: MailTransport = {
    async sendMail(mail) {
      await behaviour(mail);
      sent.push(mail);
      return { messageId: `<${sent.length}@test>` };
    },
  };
  return { transport, sent };
}

/** Clears the outbox so each test sees only its own mail. */
async function fresh(count: number, prefix: string) {
  await db.delete(outbox);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(
      await queueMail(db, config, {
        to: `${prefix}-${i}@example.org`,
        subject: `제목 ${i}`,
        body: `본문 ${i}`,
        locale: i % 2 ? "en" : "ko",
      }),
    );
  }
  return ids;
}

const rows = (ids: number[]) => db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);

appTest("pending mail is sent with its sender, subject, text and language, and marked sent", async () => {
  const ids = await fresh(3, "sent");
  const { transport, sent } = fakeTransport();
  const report = await deliverPending(db, config, { transport });
  assert.deepEqual(report, { sent: 3, retrying: 0, failed: 0 });
  assert.deepEqual(sent.map((m) => m.to), ["sent-0@example.org", "sent-1@example.org", "sent-2@example.org"]);
  assert.deepEqual(sent[0].from, { name: config.mailFromName, address: config.mailFrom });
  assert.equal(sent[1].subject, "제목 1");
  assert.equal(sent[1].text, "본문 1");
  assert.equal(sent[1].headers?.["Content-Language"], "en");
  for (const row of await rows(ids)) {
    assert.equal(row.status, "sent");
    assert.equal(row.attempts, 1);
    assert.ok(row.sentAt);
    assert.equal(row.error, null);
  }
  assert.deepEqual(await deliverPending(db, config, { transport }), { sent: 0, retrying: 0, failed: 0 });
  assert.equal(sent.length, 3, "nothing is sent twice");
});

appTest("a failure is retried with back-off and fails for good after 5 attempts", async () => {
  const [id] = await fresh(1, "retry");
  const { transport, sent } = fakeTransport(() => {
    throw new Error("connect ECONNREFUSED 127.0.0.1:25");
  });
  const start = Date.now() + 5; // created_at has microseconds; Date has milliseconds
  const at = (minutes: number) => new Date(start + minutes * MINUTE);

  assert.deepEqual(await deliverPending(db, config, { transport, now: at(0) }), { sent: 0, retrying: 1, failed: 0 });
  let [row] = await rows([id]);
  assert.equal(row.status, "pending");
  assert.equal(row.attempts, 1);
  assert.match(row.error!, /ECONNREFUSED/);

  // not due again before a minute has passed since it was written
  assert.deepEqual(await deliverPending(db, config, { transport, now: at(0.5) }), { sent: 0, retrying: 0, failed: 0 });
  // attempts 2, 3, 4 at 1, 5 and 15 minutes; the 5th at 60 minutes is the last
  for (const [minutes, attempts] of [[1.1, 2], [5.1, 3], [15.1, 4]] as const) {
    assert.deepEqual(await deliverPending(db, config, { transport, now: at(minutes - 0.2) }), {
      sent: 0,
      retrying: 0,
      failed: 0,
    }, `not due just before ${minutes} min`);
    assert.equal((await deliverPending(db, config, { transport, now: at(minutes) })).retrying, 1);
    [row] = await rows([id]);
    assert.equal(row.attempts, attempts);
  }
  assert.deepEqual(await deliverPending(db, config, { transport, now: at(61) }), { sent: 0, retrying: 0, failed: 1 });
  [row] = await rows([id]);
  assert.equal(row.status, "failed");
  assert.equal(row.attempts, MAX_ATTEMPTS);
  assert.equal(sent.length, 0);
  assert.deepEqual(await deliverPending(db, config, { transport, now: at(600) }), { sent: 0, retrying: 0, failed: 0 });
});

appTest("a mail that failed once is sent on a later run", async () => {
  const [id] = await fresh(1, "flaky");
  let calls = 0;
  const { transport, sent } = fakeTransport(() => {
    if (calls++ === 0) throw new Error("421 try again later");
  });
  await deliverPending(db, config, { transport });
  const report = await deliverPending(db, config, { transport, now: new Date(Date.now() + 2 * MINUTE) });
  assert.equal(report.sent, 1);
  const [row] = await rows([id]);
  assert.equal(row.status, "sent");
  assert.equal(row.attempts, 2);
  assert.equal(row.error, null);
  assert.equal(sent.length, 1);
});

appTest("an SMTP 5xx answer is permanent: failed at once; other mail still goes", async () => {
  const ids = await fresh(2, "permanent");
  const { transport, sent } = fakeTransport((mail) => {
    if (mail.to.startsWith("permanent-0")) {
      throw Object.assign(new Error("550 5.1.1 mailbox unavailable"), { responseCode: 550 });
    }
  });
  assert.deepEqual(await deliverPending(db, config, { transport }), { sent: 1, retrying: 0, failed: 1 });
  const [bad, good] = await rows(ids);
  assert.equal(bad.status, "failed");
  assert.equal(bad.attempts, 1);
  assert.match(bad.error!, /550/);
  assert.equal(good.status, "sent");
  assert.equal(sent.length, 1);
});

appTest("two deliverers at once send each mail exactly once (FOR UPDATE SKIP LOCKED)", async () => {
  const ids = await fresh(8, "race");
  const { transport, sent } = fakeTransport(() => new Promise((resolve) => setTimeout(resolve, 15)));
  const reports = await Promise.all([
    deliverPending(db, config, { transport }),
    deliverPending(db, config, { transport }),
    deliverPending(db, config, { transport }),
  ]);
  assert.equal(reports.reduce((n, r) => n + r.sent, 0), 8);
  assert.equal(sent.length, 8);
  assert.equal(new Set(sent.map((m) => m.to)).size, 8, "no mail sent twice");
  assert.ok((await rows(ids)).every((r) => r.status === "sent" && r.attempts === 1));
});

appTest("without SMTP_URL nothing is sent and mail stays pending for the dev mailbox", async () => {
  const ids = await fresh(2, "devbox");
  assert.deepEqual(await deliverPending(db, { smtpUrl: undefined }), { sent: 0, retrying: 0, failed: 0 });
  assert.ok((await rows(ids)).every((r) => r.status === "pending" && r.attempts === 0));
  assert.equal(startMailer(db, { smtpUrl: undefined }), null, "no loop without SMTP");
});

appTest("the mailer loop delivers new mail every interval and stops cleanly", async () => {
  await fresh(0, "loop");
  const { transport, sent } = fakeTransport();
  const mailer = startMailer(db, { smtpUrl: undefined }, { transport, intervalMs: 10 });
  assert.ok(mailer);
  try {
    const [id] = await fresh(1, "loop");
    // The transport sees the mail before the loop marks the row sent: wait for the row.
    let row = (await rows([id]))[0];
    for (let i = 0; i < 300 && row.status !== "sent"; i++) {
      await new Promise((r) => setTimeout(r, 10));
      row = (await rows([id]))[0];
    }
    assert.equal(row.status, "sent");
    assert.equal(sent.length, 1);
  } finally {
    await mailer.stop();
  }
  await fresh(1, "after-stop");
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(sent.length, 1, "nothing is sent after stop()");
});

appTest("templates write in the member's language with links from PUBLIC_URL", () => {
  const ko = { email: "kim@example.org", name: "김민지", nameEn: "Minji Kim", locale: "ko" };
  const en = { ...ko, locale: "en" };
  const token = "a".repeat(64);

  const koReset = passwordResetMail(config, ko, token);
  assert.equal(koReset.to, "kim@example.org");
  assert.equal(koReset.locale, "ko");
  assert.match(koReset.subject, /비밀번호 재설정/);
  assert.match(koReset.body, /김민지님/);
  assert.match(koReset.body, /60분/);
  assert.ok(koReset.body.includes(`https://www.example.kr/password/reset?email=kim%40example.org&token=${token}`));

  const enReset = passwordResetMail(config, en, token);
  assert.match(enReset.subject, /Reset your password/);
  assert.match(enReset.body, /Dear Minji Kim/);
  assert.ok(enReset.body.includes("https://www.example.kr/en/password/reset?email=kim%40example.org"));

  const find = findUsernameMail(config, { ...en, username: "minji" });
  assert.match(find.body, /User ID: minji/);
  assert.match(find.body, /https:\/\/www\.example\.kr\/en\/login/);

  assert.match(passwordChangedMail(config, ko).subject, /비밀번호가 변경되었습니다/);
  const moved = emailChangedMail({ ...ko, email: "new@example.org" }, "old@example.org");
  assert.equal(moved.to, "old@example.org", "the old address is told");
  assert.match(moved.body, /new@example\.org/);

  assert.equal(mailLink(config, "fr", "/login"), "https://www.example.kr/login", "an unknown language is Korean");
  assert.equal(mailLink(config, "en", "/find", { a: "b c" }), "https://www.example.kr/en/find?a=b+c");
});

appTest("queued mail lands in the outbox as pending with the configured sender", async () => {
  const [id] = await fresh(1, "queued");
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  assert.equal(row.status, "pending");
  assert.equal(row.fromEmail, config.mailFrom);
  assert.equal(row.type, 1);
});

appTest("close", async () => {
  await database.close();
});

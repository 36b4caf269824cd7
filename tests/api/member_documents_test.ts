// A company's registration documents in /management/user/{id}: listed on the member's screen, downloaded
// by the managers who decide on the member (each reading in the audit log), and nobody else's business.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLog, users } from "../../db/schema/member.ts";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";
import { PDF } from "../support/images.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");

const form = new FormData();
const fields: Record<string, string> = {
  type: "company",
  username: "doc-company",
  email: "office@doc-company.example",
  password: DEMO_PASSWORD,
  password_confirmation: DEMO_PASSWORD,
  name: "(주)서류기업",
  phone: "062-000-9999",
  business_no: "220-81-55555",
  agree_terms: "on",
  agree_privacy: "on",
};
for (const [name, value] of Object.entries(fields)) form.append(name, value);
form.append("business_cert", new File([PDF], "사업자등록증.pdf", { type: "application/pdf" }));
const registered = await t.request("/api/register", {
  method: "POST",
  headers: csrfHeaders({ accept: "application/json", "x-forwarded-for": randomAddress() }),
  body: form,
});
assert.equal(registered.status, 201, await registered.clone().text());
const [company] = await db.select().from(users).where(eq(users.username, "doc-company"));

appTest("the member's screen lists the documents with a link for managers", async () => {
  const page = await (await t.request(`/management/user/${company.id}`, { headers: { cookie: admin } })).text();
  assert.ok(page.includes("사업자등록증.pdf"));
  assert.match(page, new RegExp(`/management/user/${company.id}/documents/\\d+`));
});

appTest("an administrator downloads a document; the reading is audited", async () => {
  const page = await (await t.request(`/management/user/${company.id}`, { headers: { cookie: admin } })).text();
  const link = page.match(new RegExp(`/management/user/${company.id}/documents/(\\d+)`))![0];
  const res = await t.request(link, { headers: { cookie: admin } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.match(res.headers.get("content-disposition") ?? "", /^attachment; .*filename\*=UTF-8''/);
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PDF);
  const audited = await db.select().from(auditLog)
    .where(and(eq(auditLog.targetUserId, company.id), eq(auditLog.action, "document.read")));
  assert.equal(audited.length, 1);
});

appTest("members, staff without the user grant, and other members' ids are refused", async () => {
  const page = await (await t.request(`/management/user/${company.id}`, { headers: { cookie: admin } })).text();
  const [link, id] = page.match(new RegExp(`/management/user/${company.id}/documents/(\\d+)`))!;
  assert.equal((await t.request(link, { headers: { cookie: member } })).status, 403);
  assert.equal((await t.request(link, { headers: { cookie: staff } })).status, 403);
  const [other] = await db.select().from(users).where(eq(users.username, "member"));
  const wrong = await t.request(`/management/user/${other.id}/documents/${id}`, { headers: { cookie: admin } });
  assert.equal(wrong.status, 404);
  assert.equal(
    (await t.request(`/management/user/${company.id}/documents/x`, { headers: { cookie: admin } })).status,
    404,
  );
  const anonymous = await t.request(link, { redirect: "manual" });
  assert.equal(anonymous.status, 303);
});

appTest("close", () => t.close());

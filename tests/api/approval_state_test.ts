// Issue 22: users.approval_state, which the members list filters on, is kept by triggers (migration 0016) in
// the transaction of every change to a member's roles, their membership changes and the roles themselves;
// after each kind of change it equals the state derived from scratch, for every member.
import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { membershipChanges, roles, userRoles, users } from "../../db/schema/member.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;

/**
 * Members whose kept state differs from the rule applied from scratch. (`users.id` is written out: Drizzle
 * renders a column of a one-table select unqualified, which the subqueries would read as their own `id`.)
 */
async function drift(): Promise<unknown[]> {
  const rows = await db.select({
    id: users.id,
    kept: users.approvalState,
    derived: sql<string>`case
      when exists (select 1 from user_roles ur join roles r on r.code = ur.role_code
        where ur.user_id = users.id and r.needs_approval and not ur.approved and not ur.rejected)
        or exists (select 1 from membership_changes mc where mc.user_id = users.id and mc.status = 'waiting')
      then 'waiting'
      when exists (select 1 from user_roles ur where ur.user_id = users.id and ur.rejected) then 'rejected'
      else 'approved' end`,
  }).from(users);
  return rows.filter((r) => r.kept !== r.derived);
}

const idOf = async (username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

appTest("the kept approval state follows every change and equals a recount", async () => {
  assert.deepEqual(await drift(), [], "after the seed");
  const design = await idOf("design");
  const member = await idOf("member");
  const [{ state }] = await db.select({ state: users.approvalState }).from(users).where(eq(users.id, design));
  assert.equal(state, "waiting", "the design company awaits approval");

  // A role approved, then rejected, then deleted.
  await db.update(userRoles).set({ approved: true }).where(
    and(eq(userRoles.userId, design), eq(userRoles.roleCode, "design")),
  );
  assert.deepEqual(await drift(), []);
  await db.update(userRoles).set({ approved: false, rejected: true })
    .where(and(eq(userRoles.userId, design), eq(userRoles.roleCode, "design")));
  assert.deepEqual(await drift(), []);
  const [after] = await db.select({ state: users.approvalState }).from(users).where(eq(users.id, design));
  assert.equal(after.state, "rejected");
  await db.delete(userRoles).where(and(eq(userRoles.userId, design), eq(userRoles.roleCode, "design")));
  assert.deepEqual(await drift(), []);

  // A membership change waiting, decided, removed; several members in one statement.
  const [change] = await db.insert(membershipChanges).values([
    { userId: member, kind: "conversion", toRoles: ["company"] },
    { userId: design, kind: "join", toRoles: ["design"] },
  ]).returning();
  assert.deepEqual(await drift(), []);
  await db.update(membershipChanges).set({ status: "approved" }).where(eq(membershipChanges.id, change.id));
  assert.deepEqual(await drift(), []);
  await db.delete(membershipChanges).where(eq(membershipChanges.userId, design));
  assert.deepEqual(await drift(), []);

  // A role that stops, then starts again, needing approval.
  await db.insert(userRoles).values({ userId: member, roleCode: "company" });
  assert.deepEqual(await drift(), []);
  await db.update(roles).set({ needsApproval: false }).where(eq(roles.code, "company"));
  assert.deepEqual(await drift(), []);
  await db.update(roles).set({ needsApproval: true }).where(eq(roles.code, "company"));
  assert.deepEqual(await drift(), []);
});

appTest("the members list's state filters answer from the kept state", async () => {
  const admin = await signIn(t, "admin");
  const page = await (await t.request("/management/user?state=waiting", { headers: { cookie: admin } })).text();
  const waiting = await db.select({ username: users.username }).from(users)
    .where(and(eq(users.approvalState, "waiting"), sql`${users.withdrawnAt} is null`));
  assert.ok(waiting.length > 0);
  for (const { username } of waiting.slice(0, 8)) assert.ok(page.includes(username), username);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());

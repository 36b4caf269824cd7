// Decisions of /management/user (SPEC §4 Member application, §6): approve or reject a role, a join, a
// conversion or a judge-field change (a rejection needs a reason), set a role testable, remove a role, send
// a password-reset mail. Each decision is one transaction holding the member's row lock, with an audit_log
// row and, where the member should hear of it, a mail in their language written to the outbox.
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  auditLog,
  judgeCareers,
  judgeEducations,
  type MembershipChange,
  membershipChanges,
  roles,
  userRoles,
  users,
} from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Config } from "../../fresh.config.ts";
import { createTranslator, type MessageKey, toLocale } from "../../i18n/mod.ts";
import { queueMail } from "../mail/outbox.ts";
import { mailLink } from "../mail/templates.ts";
import type { CareerData, CompanyData, EducationData } from "./conversion.ts";
import { TYPE_ROLES } from "./conversion.ts";
import { requirePermission } from "./guard.ts";
import { accessOf } from "./management.ts";
import {
  canDecideRole,
  canManageAccount,
  hasAnyRole,
  JUDGE_FAMILIES,
  ROLE_CODES,
  type RoleCode,
  type Viewer,
} from "./permissions.ts";
import { type JudgeQualification, judgeQualification, periodsOf } from "./judge-qualification.ts";
import { revokeUserSessions } from "./session.ts";
import { issueAccountToken } from "./tokens.ts";
import { roleEntries } from "./viewer.ts";

const Reason = z.string().trim().min(1, "manage.reason_required").max(1000);
const Role = z.enum(ROLE_CODES);
const Id = z.coerce.number().int().positive().max(2_147_483_647);

export const Decision = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve_role"), role: Role }),
  z.object({ action: z.literal("reject_role"), role: Role, reason: Reason }),
  z.object({ action: z.literal("approve_change"), change: Id }),
  z.object({ action: z.literal("reject_change"), change: Id, reason: Reason }),
  z.object({
    action: z.literal("testable"),
    role: Role,
    testable: z.enum(["1", "0", "true", "false"]).or(z.boolean()).transform((v) =>
      v === true || v === "1" || v === "true"
    ),
  }),
  z.object({ action: z.literal("remove_role"), role: Role }),
  z.object({ action: z.literal("reset_password") }),
], "manage.action_invalid");
export type Decision = z.infer<typeof Decision>;

/** The flash message key shown after each decision. */
const DONE: Record<Decision["action"], MessageKey> = {
  approve_role: "manage.done.approved",
  reject_role: "manage.done.rejected",
  approve_change: "manage.done.approved",
  reject_change: "manage.done.rejected",
  testable: "manage.done.testable",
  remove_role: "manage.done.removed",
  reset_password: "manage.done.reset",
};

interface Target {
  id: number;
  email: string;
  name: string;
  nameEn: string;
  locale: string;
  viewer: { id: number; roles: Awaited<ReturnType<typeof roleEntries>> };
}

interface DecisionContext {
  tx: Tx;
  config: Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">;
  actor: Viewer;
  target: Target;
  now: Date;
}

/** Approving and rejecting needs the `user` section of SPEC §6; the account and role rules come after. */
export async function requireUserManagement(tx: Tx, actor: Viewer): Promise<void> {
  const access = await accessOf(tx, actor, "/user");
  requirePermission(actor, () => access.accessible);
}

export async function decide(
  db: Db,
  config: DecisionContext["config"],
  actor: Viewer,
  userId: number,
  decision: Decision,
): Promise<MessageKey> {
  await db.transaction(async (tx) => {
    await requireUserManagement(tx, actor);
    const [user] = await tx.select({
      id: users.id,
      email: users.email,
      name: users.name,
      nameEn: users.nameEn,
      locale: users.locale,
      withdrawnAt: users.withdrawnAt,
    }).from(users).where(eq(users.id, userId)).for("update");
    if (!user || user.withdrawnAt) throw new HttpError(404, "error.404");
    const target: Target = { ...user, viewer: { id: user.id, roles: await roleEntries(tx, user.id) } };
    if (!canManageAccount(actor, target.viewer)) throw new HttpError(403, "manage.not_allowed");
    if ("role" in decision && !canDecideRole(actor, decision.role)) throw new HttpError(403, "manage.not_allowed");
    const ctx: DecisionContext = { tx, config, actor, target, now: new Date() };
    switch (decision.action) {
      case "approve_role":
        return await approveRole(ctx, decision.role);
      case "reject_role":
        return await rejectRole(ctx, decision.role, decision.reason);
      case "approve_change":
        return await approveChange(ctx, await waitingChange(ctx, decision.change));
      case "reject_change":
        return await rejectChange(ctx, await waitingChange(ctx, decision.change), decision.reason);
      case "testable":
        return await setTestable(ctx, decision.role, decision.testable);
      case "remove_role":
        return await removeRole(ctx, decision.role);
      case "reset_password":
        return await sendPasswordReset(ctx);
    }
  });
  return DONE[decision.action];
}

// ---------- Helpers ----------

async function audit(ctx: DecisionContext, action: string, detail: Record<string, unknown>) {
  await ctx.tx.insert(auditLog).values({ actorId: ctx.actor.id, action, targetUserId: ctx.target.id, detail });
}

/** A link on the public site in the member's language (`/en/…` for English). */
const link = (ctx: DecisionContext, path: string, query: Record<string, string>) =>
  mailLink(ctx.config, ctx.target.locale, path, query);

async function roleNames(ctx: DecisionContext, codes: string[]): Promise<string> {
  if (codes.length === 0) return "";
  const rows = await ctx.tx.select({ code: roles.code, name: roles.name, nameEn: roles.nameEn }).from(roles)
    .where(inArray(roles.code, codes));
  const en = toLocale(ctx.target.locale) === "en";
  return codes.map((c) => rows.find((r) => r.code === c)).filter((r) => r !== undefined)
    .map((r) => (en ? r.nameEn : r.name)).join(", ");
}

/** Writes the member's mail: subject and body keys of i18n `manage.mail`, in the member's language. */
async function mail(
  ctx: DecisionContext,
  kind: keyof typeof MAILS,
  params: Record<string, string> = {},
) {
  const t = createTranslator(toLocale(ctx.target.locale));
  const name = toLocale(ctx.target.locale) === "en" && ctx.target.nameEn ? ctx.target.nameEn : ctx.target.name;
  const all = { name, ...params };
  const [subject, body] = MAILS[kind];
  await queueMail(ctx.tx, ctx.config, {
    to: ctx.target.email,
    subject: t(subject, all),
    body: `${t(body, all)}\n\n--\n${t("account.mail.signature")}\n`,
    locale: toLocale(ctx.target.locale),
    type: 2,
    // Decisions on the account also reach the member's devices; a reset link stays in the mail alone.
    push: kind === "passwordReset" ? undefined : {
      userId: ctx.target.id,
      kind: "account",
      title: { ko: createTranslator("ko")(subject, all), en: createTranslator("en")(subject, all) },
      url: "/mypage",
    },
  });
}

const MAILS = {
  joinApproved: ["manage.mail.joinApprovedSubject", "manage.mail.joinApprovedBody"],
  joinRejected: ["manage.mail.joinRejectedSubject", "manage.mail.joinRejectedBody"],
  roleApproved: ["manage.mail.roleApprovedSubject", "manage.mail.roleApprovedBody"],
  roleRejected: ["manage.mail.roleRejectedSubject", "manage.mail.roleRejectedBody"],
  conversionApproved: ["manage.mail.conversionApprovedSubject", "manage.mail.conversionApprovedBody"],
  conversionRejected: ["manage.mail.conversionRejectedSubject", "manage.mail.conversionRejectedBody"],
  fieldApproved: ["manage.mail.fieldApprovedSubject", "manage.mail.fieldApprovedBody"],
  fieldRejected: ["manage.mail.fieldRejectedSubject", "manage.mail.fieldRejectedBody"],
  roleRemoved: ["manage.mail.roleRemovedSubject", "manage.mail.roleRemovedBody"],
  passwordReset: ["manage.mail.resetSubject", "manage.mail.resetBody"],
} as const satisfies Record<string, readonly [MessageKey, MessageKey]>;

function roleRow(ctx: DecisionContext, code: RoleCode) {
  return ctx.target.viewer.roles.find((r) => r.code === code);
}

/** The member holds no role that counts yet: deciding on their roles decides their join. */
const isJoin = (ctx: DecisionContext) => !hasAnyRole(ctx.target.viewer);

async function waitingChange(ctx: DecisionContext, id: number): Promise<MembershipChange> {
  const [change] = await ctx.tx.select().from(membershipChanges)
    .where(and(eq(membershipChanges.id, id), eq(membershipChanges.userId, ctx.target.id)));
  if (!change) throw new HttpError(404, "error.404");
  if (change.status !== "waiting") throw new HttpError(409, "manage.already_decided");
  for (const code of change.toRoles) {
    if (!canDecideRole(ctx.actor, code as RoleCode)) throw new HttpError(403, "manage.not_allowed");
  }
  return change;
}

/** The waiting join or conversion that asks for this role, if any: deciding the role decides it. */
async function changeAsking(ctx: DecisionContext, code: RoleCode): Promise<MembershipChange | undefined> {
  const rows = await ctx.tx.select().from(membershipChanges).where(and(
    eq(membershipChanges.userId, ctx.target.id),
    eq(membershipChanges.status, "waiting"),
    sql`${code} = any(${membershipChanges.toRoles})`,
  ));
  return rows[0];
}

async function grantRoles(ctx: DecisionContext, codes: string[]) {
  for (const code of codes) {
    const decided = { approved: true, rejected: false, reason: "", decidedBy: ctx.actor.id, decidedAt: ctx.now };
    await ctx.tx.insert(userRoles).values({ userId: ctx.target.id, roleCode: code, ...decided })
      .onConflictDoUpdate({ target: [userRoles.userId, userRoles.roleCode], set: decided });
  }
}

async function markChange(
  ctx: DecisionContext,
  change: MembershipChange,
  status: "approved" | "rejected",
  reason = "",
) {
  await ctx.tx.update(membershipChanges).set({ status, reason, decidedBy: ctx.actor.id, decidedAt: ctx.now })
    .where(eq(membershipChanges.id, change.id));
}

// ---------- Roles ----------

async function approveRole(ctx: DecisionContext, code: RoleCode) {
  const row = roleRow(ctx, code);
  if (!row) throw new HttpError(404, "error.404");
  const change = await changeAsking(ctx, code);
  if (change) return await approveChange(ctx, change);
  if (row.approved) throw new HttpError(409, "manage.already_decided");
  const join = isJoin(ctx);
  await requireQualifiedFor(ctx, [code]);
  await grantRoles(ctx, [code]);
  await audit(ctx, "role.approve", { role: code, join });
  await mail(ctx, join ? "joinApproved" : "roleApproved", { roles: await roleNames(ctx, [code]) });
}

async function rejectRole(ctx: DecisionContext, code: RoleCode, reason: string) {
  const row = roleRow(ctx, code);
  if (!row) throw new HttpError(404, "error.404");
  const change = await changeAsking(ctx, code);
  if (change) return await rejectChange(ctx, change, reason);
  // An approved role is taken away with "remove", a rejected one is already decided.
  if (row.approved || row.rejected) throw new HttpError(409, "manage.already_decided");
  const join = isJoin(ctx);
  await ctx.tx.update(userRoles)
    .set({ approved: false, rejected: true, reason, decidedBy: ctx.actor.id, decidedAt: ctx.now })
    .where(and(eq(userRoles.userId, ctx.target.id), eq(userRoles.roleCode, code)));
  await audit(ctx, "role.reject", { role: code, join, reason });
  if (join) await mailReapplication(ctx, reason);
  else await mail(ctx, "roleRejected", { roles: await roleNames(ctx, [code]), reason });
}

/** A rejected join gets a reapplication link (`/rejected?email&token`, 7 days, single use). */
async function mailReapplication(ctx: DecisionContext, reason: string) {
  const token = await issueAccountToken(ctx.tx, ctx.target.id, "reapply", ctx.now);
  await mail(ctx, "joinRejected", { reason, link: link(ctx, "/rejected", { email: ctx.target.email, token }) });
}

async function setTestable(ctx: DecisionContext, code: RoleCode, testable: boolean) {
  if (!roleRow(ctx, code)) throw new HttpError(404, "error.404");
  await ctx.tx.update(userRoles).set({ testable })
    .where(and(eq(userRoles.userId, ctx.target.id), eq(userRoles.roleCode, code)));
  await audit(ctx, "role.testable", { role: code, testable });
}

/** Takes a role away; every session of the member ends (SPEC §4: revocation on role removal). */
async function removeRole(ctx: DecisionContext, code: RoleCode) {
  if (!roleRow(ctx, code)) throw new HttpError(404, "error.404");
  // A role still asked for by a waiting request is decided there (reject, with a reason).
  if (await changeAsking(ctx, code)) throw new HttpError(409, "manage.change_waiting");
  await ctx.tx.delete(userRoles).where(and(eq(userRoles.userId, ctx.target.id), eq(userRoles.roleCode, code)));
  await revokeUserSessions(ctx.tx, ctx.target.id, "role_removed");
  await audit(ctx, "role.remove", { role: code });
  await mail(ctx, "roleRemoved", { roles: await roleNames(ctx, [code]) });
}

async function sendPasswordReset(ctx: DecisionContext) {
  const token = await issueAccountToken(ctx.tx, ctx.target.id, "reset", ctx.now);
  await audit(ctx, "password.reset_mail", {});
  await mail(ctx, "passwordReset", { link: link(ctx, "/password/reset", { email: ctx.target.email, token }) });
}

// ---------- Change requests ----------

async function approveChange(ctx: DecisionContext, change: MembershipChange) {
  const fields = change.fields as Record<string, unknown>;
  if (change.kind === "judge_field") {
    // A judging field is a judge role: adding one grants it (with the careers sent for it), dropping
    // one takes it away, at the member's own request.
    const field = String(fields.field ?? "");
    const op = fields.op === "remove" ? "remove" : "add";
    const [user] = await ctx.tx.select({ judgeFields: users.judgeFields }).from(users)
      .where(eq(users.id, ctx.target.id));
    if (op === "add") {
      await applyFields(ctx, { careers: fields.careers, academicPosition: fields.academicPosition });
      await requireQualifiedFor(ctx, [field]);
      await grantRoles(ctx, [field]);
    } else {
      await ctx.tx.delete(userRoles).where(and(eq(userRoles.userId, ctx.target.id), eq(userRoles.roleCode, field)));
    }
    const next = op === "add"
      ? [...new Set([...user.judgeFields, field])].sort()
      : user.judgeFields.filter((f) => f !== field);
    await ctx.tx.update(users).set({ judgeFields: next, updatedAt: ctx.now }).where(eq(users.id, ctx.target.id));
    await markChange(ctx, change, "approved");
    await audit(ctx, "judge_field.approve", { change: change.id, field, op });
    await mail(ctx, "fieldApproved", { field: await roleNames(ctx, [field]) || field });
    return;
  }

  const join = change.kind === "join" || isJoin(ctx);
  await applyFields(ctx, fields);
  // A judge's careers and position as the change leaves them must qualify (SPEC §5); also when the change
  // only updates the careers of a judge who keeps the role.
  await requireQualifiedFor(ctx, fields.type === "judge" ? ["judge", ...change.toRoles] : change.toRoles);
  await grantRoles(ctx, change.toRoles);
  // A conversion to a membership type replaces the other type roles (individual → design company…).
  const newType = change.toRoles.find((c) => (TYPE_ROLES as readonly string[]).includes(c));
  if (newType) {
    const others = TYPE_ROLES.filter((c) => c !== newType);
    await ctx.tx.delete(userRoles).where(and(eq(userRoles.userId, ctx.target.id), inArray(userRoles.roleCode, others)));
  }
  await markChange(ctx, change, "approved");
  await audit(ctx, `${change.kind}.approve`, { change: change.id, roles: change.toRoles });
  const names = await roleNames(ctx, change.toRoles);
  await mail(ctx, join ? "joinApproved" : "conversionApproved", { roles: names || "-" });
}

/** The data a conversion asked for, written on approval: company details, judge fields, careers, educations. */
async function applyFields(ctx: DecisionContext, fields: Record<string, unknown>) {
  const { tx, target, now } = ctx;
  const company = fields.company as CompanyData | undefined;
  if (company) {
    await tx.update(users).set({
      affiliation: String(company.affiliation ?? ""),
      department: String(company.department ?? ""),
      position: String(company.position ?? ""),
      tel: String(company.tel ?? ""),
      businessNo: String(company.businessNo ?? ""),
      updatedAt: now,
    }).where(eq(users.id, target.id));
  }
  if (typeof fields.academicPosition === "string") {
    await tx.update(users).set({ academicPosition: fields.academicPosition, updatedAt: now })
      .where(eq(users.id, target.id));
  }
  if (Array.isArray(fields.judgeFields)) {
    await tx.update(users).set({
      judgeFields: fields.judgeFields.map(String),
      ...(typeof fields.judgeCategory === "string" ? { judgeCategory: fields.judgeCategory } : {}),
      updatedAt: now,
    }).where(eq(users.id, target.id));
  }
  if (Array.isArray(fields.careers)) {
    const careers = fields.careers as CareerData[];
    const families = [...new Set(careers.map((c) => c.roleCode))];
    if (families.length) {
      await tx.delete(judgeCareers)
        .where(and(eq(judgeCareers.userId, target.id), inArray(judgeCareers.roleCode, families)));
      await tx.insert(judgeCareers).values(careers.map((c) => ({ ...c, userId: target.id })));
    }
  }
  if (Array.isArray(fields.educations)) {
    const educations = fields.educations as EducationData[];
    await tx.delete(judgeEducations).where(eq(judgeEducations.userId, target.id));
    if (educations.length) {
      await tx.insert(judgeEducations).values(educations.map((e) => ({ ...e, userId: target.id })));
    }
  }
}

/** The member's judge qualification from their recorded careers and academic position (SPEC §5). */
export async function qualificationOf(tx: Tx, userId: number): Promise<JudgeQualification> {
  const [user] = await tx.select({ academicPosition: users.academicPosition }).from(users)
    .where(eq(users.id, userId));
  const careers = await tx.select({ startedOn: judgeCareers.startedOn, endedOn: judgeCareers.endedOn })
    .from(judgeCareers).where(eq(judgeCareers.userId, userId));
  return judgeQualification({ careers: periodsOf(careers), academicPosition: user?.academicPosition ?? "" });
}

/**
 * Granting a judge role (judge, IBDA, DCB, shoes) needs the qualification: 10 years of career or an
 * assistant professor or above (SPEC §5). Refused with 422 `judge.not_qualified`; the decision's
 * transaction rolls back whatever it wrote before.
 */
async function requireQualifiedFor(ctx: DecisionContext, codes: readonly string[]) {
  const judgeRoles: readonly string[] = ["judge", ...JUDGE_FAMILIES];
  if (!codes.some((c) => judgeRoles.includes(c))) return;
  const q = await qualificationOf(ctx.tx, ctx.target.id);
  if (q.qualified) return;
  throw new HttpError(422, "judge.not_qualified", "Unprocessable Entity", {
    fields: { qualification: ["judge.not_qualified"] },
  });
}

async function rejectChange(ctx: DecisionContext, change: MembershipChange, reason: string) {
  await markChange(ctx, change, "rejected", reason);
  if (change.kind === "judge_field") {
    const field = String((change.fields as Record<string, unknown>).field ?? "");
    // An added field's role was waiting: it goes; a dropped field stays as it was.
    const asked = change.toRoles.filter((c) => !roleRow(ctx, c as RoleCode)?.approved);
    if (asked.length) {
      await ctx.tx.delete(userRoles)
        .where(and(eq(userRoles.userId, ctx.target.id), inArray(userRoles.roleCode, asked)));
    }
    await audit(ctx, "judge_field.reject", { change: change.id, field, reason });
    await mail(ctx, "fieldRejected", { field: await roleNames(ctx, [field]) || field, reason });
    return;
  }
  const asked = change.toRoles.filter((c) => !roleRow(ctx, c as RoleCode)?.approved);
  if (change.kind === "join" || isJoin(ctx)) {
    // SPEC §4: a rejected join keeps its roles marked rejected with the reason (login answers "join
    // rejected"), and the member gets a reapplication link.
    if (asked.length) {
      await ctx.tx.update(userRoles)
        .set({ approved: false, rejected: true, reason, decidedBy: ctx.actor.id, decidedAt: ctx.now })
        .where(and(eq(userRoles.userId, ctx.target.id), inArray(userRoles.roleCode, asked)));
    }
    await audit(ctx, "join.reject", { change: change.id, roles: asked, reason });
    await mailReapplication(ctx, reason);
    return;
  }
  // A rejected conversion leaves the member as they were: the roles it asked for go.
  if (asked.length) {
    await ctx.tx.delete(userRoles)
      .where(and(eq(userRoles.userId, ctx.target.id), inArray(userRoles.roleCode, asked)));
  }
  await audit(ctx, "conversion.reject", { change: change.id, roles: asked, reason });
  await mail(ctx, "conversionRejected", { roles: (await roleNames(ctx, change.toRoles)) || "-", reason });
}

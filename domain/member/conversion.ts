// Membership conversion (SPEC §2.5 Conversion, §4 Member application, §5): a member asks to become an
// individual member, a design company, a company or a judge.
//
// - To individual: immediate (design/company roles go, `member` is held), recorded as an approved change.
// - To design company, company or judge: a `conversion` change waits for an administrator; the roles asked
//   for are added at once as unapproved user_roles (so /management/user lists the member as waiting, like a
//   join), and the data asked for (company details; judge fields, careers, educations) is kept in the
//   change's `fields` and written on approval (domain/member/approval.ts). Rejection deletes those rows.
// - A judge who only changes judging fields gets one `judge_field` change per field, decided one by one.
// - Nothing changed → nothing happens. While anything waits, nothing more can be asked (`change.pending`).
import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import {
  auditLog,
  judgeCareers,
  judgeEducations,
  membershipChanges,
  userRoles,
  users,
} from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { requireSignedIn } from "./guard.ts";
import { canApplyAsJudge, type RoleCode, type Viewer } from "./permissions.ts";
import { formatBusinessNo } from "./register.ts";
import {
  CareerInput,
  careerRules,
  EducationInput,
  JUDGE_ROLES,
  type JudgeRole,
  MAX_CAREERS,
  MAX_EDUCATIONS,
  unflatten,
} from "./register-schema.ts";
import { countedPage, paginated } from "../common/list.ts";
import { fieldErrors } from "../validation.ts";
import { ACADEMIC_POSITIONS } from "./judge-qualification.ts";
import { roleEntries } from "./viewer.ts";

export const CONVERSION_TYPES = ["member", "design", "company", "judge"] as const;
export type ConversionType = typeof CONVERSION_TYPES[number];
/** The membership-type roles: a member holds one of them. */
export const TYPE_ROLES = ["member", "design", "company"] as const satisfies readonly RoleCode[];

// ---------- Input ----------
// The judge part is registration's (register-schema.ts): the judging fields are the judge roles IBDA, DCB
// and shoes/KFDA, each with at least one career entry supporting it, and at least one education entry.

const text = (max: number) => z.string().trim().max(max, "register.too_long").default("");
const list = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);
/** Rows of a plain form come with spare blank rows (`careers[2][organization]=`): those are no rows. */
const rows = (v: unknown) =>
  list(v).filter((row) =>
    !(row && typeof row === "object" &&
      Object.values(row).every((x) => x === undefined || x === null || (typeof x === "string" && x.trim() === "")))
  );

export const ConversionInput = z.object({
  type: z.enum(CONVERSION_TYPES, "change.type_required"),
  affiliation: text(200),
  department: text(100),
  position: text(100),
  tel: text(40),
  business_no: text(20),
  /** The judging fields = judge roles asked for (registration's name); `judge_roles` is accepted too. */
  judge_fields: z.preprocess(list, z.array(z.enum(JUDGE_ROLES, "register.invalid")).max(JUDGE_ROLES.length)),
  judge_roles: z.preprocess(list, z.array(z.enum(JUDGE_ROLES, "register.invalid")).max(JUDGE_ROLES.length)),
  judge_category: text(100),
  academic_position: z.union([z.literal(""), z.enum(ACADEMIC_POSITIONS)], "register.invalid").default(""),
  careers: z.preprocess(rows, z.array(CareerInput).max(MAX_CAREERS, "register.too_many_rows")),
  educations: z.preprocess(rows, z.array(EducationInput).max(MAX_EDUCATIONS, "register.too_many_rows")),
}).transform(({ judge_roles, ...input }) => ({
  ...input,
  judge_fields: JUDGE_ROLES.filter((r) => input.judge_fields.includes(r) || judge_roles.includes(r)),
  // Korean business registration number: 10 digits, kept as 000-00-00000 (checked below)
  business_no: formatBusinessNo(input.business_no),
})).superRefine((input, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (input.type === "design" || input.type === "company") {
    if (!input.affiliation) issue("affiliation", "change.company_required");
    if (!input.business_no) issue("business_no", "register.business_no_required");
    else if (!/^\d{3}-\d{2}-\d{5}$/.test(input.business_no)) issue("business_no", "register.business_no_invalid");
  }
  if (input.type !== "judge") return;
  // SPEC §5: a judge conversion needs at least one judge role, and (as registration) each selected role at
  // least one career entry supporting it and at least one education entry.
  if (input.judge_fields.length === 0) issue("judge_fields", "change.judge_role_required");
  for (const role of input.judge_fields) {
    if (!input.careers.some((c) => c.role === role)) issue("careers", `register.career_for_${role}`);
  }
  if (input.careers.some((c) => !input.judge_fields.includes(c.role))) {
    issue("careers", "change.career_role_unselected");
  }
  if (input.educations.length === 0) issue("educations", "register.education_required");
  // SPEC §5 judge qualification: career dates, then 10 years of career or an assistant professor or above.
  careerRules(
    input.careers,
    input.academic_position,
    (path, message) => ctx.addIssue({ code: "custom", path, message }),
  );
});
export type ConversionInput = z.infer<typeof ConversionInput>;

/** The form's `careers[0][organization]` names as nested rows (registration's reader). */
export const nestFormFields = unflatten;

/**
 * The body of POST /api/change as a conversion; 422 with every field's keys otherwise. A judge request whose
 * only problem is the qualification is refused by its name, `judge.not_qualified` (SPEC §5, §8).
 */
export function parseConversion(body: Record<string, unknown>): ConversionInput {
  const parsed = ConversionInput.safeParse(nestFormFields(body));
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error);
  const onlyQualification = Object.values(fields).flat().every((k) => k === "judge.not_qualified");
  throw new HttpError(422, onlyQualification ? "judge.not_qualified" : "error.validation", "Validation failed", {
    fields,
  });
}

// ---------- What the member has now ----------

export interface CareerData {
  roleCode: string;
  organization: string;
  position: string;
  startedOn: string;
  endedOn: string;
}
export interface EducationData {
  school: string;
  major: string;
  degree: string;
}
export interface CompanyData {
  affiliation: string;
  department: string;
  position: string;
  tel: string;
  businessNo: string;
}

export interface Membership {
  roles: { code: RoleCode; needsApproval: boolean; approved: boolean; rejected: boolean }[];
  judgeFields: string[];
  judgeCategory: string;
  academicPosition: string;
  careers: CareerData[];
  educations: EducationData[];
  company: CompanyData;
}

export async function loadMembership(tx: Tx, userId: number): Promise<Membership> {
  const [user] = await tx.select({
    judgeFields: users.judgeFields,
    judgeCategory: users.judgeCategory,
    academicPosition: users.academicPosition,
    affiliation: users.affiliation,
    department: users.department,
    position: users.position,
    tel: users.tel,
    businessNo: users.businessNo,
  }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new HttpError(404, "error.404");
  const careers = await tx.select().from(judgeCareers).where(eq(judgeCareers.userId, userId))
    .orderBy(asc(judgeCareers.id));
  const educations = await tx.select().from(judgeEducations).where(eq(judgeEducations.userId, userId))
    .orderBy(asc(judgeEducations.id));
  const { judgeFields, judgeCategory, academicPosition, ...company } = user;
  return {
    roles: await roleEntries(tx, userId),
    judgeFields,
    judgeCategory,
    academicPosition,
    careers: careers.map((c) => ({
      roleCode: c.roleCode,
      organization: c.organization,
      position: c.position,
      startedOn: c.startedOn,
      endedOn: c.endedOn,
    })),
    educations: educations.map((e) => ({ school: e.school, major: e.major, degree: e.degree })),
    company,
  };
}

/** A role that counts: held and, if it needs approval, approved. */
const holds = (m: Membership, code: string) =>
  m.roles.some((r) => r.code === code && !r.rejected && (!r.needsApproval || r.approved));

/** Something is already asked for: a role waiting for approval. (Waiting change rows are checked too.) */
export function hasWaitingRole(m: Membership): boolean {
  return m.roles.some((r) => r.needsApproval && !r.approved && !r.rejected);
}

/** The membership type shown to the member: the first type role held, else "" (none yet). */
export function currentType(m: Membership): ConversionType | "" {
  if (holds(m, "judge") && holds(m, "member")) return "judge";
  return TYPE_ROLES.find((c) => holds(m, c)) ?? "";
}

export const careerData = (c: CareerInput): CareerData => ({
  roleCode: c.role,
  organization: c.organization,
  position: c.position,
  startedOn: c.from,
  endedOn: c.to,
});
export const educationData = (e: EducationInput): EducationData => ({
  school: e.school,
  major: e.major,
  degree: e.degree,
});

// ---------- The plan (pure) ----------

export interface ChangeRequest {
  kind: "conversion" | "judge_field";
  fromRoles: string[];
  toRoles: string[];
  fields: Record<string, unknown>;
}

export type ConversionPlan =
  | { outcome: "unchanged" }
  | { outcome: "immediate"; remove: RoleCode[]; add: RoleCode[] }
  | { outcome: "approval"; requests: ChangeRequest[]; newRoles: RoleCode[] };

const sameRows = <T>(a: T[], b: T[]) => {
  const key = (rows: T[]) => rows.map((r) => JSON.stringify(r)).sort().join("\n");
  return key(a) === key(b);
};

/** What a conversion request means for this member (SPEC §4, §5). No I/O; validated input only. */
export function planConversion(m: Membership, input: ConversionInput): ConversionPlan {
  const fromRoles = m.roles.filter((r) => holds(m, r.code)).map((r) => r.code);
  if (input.type === "member") {
    const others = m.roles.filter((r) => r.code === "design" || r.code === "company").map((r) => r.code);
    if (holds(m, "member") && others.length === 0) return { outcome: "unchanged" };
    return { outcome: "immediate", remove: others, add: holds(m, "member") ? [] : ["member"] };
  }
  if (input.type === "design" || input.type === "company") {
    const others = TYPE_ROLES.filter((c) => c !== input.type && holds(m, c));
    if (holds(m, input.type) && others.length === 0) return { outcome: "unchanged" };
    const company: CompanyData = {
      affiliation: input.affiliation,
      department: input.department,
      position: input.position,
      tel: input.tel,
      businessNo: input.business_no,
    };
    return {
      outcome: "approval",
      newRoles: [input.type],
      requests: [{ kind: "conversion", fromRoles, toRoles: [input.type], fields: { type: input.type, company } }],
    };
  }

  // Judge. The judging fields asked for are the judge roles the member wants to hold.
  const asked = input.judge_fields;
  const careers = input.careers.map(careerData);
  const educations = input.educations.map(educationData);
  const judgeData = { judgeCategory: input.judge_category, academicPosition: input.academic_position };
  if (!holds(m, "judge")) {
    const newRoles: RoleCode[] = ["judge", ...asked.filter((f) => !holds(m, f))];
    return {
      outcome: "approval",
      newRoles,
      requests: [{
        kind: "conversion",
        fromRoles,
        toRoles: newRoles,
        fields: { type: "judge", judgeFields: [...asked], ...judgeData, careers, educations },
      }],
    };
  }
  // Already a judge: each judging field added or dropped is its own request (SPEC §4: a judge field
  // change needs approval per field); changed careers or educations of the fields kept are one more.
  const held = JUDGE_ROLES.filter((f) => holds(m, f));
  const added = asked.filter((f) => !held.includes(f));
  const dropped = held.filter((f) => !asked.includes(f));
  const kept = held.filter((f) => asked.includes(f));
  const requests: ChangeRequest[] = [
    ...added.map((field): ChangeRequest => ({
      kind: "judge_field",
      fromRoles,
      toRoles: [field],
      fields: {
        field,
        op: "add",
        careers: careers.filter((c) => c.roleCode === field),
        academicPosition: input.academic_position,
      },
    })),
    ...dropped.map((field): ChangeRequest => ({
      kind: "judge_field",
      fromRoles,
      toRoles: [],
      fields: { field, op: "remove" },
    })),
  ];
  const keptCareers = careers.filter((c) => kept.includes(c.roleCode as JudgeRole));
  const careersChanged = !sameRows(keptCareers, m.careers.filter((c) => kept.includes(c.roleCode as JudgeRole)));
  const educationsChanged = !sameRows(educations, m.educations);
  const positionChanged = input.academic_position !== m.academicPosition;
  if (careersChanged || educationsChanged || positionChanged) {
    requests.push({
      kind: "conversion",
      fromRoles,
      toRoles: [],
      fields: {
        type: "judge",
        ...(careersChanged ? { careers: keptCareers } : {}),
        ...(educationsChanged ? { educations } : {}),
        ...(positionChanged ? { academicPosition: input.academic_position } : {}),
      },
    });
  }
  return requests.length ? { outcome: "approval", requests, newRoles: added } : { outcome: "unchanged" };
}

// ---------- Submitting ----------

export interface ConversionResult {
  changed: boolean;
  /** approved: done at once (to individual); waiting: for an administrator. */
  status?: "approved" | "waiting";
  changes: { id: number; kind: string; status: string }[];
}

export async function waitingChanges(tx: Tx, userId: number) {
  return await tx.select().from(membershipChanges)
    .where(and(eq(membershipChanges.userId, userId), eq(membershipChanges.status, "waiting")))
    .orderBy(asc(membershipChanges.id));
}

/** POST /api/change and /change: checks, plans and records a conversion in one transaction. */
export async function submitConversion(tx: Tx, viewer: Viewer, input: ConversionInput): Promise<ConversionResult> {
  requireSignedIn(viewer);
  // Only individual or new members may apply as judge (SPEC §6).
  if (input.type === "judge" && !canApplyAsJudge(viewer)) throw new HttpError(403, "change.judge_not_allowed");
  // One member's requests are serialised: two submissions at once cannot both pass the pending check.
  const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
  if (!locked) throw new HttpError(404, "error.404");
  const membership = await loadMembership(tx, viewer.id);
  if (hasWaitingRole(membership) || (await waitingChanges(tx, viewer.id)).length > 0) {
    throw new HttpError(409, "change.pending");
  }
  const plan = planConversion(membership, input);
  if (plan.outcome === "unchanged") return { changed: false, changes: [] };

  const now = new Date();
  const fromRoles = membership.roles.filter((r) => !r.rejected && (!r.needsApproval || r.approved)).map((r) => r.code);
  if (plan.outcome === "immediate") {
    for (const code of plan.remove) {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, viewer.id), eq(userRoles.roleCode, code)));
    }
    for (const code of plan.add) {
      await tx.insert(userRoles).values({ userId: viewer.id, roleCode: code, approved: true, decidedAt: now })
        .onConflictDoUpdate({
          target: [userRoles.userId, userRoles.roleCode],
          set: { approved: true, rejected: false, reason: "", decidedAt: now },
        });
    }
    const [row] = await tx.insert(membershipChanges).values({
      userId: viewer.id,
      kind: "conversion",
      fromRoles,
      toRoles: ["member"],
      fields: { type: "member", removed: plan.remove },
      status: "approved",
      decidedAt: now,
    }).returning({ id: membershipChanges.id, kind: membershipChanges.kind, status: membershipChanges.status });
    await tx.insert(auditLog).values({
      actorId: viewer.id,
      action: "conversion.immediate",
      targetUserId: viewer.id,
      detail: { change: row.id, from: fromRoles, to: ["member"] },
    });
    return { changed: true, status: "approved", changes: [row] };
  }

  for (const code of plan.newRoles) {
    await tx.insert(userRoles).values({ userId: viewer.id, roleCode: code, approved: false })
      .onConflictDoUpdate({
        target: [userRoles.userId, userRoles.roleCode],
        set: { approved: false, rejected: false, reason: "", decidedBy: null, decidedAt: null },
      });
  }
  const created = await tx.insert(membershipChanges).values(plan.requests.map((r) => ({ userId: viewer.id, ...r })))
    .returning({ id: membershipChanges.id, kind: membershipChanges.kind, status: membershipChanges.status });
  await tx.insert(auditLog).values({
    actorId: viewer.id,
    action: "conversion.request",
    targetUserId: viewer.id,
    detail: { changes: created.map((c) => c.id), type: input.type, roles: plan.newRoles },
  });
  return { changed: true, status: "waiting", changes: created };
}

// ---------- History (GET /api/user/changes, /mypage/changes) ----------

export function changeJson(c: typeof membershipChanges.$inferSelect) {
  return {
    id: c.id,
    kind: c.kind,
    status: c.status,
    from_roles: c.fromRoles,
    to_roles: c.toRoles,
    fields: c.fields,
    reason: c.reason,
    created_at: c.createdAt.toISOString(),
    decided_at: c.decidedAt?.toISOString() ?? null,
  };
}

/** One member's changes, newest first, in the list shape. */
export async function changeHistory(
  tx: Tx,
  userId: number,
  page: number,
  perPage: number,
  urlOf: (page: number) => string,
) {
  const mine = eq(membershipChanges.userId, userId);
  const counted = await countedPage(
    tx,
    tx.select({ id: membershipChanges.id }).from(membershipChanges).where(mine).$dynamic(),
    page,
    perPage,
    (page) =>
      tx.select().from(membershipChanges).where(mine)
        .orderBy(desc(membershipChanges.createdAt), desc(membershipChanges.id))
        .limit(perPage).offset((page - 1) * perPage),
  );
  return paginated(counted.rows, counted.total, counted.page, perPage, urlOf, counted.estimated);
}

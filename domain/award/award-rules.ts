// Rules on the award itself (SPEC §4, §6, §8): an award with entries keeps its rules and cannot be
// deleted; auditing needs an approved ibda judge, the auditable flag and the pool's period. Pure, like
// entry-rules.ts: `…Refusal` returns the HttpError, `assert…` throws it.
import { HttpError } from "../../framework/errors.ts";
import { canAuditAward, isAdministrator, isSignedIn, type Viewer } from "../member/permissions.ts";
import { isAuditPeriod, type PoolPeriod } from "./phase.ts";

const throwIf = (refusal: HttpError | null) => {
  if (refusal) throw refusal;
};

/**
 * The fields entries depend on: once an award has entries these stay as they are. Texts, the poster and
 * the schedule remain editable (a result date may move), as do pools and the auditable flag.
 */
export const AWARD_RULE_FIELDS = ["family", "year", "categories"] as const;
export type AwardRuleField = typeof AWARD_RULE_FIELDS[number];

const same = (a: unknown, b: unknown): boolean => {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) {
    const [x, y] = [a, b].map((list) => list.map(String).sort());
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  return a === b;
};

/** The rule fields an edit changes (fields the edit does not carry are left as they are). */
export function changedRuleFields(
  before: Partial<Record<AwardRuleField, unknown>>,
  after: Partial<Record<AwardRuleField, unknown>>,
): AwardRuleField[] {
  return AWARD_RULE_FIELDS.filter((f) => f in after && !same(before[f], after[f]));
}

/** SPEC §6: an award that has entries is not deleted (its entries and payments hang on it). */
export function awardDeleteRefusal(entryCount: number): HttpError | null {
  return entryCount > 0 ? new HttpError(409, "award.has_entries") : null;
}

export function assertAwardDeletable(entryCount: number): void {
  throwIf(awardDeleteRefusal(entryCount));
}

/** SPEC §6: an award that has entries keeps its rules; `changed` names the fields the edit changes. */
export function awardEditRefusal(entryCount: number, changed: readonly string[]): HttpError | null {
  const touchesRules = changed.some((f) => (AWARD_RULE_FIELDS as readonly string[]).includes(f));
  return entryCount > 0 && touchesRules ? new HttpError(409, "award.has_entries") : null;
}

export function assertAwardEditable(entryCount: number, changed: readonly string[]): void {
  throwIf(awardEditRefusal(entryCount, changed));
}

/**
 * SPEC §4: a judge audits only an auditable award, with the approved ibda judge role, while the pool's
 * period runs. Administrators pass the role and the period, not the auditable flag.
 */
export function auditRefusal(
  viewer: Viewer,
  award: { auditable: boolean } | null | undefined,
  pool: PoolPeriod | null | undefined,
  now = new Date(),
): HttpError | null {
  if (!award) return new HttpError(404, "award.not_found");
  if (!isSignedIn(viewer)) return new HttpError(401, "error.401");
  if (!canAuditAward(viewer, award.auditable)) return new HttpError(403, "award.not_auditable");
  if (isAdministrator(viewer)) return null;
  return pool && isAuditPeriod(pool, now) ? null : new HttpError(403, "award.not_auditable");
}

export function assertCanAudit(
  viewer: Viewer,
  award: { auditable: boolean } | null | undefined,
  pool: PoolPeriod | null | undefined,
  now = new Date(),
): void {
  throwIf(auditRefusal(viewer, award, pool, now));
}

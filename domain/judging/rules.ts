// Who may judge what (SPEC §4 audit period, §6 judge roles, §8 not auditable / no access; issue 11 part 2).
// Pure: the facts are loaded by domain/judging/scoring.ts, decided here, and unit-tested without a database.
// `…Refusal` returns the HttpError (or null), as domain/award/award-rules.ts does.
import { HttpError } from "../../framework/errors.ts";
import {
  hasRole,
  isAdministrator,
  isSignedIn,
  JUDGE_FAMILIES,
  type JudgeFamily,
  type Viewer,
} from "../member/permissions.ts";
import { isAuditPeriod, type PoolPeriod } from "../award/phase.ts";
import type { AwardFamily } from "../award/options.ts";

/** The panel row of a judge, as the rules need it. */
export interface PanelFacts {
  userId: number;
  role: string;
  affiliation: string;
  excludedAt: Date | null;
  /** The term of appointment, when set (SPEC §3 Judge start, finish). */
  startOn?: Date | null;
  finishOn?: Date | null;
}

export interface JudgingFacts {
  award: { family: AwardFamily; auditable: boolean } | null;
  pool: PoolPeriod | null;
  /** The viewer's panel row on this award (null: not on the panel). */
  judge: PanelFacts | null;
  /** The categories the judge is assigned in this pool (null: not assigned). */
  assigned: readonly number[] | null;
}

const isJudgeFamily = (role: string): role is JudgeFamily => (JUDGE_FAMILIES as readonly string[]).includes(role);

/**
 * SPEC §6: IBDA, DCB and shoes judges need the approved family role plus the approved judge role. The IBDA
 * family is judged only by IBDA judges (SPEC §4 "an approved ibda judge role"); the design award by the
 * panel's own role.
 */
export function holdsJudgeRole(viewer: Viewer, family: AwardFamily, panelRole: string): boolean {
  if (!hasRole(viewer, "judge")) return false;
  if (family === "ibda") return panelRole === "ibda" && hasRole(viewer, "ibda");
  return isJudgeFamily(panelRole) && hasRole(viewer, panelRole);
}

/**
 * May this viewer score in this pool at all (before looking at any entry)? Anonymous 401; unknown award or
 * pool 404; an award not auditable, a member without the approved judge roles, a judge not on the panel,
 * excluded, outside the pool's period or not assigned to the pool 403 (SPEC §8 "not auditable", "no access").
 */
export function judgingRefusal(viewer: Viewer, facts: JudgingFacts, now = new Date()): HttpError | null {
  if (!isSignedIn(viewer)) return new HttpError(401, "error.401");
  if (!facts.award || !facts.pool) return new HttpError(404, "award.not_found");
  if (!facts.award.auditable) return new HttpError(403, "award.not_auditable");
  const judge = facts.judge;
  if (!judge || judge.userId !== viewer.id) return new HttpError(403, "judging.error.not_on_panel");
  if (!holdsJudgeRole(viewer, facts.award.family, judge.role)) return new HttpError(403, "judging.error.not_on_panel");
  if (judge.excludedAt && judge.excludedAt.getTime() <= now.getTime()) {
    return new HttpError(403, "judging.error.excluded");
  }
  if (!isAuditPeriod(facts.pool, now)) return new HttpError(403, "judging.error.outside_period");
  // SPEC §3 Judge start and finish: a term of appointment, when set, bounds the judge's own judging too.
  const t = now.getTime();
  if ((judge.startOn && t < judge.startOn.getTime()) || (judge.finishOn && t > judge.finishOn.getTime())) {
    return new HttpError(403, "judging.error.outside_term");
  }
  if (!facts.assigned) return new HttpError(403, "judging.error.not_assigned");
  return null;
}

/** The entry facts conflict detection and category checks read (never shown to the judge). */
export interface EntryFacts {
  id: number;
  awardId: number;
  userId: number;
  category: number;
  company: string;
  designerName: string;
  designerNameEn: string;
  designerAffiliation: string;
  subDesigners: readonly { name: string; name_en: string; affiliation: string }[];
}

/** Organisation and person names compared loosely: case, spaces, punctuation and company markers ignored. */
export function normaliseName(value: string): string {
  return value.normalize("NFKC").toLowerCase()
    .replace(/\(주\)|㈜|주식회사|\(유\)|유한회사|\b(?:co|corp|inc|ltd|llc)\b\.?/g, "")
    .replace(/[\s.,·'"()\-_/&]+/g, "");
}

const same = (a: string, b: string) => {
  const [x, y] = [normaliseName(a), normaliseName(b)];
  return x.length > 0 && x === y;
};

/** The judge as a person: their account and their names, for "is the judge the designer". */
export interface JudgePerson {
  userId: number;
  name: string;
  nameEn: string;
  affiliation: string;
}

/**
 * Issue 11 part 2: an entry is withheld from a judge who entered it, who is its main or a sub designer, or
 * whose affiliation matches the entrant's company or the affiliation of any of its designers.
 */
export function hasConflict(judge: JudgePerson, entry: EntryFacts): boolean {
  if (entry.userId === judge.userId) return true;
  const names = [judge.name, judge.nameEn];
  const designers = [
    [entry.designerName, entry.designerNameEn],
    ...entry.subDesigners.map((s) => [s.name, s.name_en]),
  ];
  if (designers.some((d) => d.some((n) => names.some((m) => same(n, m))))) return true;
  const affiliations = [entry.company, entry.designerAffiliation, ...entry.subDesigners.map((s) => s.affiliation)];
  return affiliations.some((a) => same(a, judge.affiliation));
}

/** The categories a judge sees in a pool: those assigned, within the pool's own (empty: all of the award's). */
export function judgedCategories(assigned: readonly number[], poolCategories: readonly number[]): number[] {
  return poolCategories.length ? assigned.filter((c) => poolCategories.includes(c)) : [...assigned];
}

/**
 * May the judge score this entry of this pool? Another award's entry is 404 (the judge's list never
 * names it); outside the judge's categories 403; withheld for a conflict 403.
 */
export function entryRefusal(
  judge: JudgePerson,
  awardId: number,
  categories: readonly number[],
  entry: EntryFacts | null,
): HttpError | null {
  if (!entry || entry.awardId !== awardId) return new HttpError(404, "judging.error.entry_not_found");
  if (!categories.includes(entry.category)) return new HttpError(403, "judging.error.outside_categories");
  if (hasConflict(judge, entry)) return new HttpError(403, "judging.error.conflict");
  return null;
}

/** Administrators and the award's active panel see the judging figures of an award (sect=audits). */
export function canSeeAudits(viewer: Viewer, onActivePanel: boolean): boolean {
  return isAdministrator(viewer) || (isSignedIn(viewer) && onActivePanel);
}

// The judge qualification as the entered careers stand (SPEC §5): the years counted (overlaps once, a current
// job up to this month) and whether they, or the academic position, qualify. Shown under the registration
// wizard's and the conversion form's careers; the server computes the same figure and refuses with
// `judge.not_qualified`.
import type { Translate } from "../../i18n/mod.ts";
import {
  type CareerPeriod,
  judgeQualification,
  QUALIFYING_CAREER_YEARS,
} from "../../domain/member/judge-qualification.ts";

export function QualificationNote(
  { t, careers, academicPosition }: { t: Translate; careers: CareerPeriod[]; academicPosition: string },
) {
  const q = judgeQualification({ careers, academicPosition });
  return (
    <p class={`field-hint qualification-note${q.qualified ? " is-qualified" : ""}`} aria-live="polite">
      {t("judge.computed", { years: q.years, months: q.restMonths, required: QUALIFYING_CAREER_YEARS })}{" "}
      {q.qualified ? t(q.professor ? "judge.qualifiedByPosition" : "judge.qualifiedByYears") : t("judge.notYet")}
    </p>
  );
}

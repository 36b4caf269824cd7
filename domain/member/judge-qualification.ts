// SPEC §5 judge qualification: a design expert with 10 or more years of career, or an assistant professor
// or above. The years come from the career entries the applicant lists (registration, conversion): periods
// that overlap count once, a current job (no end month) counts up to this month, and a period in the
// future is refused. Months are whole calendar months, both ends included (2016-01 to 2025-12 is 10 years).
// Pure and browser-safe: the RegisterWizard island shows the same figure the server checks.

/** Academic positions a judge applicant chooses from; "" is none given. */
export const ACADEMIC_POSITIONS = ["assistant_professor", "associate_professor", "professor", "other"] as const;
export type AcademicPosition = typeof ACADEMIC_POSITIONS[number];
/** Assistant professor or above. */
export const PROFESSOR_POSITIONS: readonly AcademicPosition[] = [
  "assistant_professor",
  "associate_professor",
  "professor",
];
export const isAcademicPosition = (v: unknown): v is AcademicPosition =>
  (ACADEMIC_POSITIONS as readonly unknown[]).includes(v);

export const QUALIFYING_CAREER_YEARS = 10;
const QUALIFYING_MONTHS = QUALIFYING_CAREER_YEARS * 12;

/** A career period as entered: `YYYY-MM` months, `to` empty for a current job. */
export interface CareerPeriod {
  from: string;
  to: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` → months since year 0, or null when not a month. */
export function monthIndex(value: string): number | null {
  const m = MONTH.exec(value);
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : null;
}

/** This month in Korea (dates are Asia/Seoul, DESIGN §3), as `YYYY-MM`. */
export function currentMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric", month: "2-digit" })
    .formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}`;
}

/**
 * What is wrong with one period's dates, as a message key on the field: a month after this month, or an
 * end before the start. Null when the dates are usable (or not months at all: the schema says so).
 */
export function careerDateProblem(
  period: CareerPeriod,
  today: string,
): { field: "from" | "to"; key: "judge.career_future" | "register.career_dates" } | null {
  const now = monthIndex(today)!;
  const from = monthIndex(period.from);
  const to = monthIndex(period.to);
  if (from !== null && from > now) return { field: "from", key: "judge.career_future" };
  if (to !== null && to > now) return { field: "to", key: "judge.career_future" };
  if (from !== null && to !== null && from > to) return { field: "to", key: "register.career_dates" };
  return null;
}

/**
 * The months of career in these periods, each calendar month counted once however many periods cover it.
 * A period without a start month counts nothing (its length is unknown); an open end is this month; a
 * period refused by careerDateProblem counts nothing.
 */
export function careerMonths(periods: readonly CareerPeriod[], today: string): number {
  const now = monthIndex(today);
  if (now === null) throw new Error(`not a month: ${today}`);
  const spans: [number, number][] = [];
  for (const p of periods) {
    const from = monthIndex(p.from);
    if (from === null || careerDateProblem(p, today)) continue;
    const to = p.to === "" ? now : monthIndex(p.to);
    if (to === null) continue;
    spans.push([from, to]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let months = 0;
  let coveredTo = -Infinity; // the last month already counted
  for (const [from, to] of spans) {
    const start = Math.max(from, coveredTo + 1);
    if (to >= start) months += to - start + 1;
    coveredTo = Math.max(coveredTo, to);
  }
  return months;
}

export interface JudgeQualification {
  /** Career months, overlaps counted once. */
  months: number;
  /** Whole years of career (months / 12, rounded down). */
  years: number;
  /** The months beyond the whole years. */
  restMonths: number;
  /** The academic position given, "" for none. */
  academicPosition: AcademicPosition | "";
  /** Assistant professor or above. */
  professor: boolean;
  qualified: boolean;
}

/** SPEC §5: 10 years of career or an assistant professor or above. */
export function judgeQualification(
  input: { careers: readonly CareerPeriod[]; academicPosition: string },
  today: string = currentMonth(),
): JudgeQualification {
  const months = careerMonths(input.careers, today);
  const academicPosition = isAcademicPosition(input.academicPosition) ? input.academicPosition : "";
  const professor = academicPosition !== "" && PROFESSOR_POSITIONS.includes(academicPosition);
  return {
    months,
    years: Math.floor(months / 12),
    restMonths: months % 12,
    academicPosition,
    professor,
    qualified: professor || months >= QUALIFYING_MONTHS,
  };
}

/** Stored career rows (`startedOn`, `endedOn`) as periods. */
export const periodsOf = (rows: readonly { startedOn: string; endedOn: string }[]): CareerPeriod[] =>
  rows.map((r) => ({ from: r.startedOn, to: r.endedOn }));

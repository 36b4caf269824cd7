// SPEC §5 judge qualification without HTTP: years of career from the career periods (overlaps counted once,
// an open-ended current job counted to this month, gaps not counted, future months refused), exactly 10
// years, the professor's position, and the registration and conversion schemas that refuse on them.
import assert from "node:assert/strict";
import {
  careerDateProblem,
  careerMonths,
  currentMonth,
  judgeQualification,
  monthIndex,
} from "../../domain/member/judge-qualification.ts";
import { careerRules, issuesToFields, RegisterFormInput } from "../../domain/member/register-schema.ts";
import { ConversionInput } from "../../domain/member/conversion.ts";

const TODAY = "2026-05";
const months = (...periods: [string, string][]) => careerMonths(periods.map(([from, to]) => ({ from, to })), TODAY);

Deno.test("career months: one period counts both end months", () => {
  assert.equal(months(["2020-01", "2020-12"]), 12);
  assert.equal(months(["2020-03", "2020-03"]), 1);
});

Deno.test("career months: overlapping and nested periods count once", () => {
  // 2010-01..2015-12 (72) and 2014-01..2019-12 overlap in 2014–2015: 120 months, not 144
  assert.equal(months(["2010-01", "2015-12"], ["2014-01", "2019-12"]), 120);
  // a period inside another adds nothing, in any order
  assert.equal(months(["2012-01", "2012-06"], ["2010-01", "2019-12"]), 120);
  // the same period twice
  assert.equal(months(["2018-01", "2018-12"], ["2018-01", "2018-12"]), 12);
  // adjacent periods touch but do not overlap
  assert.equal(months(["2018-01", "2018-06"], ["2018-07", "2018-12"]), 12);
});

Deno.test("career months: gaps between jobs are not counted", () => {
  assert.equal(months(["2010-01", "2012-12"], ["2016-01", "2017-12"]), 36 + 24);
});

Deno.test("career months: an open-ended current job counts up to this month", () => {
  assert.equal(months(["2025-06", ""]), 12);
  assert.equal(months(["2026-05", ""]), 1);
  // a current job overlapping an older one
  assert.equal(months(["2015-01", "2020-12"], ["2019-01", ""]), 137);
  // with the real clock: a job started this month is one month
  assert.equal(careerMonths([{ from: currentMonth(), to: "" }], currentMonth()), 1);
});

Deno.test("career months: future dates are refused and count nothing", () => {
  assert.deepEqual(careerDateProblem({ from: "2026-06", to: "" }, TODAY), {
    field: "from",
    key: "judge.career_future",
  });
  assert.deepEqual(careerDateProblem({ from: "2020-01", to: "2027-01" }, TODAY), {
    field: "to",
    key: "judge.career_future",
  });
  assert.equal(careerDateProblem({ from: "2020-01", to: "2026-05" }, TODAY), null, "this month is not the future");
  assert.deepEqual(careerDateProblem({ from: "2020-05", to: "2020-01" }, TODAY), {
    field: "to",
    key: "register.career_dates",
  });
  assert.equal(months(["2020-01", "2030-12"]), 0);
  assert.equal(months(["2027-01", ""]), 0);
  assert.equal(months(["2016-01", "2025-12"], ["2027-01", "2030-12"]), 120, "the future period adds nothing");
});

Deno.test("career months: a period without a start or with a malformed month counts nothing", () => {
  assert.equal(months(["", "2020-01"]), 0);
  assert.equal(months(["2020/01", ""]), 0);
  assert.equal(monthIndex("2020-13"), null);
  assert.equal(monthIndex("2020-01"), 2020 * 12);
});

Deno.test("qualification: exactly 10 years qualifies, one month less does not", () => {
  const ten = judgeQualification({ careers: [{ from: "2016-01", to: "2025-12" }], academicPosition: "" }, TODAY);
  assert.deepEqual([ten.months, ten.years, ten.restMonths, ten.qualified], [120, 10, 0, true]);
  const short = judgeQualification({ careers: [{ from: "2016-02", to: "2025-12" }], academicPosition: "" }, TODAY);
  assert.deepEqual([short.months, short.years, short.restMonths, short.qualified], [119, 9, 11, false]);
  // an open-ended job reaching exactly 10 years this month
  assert.equal(judgeQualification({ careers: [{ from: "2016-06", to: "" }], academicPosition: "" }, TODAY).months, 120);
  // overlaps do not make 10 years out of 6
  const overlapping = [{ from: "2015-01", to: "2020-12" }, { from: "2015-01", to: "2020-12" }];
  assert.equal(judgeQualification({ careers: overlapping, academicPosition: "" }, TODAY).qualified, false);
});

Deno.test("qualification: an assistant professor or above qualifies whatever the years; 'other' does not", () => {
  const careers = [{ from: "2024-03", to: "" }];
  for (const position of ["assistant_professor", "associate_professor", "professor"]) {
    const q = judgeQualification({ careers, academicPosition: position }, TODAY);
    assert.deepEqual([q.professor, q.qualified, q.academicPosition], [true, true, position]);
  }
  for (const position of ["other", "", "lecturer", "dean"]) {
    const q = judgeQualification({ careers, academicPosition: position }, TODAY);
    assert.equal(q.qualified, false, position);
  }
});

Deno.test("careerRules: the future dates and the qualification as field errors", () => {
  const issues: [string, string][] = [];
  const issue = (path: (string | number)[], message: string) => issues.push([path.join("."), message]);
  careerRules([{ organization: "A", position: "", from: "2026-09", to: "", role: "ibda" }], "", issue, TODAY);
  assert.deepEqual(issues, [["careers.0.from", "judge.career_future"], ["academic_position", "judge.not_qualified"]]);
  issues.length = 0;
  careerRules([{ organization: "A", position: "", from: "2010-01", to: "", role: "ibda" }], "", issue, TODAY);
  assert.deepEqual(issues, []);
});

const applicant = {
  type: "judge",
  username: "judge.kim",
  password: "Saebom#2027",
  password_confirmation: "Saebom#2027",
  name: "김심사",
  email: "judge.kim@example.org",
  phone: "010-1234-5678",
  agree_terms: "on",
  agree_privacy: "on",
  judge_fields: ["ibda"],
  specialty: "제품디자인",
  educations: [{ school: "한빛대학교", major: "산업디자인", degree: "doctor" }],
};
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : issuesToFields(r.error!.issues);

Deno.test("registration and conversion schemas refuse an unqualified judge and accept a professor", () => {
  const recent = [{ organization: "한빛디자인", position: "", from: "2022-01", to: "", role: "ibda" }];
  assert.deepEqual(fieldsOf(RegisterFormInput.safeParse({ ...applicant, careers: recent })), {
    academic_position: ["judge.not_qualified"],
  });
  assert.deepEqual(
    fieldsOf(RegisterFormInput.safeParse({ ...applicant, careers: recent, academic_position: "professor" })),
    {},
  );
  assert.deepEqual(
    fieldsOf(RegisterFormInput.safeParse({ ...applicant, careers: recent, academic_position: "dean" }))
      .academic_position,
    ["register.invalid", "judge.not_qualified"],
  );
  const conversion = { type: "judge", judge_fields: ["ibda"], careers: recent, educations: applicant.educations };
  assert.deepEqual(fieldsOf(ConversionInput.safeParse(conversion)), { academic_position: ["judge.not_qualified"] });
  assert.deepEqual(
    fieldsOf(ConversionInput.safeParse({ ...conversion, academic_position: "assistant_professor" })),
    {},
  );
  const future = [{ ...recent[0], from: "2099-01" }];
  assert.deepEqual(
    fieldsOf(ConversionInput.safeParse({ ...conversion, careers: future, academic_position: "professor" })),
    {
      "careers.0.from": ["judge.career_future"],
    },
  );
});

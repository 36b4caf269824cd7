// /change?type= (SPEC §2.1, §2.5 Conversion: type → info → wait for approval). Step 1 lists the types,
// step 2 (`?type=`) asks what that type needs, the form posts here and comes back to step 3
// (`?result=`). A request already waiting shows step 3 at once. Works without JavaScript; the rules
// live in domain/member/conversion.ts, shared with POST /api/change.
import { page, redirect } from "../framework/define.ts";
import { MemberStyles } from "../components/management/Frame.tsx";
import type { Names } from "../components/management/Labels.tsx";
import { type FormValues, InfoForm, Steps, TypeChoice, WaitScreen } from "../components/management/ConversionForm.tsx";
import {
  CONVERSION_TYPES,
  ConversionInput,
  type ConversionType,
  currentType,
  hasWaitingRole,
  loadMembership,
  type Membership,
  nestFormFields,
  submitConversion,
  waitingChanges,
} from "../domain/member/conversion.ts";
import { requireSignedIn } from "../domain/member/guard.ts";
import { roleNames } from "../domain/member/management.ts";
import { canApplyAsJudge } from "../domain/member/permissions.ts";
import { JUDGE_ROLES } from "../domain/member/register-schema.ts";
import type { MembershipChange } from "../db/schema/member.ts";
import { formRefusal } from "../domain/errors.ts";
import { readBody } from "../domain/request.ts";
import { fieldErrors } from "../domain/validation.ts";
import { define, href, type State } from "../state.ts";

const RESULTS = ["approved", "waiting", "unchanged"] as const;
type Result = typeof RESULTS[number];

interface ChangePage {
  step: 1 | 2 | 3;
  current: ConversionType | "";
  canJudge: boolean;
  held: string[];
  values?: FormValues;
  errors?: Record<string, string[]>;
  error?: string;
  result?: Result;
  blocked: boolean;
  pending: MembershipChange[];
  names: Names;
}

const str = (v: unknown, max = 200) => (typeof v === "string" ? v.slice(0, max) : "");
const strs = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => str(x, 40));
/** Posted rows as strings, the blank spare rows left out (the form adds fresh ones). */
const rows = (v: unknown) =>
  (Array.isArray(v) ? v : []).slice(0, 10).map((r) =>
    Object.fromEntries(Object.entries(r && typeof r === "object" ? r : {}).map(([k, x]) => [k, str(x)]))
  ).filter((r) => Object.values(r).some((x) => x.trim() !== ""));

/** The judge roles the member holds (approved). */
const held = (m: Membership) => JUDGE_ROLES.filter((f) => m.roles.some((r) => r.code === f && r.approved));

/** What the member has now, as the step-2 form's starting values. */
function valuesOf(type: ConversionType, m: Membership): FormValues {
  return {
    type,
    affiliation: m.company.affiliation,
    department: m.company.department,
    position: m.company.position,
    tel: m.company.tel,
    business_no: m.company.businessNo,
    judge_fields: JUDGE_ROLES.filter((f) => held(m).includes(f)),
    judge_category: m.judgeCategory,
    academic_position: m.academicPosition,
    careers: m.careers.map((c) => ({
      role: c.roleCode,
      organization: c.organization,
      position: c.position,
      from: c.startedOn,
      to: c.endedOn,
    })),
    educations: m.educations.map((e) => ({ school: e.school, major: e.major, degree: e.degree })),
  };
}

/** What was posted, as strings only, to show the form again. */
function postedValues(type: ConversionType, body: Record<string, unknown>): FormValues {
  return {
    type,
    affiliation: str(body.affiliation),
    department: str(body.department),
    position: str(body.position),
    tel: str(body.tel),
    business_no: str(body.business_no, 20),
    judge_fields: [...strs(body.judge_fields), ...strs(body.judge_roles)],
    judge_category: str(body.judge_category),
    academic_position: str(body.academic_position, 30),
    careers: rows(body.careers),
    educations: rows(body.educations),
  };
}

/** The member's situation: current type, held judge categories, and anything waiting. */
async function situation(state: State) {
  requireSignedIn(state.viewer);
  state.layout = "authenticated";
  state.title = state.t("change.title");
  const membership = await loadMembership(state.db, state.viewer.id);
  const pending = await waitingChanges(state.db, state.viewer.id);
  return {
    membership,
    base: {
      current: currentType(membership),
      canJudge: canApplyAsJudge(state.viewer),
      held: held(membership),
      blocked: pending.length > 0 || hasWaitingRole(membership),
      pending,
      names: await roleNames(state.db),
    },
  };
}

const noStore = { "cache-control": "no-store" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const { membership, base } = await situation(state);
    const result = RESULTS.find((r) => r === url.searchParams.get("result"));
    const type = CONVERSION_TYPES.find((c) => c === url.searchParams.get("type"));
    if (result || base.blocked) return page<ChangePage>({ ...base, step: 3, result }, { headers: noStore });
    if (type && (type !== "judge" || base.canJudge)) {
      return page<ChangePage>({ ...base, step: 2, values: valuesOf(type, membership) }, { headers: noStore });
    }
    return page<ChangePage>({ ...base, step: 1 }, { headers: noStore });
  },
  async POST({ req, state }) {
    requireSignedIn(state.viewer);
    const body = nestFormFields((await readBody(req)).body);
    const type = CONVERSION_TYPES.find((c) => c === body.type);
    if (!type) return redirect(href(state, "/change"));
    const again = async (extra: Partial<ChangePage>, status: number) => {
      const { base } = await situation(state);
      const step = base.blocked ? 3 : 2;
      return page<ChangePage>({ ...base, step, values: postedValues(type, body), ...extra }, { status });
    };
    const parsed = ConversionInput.safeParse(body);
    if (!parsed.success) return again({ errors: fieldErrors(parsed.error) }, 422);
    try {
      const result = await state.db.transaction((tx) => submitConversion(tx, state.viewer, parsed.data));
      return redirect(href(state, `/change?result=${result.status ?? "unchanged"}`));
    } catch (err) {
      const refusal = formRefusal(err, state.t);
      return again({ error: refusal.message }, refusal.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <>
    <MemberStyles state={state} />
    <Steps state={state} step={data.step} />
    {data.step === 1 && <TypeChoice state={state} current={data.current} canJudge={data.canJudge} />}
    {data.step === 2 && data.values && (
      <InfoForm state={state} values={data.values} errors={data.errors} error={data.error} held={data.held} />
    )}
    {data.step === 3 && (
      <WaitScreen state={state} result={data.result} blocked={data.blocked} pending={data.pending} names={data.names} />
    )}
  </>
));

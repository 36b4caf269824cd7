// Small pieces shared by the member and management screens: approval-state badges, role names in the
// page's language, change-request kinds and what a request asks for.
import type { MembershipChange } from "../../db/schema/member.ts";
import { formatDate, hasMessage, type MessageKey } from "../../i18n/mod.ts";
import type { State } from "../../state.ts";

export type Names = Record<string, { name: string; nameEn: string }>;

export function StateBadge({ state, status }: { state: State; status: "waiting" | "approved" | "rejected" }) {
  return <span class={`badge badge-${status}`}>{state.t(`manage.state.${status}`)}</span>;
}

export function roleName(state: State, names: Names, code: string): string {
  const r = names[code];
  if (!r) return code;
  return state.locale === "en" ? r.nameEn : r.name;
}

export function roleLabel(state: State, r: { name: string; nameEn: string }): string {
  return state.locale === "en" ? r.nameEn : r.name;
}

export function kindLabel(state: State, kind: string): string {
  const key = `manage.kind.${kind}` as MessageKey;
  return state.t(key);
}

/** A judging field is a judge role: IBDA, DCB, KFDA (shoes). */
export function judgeFieldLabel(state: State, field: string): string {
  const key = `register.judgeRoles.${field}`;
  return hasMessage(key) ? state.t(key) : field;
}

/** "개인회원 → 디자인기업", "심사분야 추가: DCB · 제품", … */
export function changeSummary(state: State, names: Names, change: MembershipChange): string {
  const { t } = state;
  const fields = change.fields as Record<string, unknown>;
  if (change.kind === "judge_field") {
    const op = fields.op === "remove" ? t("manage.fieldRemove") : t("manage.fieldAdd");
    return `${op}: ${judgeFieldLabel(state, String(fields.field ?? ""))}`;
  }
  const list = (codes: string[]) => codes.map((c) => roleName(state, names, c)).join(", ") || "—";
  if (change.kind === "join") return list(change.toRoles);
  if (change.toRoles.length === 0) return t("manage.qualification");
  return `${list(change.fromRoles)} → ${list(change.toRoles)}`;
}

export function DateText({ state, value, style = "datetime" }: {
  state: State;
  value: Date | string | null;
  style?: "date" | "datetime";
}) {
  if (!value) return <>—</>;
  const date = typeof value === "string" ? new Date(value) : value;
  return <time dateTime={date.toISOString()}>{formatDate(date, state.locale, style)}</time>;
}

/** An education degree code (registration's DEGREES) in words; free text stays as it is. */
export function degreeLabel(state: State, degree: string): string {
  const key = `register.degrees.${degree}`;
  return degree && hasMessage(key) ? state.t(key) : degree;
}

// The parts of /management/user/{id}: the member's data, their roles with approve / reject / testable /
// remove, their change requests with approve / reject, account actions and the decision log. Every
// action is a small form posting to the page itself (works without JavaScript); rejecting asks a reason.
import type { ComponentChildren } from "preact";
import type { MembershipChange } from "../../db/schema/member.ts";
import type { UserDetail } from "../../domain/member/management.ts";
import { roleStatus } from "../../domain/member/member-list.ts";
import { canDecideRole, type RoleCode } from "../../domain/member/permissions.ts";
import { hasMessage, type MessageKey } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import type { DocumentKind } from "../../domain/member/register-schema.ts";
import { Table } from "../ui/Table.tsx";
import {
  isAcademicPosition,
  type JudgeQualification,
  judgeQualification,
  periodsOf,
} from "../../domain/member/judge-qualification.ts";
import { JUDGE_FAMILIES } from "../../domain/member/permissions.ts";
import {
  changeSummary,
  DateText,
  degreeLabel,
  judgeFieldLabel,
  kindLabel,
  type Names,
  roleLabel,
  StateBadge,
} from "./Labels.tsx";

interface Props {
  state: State;
  detail: UserDetail;
  names: Names;
  action: string;
  /** The viewer may act on this account (canManageAccount). */
  editable: boolean;
}

/** A small POST form to the member screen with its hidden fields (a decision, "show"…). */
export function ActionForm(
  { state, action, fields, children, class: extra }: {
    state: State;
    action: string;
    fields: Record<string, string | number>;
    children: ComponentChildren;
    class?: string;
  },
) {
  return (
    <form method="post" action={action} class={extra ?? "inline-form"}>
      <input type="hidden" name="_token" value={state.csrfToken} />
      {Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      {children}
    </form>
  );
}

/** "Reject" opens a small form that needs a reason (SPEC §4: rejection with a reason). */
function RejectForm(
  { state, action, fields, id }: { state: State; action: string; fields: Record<string, string | number>; id: string },
) {
  const { t } = state;
  return (
    <details class="reject">
      <summary class="button button-secondary button-sm">{t("manage.reject")}</summary>
      <ActionForm state={state} action={action} fields={fields} class="reject-form">
        <label class="field-label" for={`reason-${id}`}>{t("manage.reason")}</label>
        <textarea class="textarea" id={`reason-${id}`} name="reason" rows={3} required maxLength={1000} />
        <button type="submit" class="button button-primary button-sm">{t("manage.rejectConfirm")}</button>
      </ActionForm>
    </details>
  );
}

export function Info({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children || "—"}</dd>
    </div>
  );
}

const DOCUMENT_LABELS: Record<DocumentKind, MessageKey> = {
  business_cert: "register.fields.businessCert",
  design_cert: "register.fields.designCert",
  regional_proof: "register.fields.regionalProof",
};

export function MemberInfo({ state, detail }: { state: State; detail: UserDetail }) {
  const { t } = state;
  const u = detail.user;
  const yes = (v: boolean) => (v ? t("manage.yes") : t("manage.no"));
  return (
    <section class="manage-section" aria-labelledby="member-info">
      <h2 class="manage-section-title" id="member-info">{t("manage.section.info")}</h2>
      <dl class="detail-list">
        <Info label={t("manage.col.username")}>{u.username}</Info>
        <Info label={t("manage.col.email")}>{u.email}</Info>
        <Info label={t("manage.col.name")}>{u.name}</Info>
        <Info label={t("manage.field.nameEn")}>{u.nameEn}</Info>
        <Info label={t("manage.field.phone")}>{u.phone}</Info>
        <Info label={t("manage.field.tel")}>{u.tel}</Info>
        <Info label={t("manage.field.affiliation")}>{u.affiliation}</Info>
        <Info label={t("manage.field.department")}>{[u.department, u.position].filter(Boolean).join(" / ")}</Info>
        <Info label={t("manage.field.businessNo")}>{u.businessNo}</Info>
        <Info label={t("manage.field.country")}>{u.country} · {u.locale}</Info>
        <Info label={t("manage.field.judgeFields")}>
          {u.judgeFields.map((f) => judgeFieldLabel(state, f)).join(", ")}
        </Info>
        <Info label={t("manage.field.marketing")}>
          {t("manage.field.marketingValue", { email: yes(u.marketingEmail), sms: yes(u.marketingSms) })}
        </Info>
        <Info label={t("manage.field.documents")}>
          {detail.documents.length === 0 ? t("manage.field.noDocuments") : (
            <ul class="document-links">
              {detail.documents.map((d) => (
                <li key={d.id}>
                  <a href={href(state, `/management/user/${u.id}/documents/${d.id}`)}>
                    {t(DOCUMENT_LABELS[d.kind as DocumentKind] ?? "manage.field.documents")}: {d.filename}
                  </a>{" "}
                  <span class="muted">({Math.max(1, Math.round(d.size / 1024))} KB)</span>
                </li>
              ))}
            </ul>
          )}
        </Info>
        <Info label={t("manage.col.joined")}>
          <DateText state={state} value={u.createdAt} />
        </Info>
        <Info label={t("manage.field.lastLogin")}>
          <DateText state={state} value={u.lastLoginAt} />
        </Info>
      </dl>
    </section>
  );
}

export function MemberRoles({ state, detail, action, editable }: Props) {
  const { t } = state;
  const mayDecide = (code: RoleCode) => editable && canDecideRole(state.viewer, code);
  return (
    <section class="manage-section" aria-labelledby="member-roles">
      <h2 class="manage-section-title" id="member-roles">{t("manage.section.roles")}</h2>
      <Table
        caption={t("manage.section.roles")}
        captionHidden
        rows={detail.roles}
        rowKey={(r) => r.code}
        empty={t("manage.noRoles")}
        stack
        columns={[
          { header: t("manage.col.role"), rowHeader: true, align: "start", cell: (r) => roleLabel(state, r) },
          {
            header: t("manage.col.state"),
            cell: (r) => (
              <>
                <StateBadge state={state} status={roleStatus(r)} />
                {r.reason && <p class="reason">{r.reason}</p>}
              </>
            ),
          },
          {
            header: t("manage.col.testable"),
            cell: (r) =>
              mayDecide(r.code)
                ? (
                  <ActionForm
                    state={state}
                    action={action}
                    fields={{ action: "testable", role: r.code, testable: r.testable ? "0" : "1" }}
                  >
                    <span class="testable-state">{r.testable ? t("manage.testableYes") : t("manage.testableNo")}</span>
                    <button
                      type="submit"
                      class="button button-ghost button-sm"
                      aria-label={`${roleLabel(state, r)}: ${
                        r.testable ? t("manage.testableOff") : t("manage.testableOn")
                      }`}
                    >
                      {r.testable ? t("manage.testableOff") : t("manage.testableOn")}
                    </button>
                  </ActionForm>
                )
                : (r.testable ? t("manage.testableYes") : t("manage.testableNo")),
          },
          {
            header: t("manage.col.actions"),
            align: "start",
            cell: (r) => {
              if (!mayDecide(r.code)) return "—";
              const status = roleStatus(r);
              return (
                <div class="actions">
                  {status !== "approved" && (
                    <ActionForm state={state} action={action} fields={{ action: "approve_role", role: r.code }}>
                      <button type="submit" class="button button-primary button-sm">{t("manage.approve")}</button>
                    </ActionForm>
                  )}
                  {status === "waiting" && (
                    <RejectForm
                      state={state}
                      action={action}
                      id={`role-${r.code}`}
                      fields={{ action: "reject_role", role: r.code }}
                    />
                  )}
                  {status !== "waiting" && (
                    <ActionForm state={state} action={action} fields={{ action: "remove_role", role: r.code }}>
                      <button type="submit" class="button button-ghost button-sm">{t("manage.remove")}</button>
                    </ActionForm>
                  )}
                </div>
              );
            },
          },
        ]}
      />
      <p class="hint">{t("manage.removeHint")}</p>
    </section>
  );
}

/**
 * The judge qualification a change would leave the member with (SPEC §5), as approval computes it: the
 * careers the change sends replace the member's careers of the same judging fields; null for a change that
 * grants no judge role.
 */
export function requestedQualification(detail: UserDetail, change: MembershipChange): JudgeQualification | null {
  const f = change.fields as Record<string, unknown>;
  const judgeRoles: readonly string[] = ["judge", ...JUDGE_FAMILIES];
  const grantsJudge = f.type === "judge" || change.toRoles.some((c) => judgeRoles.includes(c));
  if (!grantsJudge || (change.kind === "judge_field" && f.op === "remove")) return null;
  const sent = Array.isArray(f.careers)
    ? (f.careers as { roleCode: string; startedOn: string; endedOn: string }[])
    : [];
  const replaced = new Set(sent.map((c) => c.roleCode));
  const careers = [...detail.careers.filter((c) => !replaced.has(c.roleCode)), ...sent];
  const position = typeof f.academicPosition === "string" ? f.academicPosition : detail.user.academicPosition;
  return judgeQualification({ careers: periodsOf(careers), academicPosition: position });
}

/** Years of career, the professor's position if any, and whether they qualify. */
function Qualification({ state, q }: { state: State; q: JudgeQualification }) {
  const { t } = state;
  return (
    <span class="qualification">
      <span class={`badge badge-${q.qualified ? "approved" : "rejected"}`}>
        {q.qualified ? t("judge.admin.qualified") : t("judge.admin.notQualified")}
      </span>{" "}
      {t("judge.admin.years", { years: q.years, months: q.restMonths })}
      {q.academicPosition && <>{" · "}{t("judge.admin.position")}: {t(`judge.positions.${q.academicPosition}`)}</>}
    </span>
  );
}

/** What a change asks for, spelled out: company details, judging fields, careers, educations. */
function ChangeFields({ state, change, detail }: { state: State; change: MembershipChange; detail: UserDetail }) {
  const { t } = state;
  const f = change.fields as Record<string, unknown>;
  const company = f.company as Record<string, string> | undefined;
  const careers = (f.careers ?? []) as Record<string, string>[];
  const educations = (f.educations ?? []) as Record<string, string>[];
  const judgeFields = (f.judgeFields ?? []) as string[];
  const qualification = change.status === "waiting" ? requestedQualification(detail, change) : null;
  if (!company && !careers.length && !educations.length && !judgeFields.length && !qualification) return null;
  return (
    <details class="change-fields" open={qualification ? true : undefined}>
      <summary>{t("manage.showRequest")}</summary>
      <dl class="detail-list detail-list-compact">
        {qualification && (
          <Info label={`${t("judge.admin.title")} (${t("judge.admin.requested")})`}>
            <Qualification state={state} q={qualification} />
          </Info>
        )}
        {company && (
          <>
            <Info label={t("manage.field.affiliation")}>{company.affiliation}</Info>
            <Info label={t("manage.field.businessNo")}>{company.businessNo}</Info>
            <Info label={t("manage.field.department")}>
              {[company.department, company.position].filter(Boolean).join(" / ")}
            </Info>
            <Info label={t("manage.field.tel")}>{company.tel}</Info>
          </>
        )}
        {judgeFields.length > 0 && (
          <Info label={t("manage.field.judgeFields")}>
            {judgeFields.map((x) => judgeFieldLabel(state, x)).join(", ")}
          </Info>
        )}
        {careers.length > 0 && (
          <Info label={t("register.sections.careers")}>
            <ul class="plain-list">
              {careers.map((c, i) => (
                <li key={i}>
                  [{judgeFieldLabel(state, c.roleCode)}] {c.organization} {c.position}{" "}
                  {[c.startedOn, c.endedOn].filter(Boolean).join("–")}
                </li>
              ))}
            </ul>
          </Info>
        )}
        {educations.length > 0 && (
          <Info label={t("register.sections.educations")}>
            <ul class="plain-list">
              {educations.map((e, i) => (
                <li key={i}>{[e.school, e.major, degreeLabel(state, e.degree)].filter(Boolean).join(" · ")}</li>
              ))}
            </ul>
          </Info>
        )}
      </dl>
    </details>
  );
}

export function MemberChanges({ state, detail, names, action, editable }: Props) {
  const { t } = state;
  return (
    <section class="manage-section" aria-labelledby="member-changes">
      <h2 class="manage-section-title" id="member-changes">{t("manage.section.changes")}</h2>
      <Table
        caption={t("manage.section.changes")}
        captionHidden
        rows={detail.changes}
        rowKey={(c) => c.id}
        empty={t("manage.noChanges")}
        stack
        columns={[
          { header: t("manage.col.kind"), cell: (c) => kindLabel(state, c.kind) },
          {
            header: t("manage.col.request"),
            rowHeader: true,
            align: "start",
            cell: (c) => (
              <>
                {changeSummary(state, names, c)}
                <ChangeFields state={state} change={c} detail={detail} />
              </>
            ),
          },
          { header: t("manage.col.requested"), cell: (c) => <DateText state={state} value={c.createdAt} /> },
          {
            header: t("manage.col.state"),
            cell: (c) => (
              <>
                <StateBadge state={state} status={c.status} />
                {c.reason && <p class="reason">{c.reason}</p>}
              </>
            ),
          },
          {
            header: t("manage.col.actions"),
            align: "start",
            cell: (c) =>
              editable && c.status === "waiting" &&
                c.toRoles.every((code) => canDecideRole(state.viewer, code as RoleCode))
                ? (
                  <div class="actions">
                    <ActionForm state={state} action={action} fields={{ action: "approve_change", change: c.id }}>
                      <button type="submit" class="button button-primary button-sm">{t("manage.approve")}</button>
                    </ActionForm>
                    <RejectForm
                      state={state}
                      action={action}
                      id={`change-${c.id}`}
                      fields={{ action: "reject_change", change: c.id }}
                    />
                  </div>
                )
                : "—",
          },
        ]}
      />
    </section>
  );
}

export function JudgeRecords({ state, detail }: { state: State; detail: UserDetail }) {
  const { t } = state;
  if (!detail.careers.length && !detail.educations.length) return null;
  const academicPosition = detail.user.academicPosition;
  const q = judgeQualification({ careers: periodsOf(detail.careers), academicPosition });
  return (
    <section class="manage-section" aria-labelledby="member-judge">
      <h2 class="manage-section-title" id="member-judge">{t("manage.section.judge")}</h2>
      <dl class="detail-list">
        <Info label={t("judge.admin.title")}>
          <Qualification state={state} q={q} />
        </Info>
        <Info label={t("judge.admin.position")}>
          {isAcademicPosition(academicPosition) ? t(`judge.positions.${academicPosition}`) : ""}
        </Info>
      </dl>
      <Table
        caption={t("register.sections.careers")}
        rows={detail.careers}
        rowKey={(c) => c.id}
        columns={[
          { header: t("register.fields.careerRole"), cell: (c) => judgeFieldLabel(state, c.roleCode) },
          { header: t("register.fields.organization"), align: "start", rowHeader: true, cell: (c) => c.organization },
          { header: t("register.fields.careerPosition"), cell: (c) => c.position || "—" },
          { header: t("manage.period"), cell: (c) => [c.startedOn, c.endedOn].filter(Boolean).join(" – ") || "—" },
        ]}
      />
      <Table
        caption={t("register.sections.educations")}
        rows={detail.educations}
        rowKey={(e) => e.id}
        columns={[
          { header: t("register.fields.school"), align: "start", rowHeader: true, cell: (e) => e.school },
          { header: t("register.fields.major"), cell: (e) => e.major || "—" },
          { header: t("register.fields.eduDegree"), cell: (e) => degreeLabel(state, e.degree) || "—" },
        ]}
      />
    </section>
  );
}

export function AccountActions({ state, detail, action, editable }: Omit<Props, "names">) {
  const { t } = state;
  return (
    <section class="manage-section" aria-labelledby="member-account">
      <h2 class="manage-section-title" id="member-account">{t("manage.section.account")}</h2>
      <p>{t("manage.activeSessions", { count: detail.activeSessions })}</p>
      {editable
        ? (
          <ActionForm state={state} action={action} fields={{ action: "reset_password" }}>
            <button type="submit" class="button button-secondary">{t("manage.sendReset")}</button>
          </ActionForm>
        )
        : <p class="hint">{t("manage.readOnly")}</p>}
    </section>
  );
}

export function AuditTrail({ state, detail }: { state: State; detail: UserDetail }) {
  const { t } = state;
  return (
    <section class="manage-section" aria-labelledby="member-audit">
      <h2 class="manage-section-title" id="member-audit">{t("manage.section.audit")}</h2>
      <Table
        caption={t("manage.section.audit")}
        captionHidden
        rows={detail.audit}
        rowKey={(a) => a.id}
        empty={t("manage.noAudit")}
        columns={[
          { header: t("manage.col.when"), cell: (a) => <DateText state={state} value={a.createdAt} /> },
          { header: t("manage.col.actor"), cell: (a) => a.actor ?? "—" },
          {
            header: t("manage.col.action"),
            align: "start",
            cell: (a) => {
              const reason = typeof a.detail.reason === "string" ? a.detail.reason : "";
              return (
                <>
                  {hasMessage(`manage.audit.${a.action}`) ? t(`manage.audit.${a.action}` as MessageKey) : a.action}
                  {reason && <span class="reason">— {reason}</span>}
                </>
              );
            },
          },
        ]}
      />
    </section>
  );
}

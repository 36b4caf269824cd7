// The sections of one contest's screen, shared by /management/contest/{id} (admin: the decision, the
// counselling answers, publish and settle) and the host's judging page (the statement only): overview,
// entries, counselling, and the settlement statement with each line of its computation.
import type { ComponentChildren } from "preact";
import { Button } from "../../ui/Button.tsx";
import { CsrfField } from "../../ui/CsrfField.tsx";
import { Textarea } from "../../ui/FormField.tsx";
import { Table } from "../../ui/Table.tsx";
import { StatusBadge } from "../../contest/views.tsx";
import type { ContestAdminView } from "../../../domain/contest/admin-view.ts";
import type { StatementLine } from "../../../domain/contest/rules.ts";
import { formatDate, formatMoney, type MessageKey } from "../../../i18n/mod.ts";
import { href, type State } from "../../../state.ts";

type Ctx = Pick<State, "t" | "locale" | "basePath" | "csrfToken">;

function Row({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function ActionForm({ state, action, label, children }: {
  state: Ctx;
  action: string;
  label: string;
  children?: ComponentChildren;
}) {
  return (
    <form method="post" class="inline-form">
      <CsrfField state={state} />
      <input type="hidden" name="_action" value={action} />
      {children}
      <Button type="submit" variant={action === "reject" ? "secondary" : "primary"} size="sm">{label}</Button>
    </form>
  );
}

export function StatementTable({ state, lines, caption }: { state: Ctx; lines: StatementLine[]; caption: string }) {
  const t = state.t;
  return (
    <Table
      caption={caption}
      rows={lines}
      columns={[
        {
          header: t("contest.statement.item"),
          align: "start",
          rowHeader: true,
          cell: (l) => t(l.key as MessageKey, l.params),
        },
        { header: t("contest.statement.amount"), align: "end", cell: (l) => formatMoney(l.amount, state.locale) },
      ]}
    />
  );
}

export function ContestAdminSections({ state, view, admin, counselForm }: {
  state: Ctx;
  view: ContestAdminView;
  admin: boolean;
  /** The host's request form, shown in the counselling section (the host's screen). */
  counselForm?: ComponentChildren;
}) {
  const t = state.t;
  const c = view.contest;
  const money = (n: number) => formatMoney(n, state.locale);
  const day = (d: Date) => formatDate(d, state.locale);
  return (
    <>
      <section aria-labelledby="contest-admin-overview">
        <h2 id="contest-admin-overview">{t("contest.labels.schedule")}</h2>
        <dl class="definition-list">
          <Row label={t("contest.manage.host")}>{view.host.name} ({view.host.username})</Row>
          <Row label={t("contest.manage.filterApproval")}>{t(`contest.approval.${c.approval}`)}</Row>
          <Row label={t("contest.labels.status")}>
            <StatusBadge state={state} status={view.status} />
          </Row>
          <Row label={t("contest.labels.openAt")}>{day(c.openAt)}</Row>
          <Row label={t("contest.labels.closeAt")}>{day(c.closeAt)}</Row>
          <Row label={t("contest.labels.resultAt")}>{day(c.resultAt)}</Row>
          <Row label={t("contest.labels.prizes")}>
            {[c.prize1, c.prize2, c.prize3].filter((p) => p > 0).map(money).join(" / ")}
          </Row>
          <Row label={t("contest.labels.entryCount")}>{view.entries.length}</Row>
          <Row label={t("contest.labels.extendCount")}>{c.extendCount}</Row>
          {c.rejectReason && <Row label={t("contest.manage.reason")}>{c.rejectReason}</Row>}
        </dl>
        {admin && c.approval === "pending" && (
          <div class="decision">
            <ActionForm state={state} action="approve" label={t("contest.manage.approve")} />
            <ActionForm state={state} action="reject" label={t("contest.manage.reject")}>
              <Textarea name="reason" label={t("contest.manage.reason")} required rows={2} />
            </ActionForm>
          </div>
        )}
      </section>
      <section aria-labelledby="contest-admin-entries">
        <h2 id="contest-admin-entries">{t("contest.labels.entries")}</h2>
        <Table
          caption={t("contest.labels.entries")}
          captionHidden
          rows={view.entries}
          rowKey={(e) => e.entry.id}
          empty={t("contest.mypage.none")}
          stack
          columns={[
            {
              header: t("contest.wizard.entryTitleLabel"),
              rowHeader: true,
              align: "start",
              cell: (e) => e.entry.title,
            },
            { header: t("contest.labels.designer"), cell: (e) => e.entrant.name },
            {
              header: t("contest.labels.rank"),
              cell: (e) =>
                e.entry.rank
                  ? `${t(`contest.ranks.${e.entry.rank}`)}${
                    e.entry.place ? ` · ${t("contest.place", { place: e.entry.place })}` : ""
                  }`
                  : "—",
            },
            { header: t("contest.hosting.comment"), align: "start", cell: (e) => e.entry.hostComment || "—" },
          ]}
        />
        {admin && (
          <p>
            <a href={href(state, `/management/contest/${c.id}/entries.csv`)} download>{t("contest.csv.download")}</a>
          </p>
        )}
        {admin && !c.publishedAt && (view.status === "judging" || view.status === "terminated") && (
          <ActionForm state={state} action="publish" label={t("contest.manage.publish")} />
        )}
      </section>
      <section aria-labelledby="contest-admin-counsel">
        <h2 id="contest-admin-counsel">{t("contest.hosting.counsel")}</h2>
        {counselForm}
        {view.counsels.length === 0 && <p>{t("contest.mypage.none")}</p>}
        {view.counsels.map((q) => (
          <article key={q.id} class="counsel">
            <p class="pre-line">{q.opinion}</p>
            <p>
              <strong>{t("contest.hosting.answer")}:</strong> {q.answer || t("contest.hosting.noAnswer")}
            </p>
            {admin && !q.answer && (
              <ActionForm state={state} action="answer" label={t("common.save")}>
                <input type="hidden" name="counsel_id" value={String(q.id)} />
                <Textarea
                  name="answer"
                  id={`field-answer-${q.id}`}
                  label={t("contest.manage.answer")}
                  required
                  rows={3}
                />
              </ActionForm>
            )}
          </article>
        ))}
      </section>
      <section aria-labelledby="contest-admin-statement">
        <h2 id="contest-admin-statement">{t("contest.statement.title")}</h2>
        <p>{t(`contest.statement.case.${view.statement.case}`)}</p>
        <StatementTable state={state} lines={view.statement.lines} caption={t("contest.statement.title")} />
        {c.settledAt && (
          <p>
            {t("contest.statement.settledAt")}: {day(c.settledAt)}
            {view.refund && ` · ${t("contest.statement.refund")} ${money(view.refund.amount)}`}
          </p>
        )}
        {view.payouts.length > 0 && (
          <Table
            caption={t("contest.mypage.prizes")}
            rows={view.payouts}
            rowKey={(p) => p.id}
            columns={[
              {
                header: t("contest.labels.rank"),
                rowHeader: true,
                cell: (p) => t("contest.place", { place: p.place }),
              },
              { header: t("contest.statement.prizeCol"), align: "end", cell: (p) => money(p.prize) },
              { header: t("contest.statement.taxCol"), align: "end", cell: (p) => money(p.tax) },
              { header: t("contest.statement.netCol"), align: "end", cell: (p) => money(p.net) },
              {
                header: t("contest.statement.payoutStatus"),
                cell: (p) =>
                  p.status === "paid"
                    ? `${t("contest.statement.payoutDone")} ${p.paidAt ? day(p.paidAt) : ""}`
                    : admin
                    ? (
                      <ActionForm state={state} action="payout" label={t("contest.statement.markPaid")}>
                        <input type="hidden" name="payout_id" value={String(p.id)} />
                      </ActionForm>
                    )
                    : t("contest.statement.payoutPending"),
              },
            ]}
          />
        )}
        {admin && !c.settledAt && view.status === "terminated" && view.statement.case !== "awaiting_winners" && (
          <ActionForm state={state} action="settle" label={t("contest.statement.settle")} />
        )}
      </section>
    </>
  );
}

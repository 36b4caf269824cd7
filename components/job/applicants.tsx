// The applicants of a company's postings (the posting page and my page): name, resume link, message,
// status, and — while the posting recruits — accept and decline as plain forms.
import { Table } from "../ui/Table.tsx";
import { DecisionForm } from "./decision-form.tsx";
import type { ApplicantJson } from "../../domain/job/applications.ts";
import type { Paginated } from "../../domain/common/list.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";

export function ApplicantTable(
  { state, list, action, decide, showPosting }: {
    state: State;
    list: Paginated<ApplicantJson>;
    /** Where the decision forms post (the posting page); each row's own posting when absent. */
    action?: string;
    decide: boolean;
    showPosting?: boolean;
  },
) {
  const t = state.t;
  return (
    <Table
      caption={t("job.detail.applicants")}
      captionHidden
      stack
      rows={list.data}
      rowKey={(r) => r.id}
      empty={t("job.detail.noApplicants")}
      columns={[
        { header: t("job.labels.applicant"), rowHeader: true, cell: (r) => r.name },
        ...(showPosting
          ? [{
            header: t("job.labels.posting"),
            cell: (r: ApplicantJson) => <a href={href(state, `/job/recruit/${r.posting_id}`)}>{r.posting_title}</a>,
          }]
          : []),
        {
          header: t("job.labels.resumeTitle"),
          cell: (r) => <a href={href(state, `/job/search/${r.resume_id}`)}>{r.resume_title}</a>,
        },
        { header: t("job.labels.message"), cell: (r) => r.message },
        { header: t("job.labels.appliedAt"), class: "nowrap", cell: (r) => formatDate(r.created_at, state.locale) },
        { header: t("job.labels.status"), cell: (r) => t(`job.applicationStatus.${r.status}`) },
        {
          header: t("job.labels.decision"),
          cell: (r) =>
            decide && r.status === "applied"
              ? (
                <DecisionForm
                  state={state}
                  action={action ?? href(state, `/job/recruit/${r.posting_id}`)}
                  application={r.id}
                  applicant={r.name}
                  accept={t("job.detail.accept")}
                  decline={t("job.detail.decline")}
                />
              )
              : "—",
        },
      ]}
    />
  );
}

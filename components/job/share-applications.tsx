// Applications to a member's talent shares (the share page and my page): who, what they wrote, their
// contact, the status, and accept / decline as plain forms while undecided.
import { Table } from "../ui/Table.tsx";
import { DecisionForm } from "./decision-form.tsx";
import type { ShareApplicationJson } from "../../domain/share/applications.ts";
import type { Paginated } from "../../domain/common/list.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";

export function ShareApplicationTable(
  { state, list, action, decide, showShare }: {
    state: State;
    list: Paginated<ShareApplicationJson>;
    action?: string;
    decide: boolean;
    showShare?: boolean;
  },
) {
  const t = state.t;
  return (
    <Table
      caption={t("job.share.detail.applications")}
      captionHidden
      stack
      rows={list.data}
      rowKey={(r) => r.id}
      empty={t("job.share.no_applications")}
      columns={[
        { header: t("job.share.labels.applicant"), rowHeader: true, cell: (r) => r.name },
        ...(showShare
          ? [{
            header: t("job.share.labels.talent"),
            cell: (r: ShareApplicationJson) => (
              <a href={href(state, `/share/${r.share_type}/${r.share_id}`)}>{r.talent}</a>
            ),
          }]
          : []),
        { header: t("job.share.labels.message"), cell: (r) => r.message },
        { header: t("job.share.labels.contact"), cell: (r) => r.contact },
        { header: t("job.labels.appliedAt"), class: "nowrap", cell: (r) => formatDate(r.created_at, state.locale) },
        { header: t("job.share.labels.status"), cell: (r) => t(`job.applicationStatus.${r.status}`) },
        {
          header: t("job.labels.decision"),
          cell: (r) =>
            decide && r.status === "applied"
              ? (
                <DecisionForm
                  state={state}
                  action={action ?? href(state, `/share/${r.share_type}/${r.share_id}`)}
                  application={r.id}
                  applicant={r.name}
                  accept={t("job.share.detail.accept")}
                  decline={t("job.share.detail.decline")}
                />
              )
              : "—",
        },
      ]}
    />
  );
}

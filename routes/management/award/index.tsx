// /management/award and /management/ibda (SPEC §2.2): the family's awards, newest year first, with their
// status, phase, entry period and entries; links to edit each award and to its entries.
import { page } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { DateText } from "../../../components/management/Labels.tsx";
import { AwardTabs, familyBase } from "../../../components/management/award/AwardNav.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Table } from "../../../components/ui/Table.tsx";
import { familyAwards, familyOfManagementPath, type ManagedAward } from "../../../domain/award/manage-awards.ts";
import type { AwardFamily } from "../../../domain/award/options.ts";
import { awardPhase, awardStatus } from "../../../domain/award/phase.ts";
import { define, href } from "../../../state.ts";

interface AwardList {
  family: AwardFamily;
  rows: ManagedAward[];
}

export const handler = define.handlers({
  async GET({ state, url }) {
    const family = familyOfManagementPath(url.pathname);
    state.title = state.t(`awardAdmin.title.${family}`);
    return page<AwardList>({ family, rows: await familyAwards(state.db, family) });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const base = familyBase(data.family);
  const now = new Date();
  const title = (a: ManagedAward["award"]) => (state.locale === "en" && a.titleEn ? a.titleEn : a.title);
  return (
    <>
      <ManageHeader
        state={state}
        title={t(`awardAdmin.title.${data.family}`)}
        lead={t("awardAdmin.lead.list")}
        actions={<Button href={href(state, `${base}/new`)}>{t("awardAdmin.new")}</Button>}
      />
      <AwardTabs state={state} family={data.family} current="awards" />
      <Table
        caption={t(`awardAdmin.title.${data.family}`)}
        captionHidden
        rows={data.rows}
        rowKey={(r) => r.award.id}
        empty={t("awardAdmin.none")}
        stack
        columns={[
          { header: t("awardAdmin.col.year"), class: "nowrap", cell: (r) => r.award.year },
          {
            header: t("awardAdmin.col.title"),
            rowHeader: true,
            align: "start",
            cell: (r) => <a href={href(state, `${base}/${r.award.id}`)}>{title(r.award)}</a>,
          },
          {
            header: t("awardAdmin.col.status"),
            class: "nowrap",
            cell: (r) => {
              const status = awardStatus(r.award, now);
              return <span class={`badge aw-status-${status}`}>{t(`award.status.${status}`)}</span>;
            },
          },
          {
            header: t("awardAdmin.col.phase"),
            class: "nowrap",
            cell: (r) => t(`award.phase.${awardPhase(r.award, now)}`),
          },
          {
            header: t("awardAdmin.col.period"),
            hideOnMobile: true,
            class: "nowrap",
            cell: (r) => (
              <>
                <DateText state={state} value={r.award.submitFrom} style="date" /> ~{" "}
                <DateText state={state} value={r.award.submitTo} style="date" />
              </>
            ),
          },
          {
            header: t("awardAdmin.col.entries"),
            cell: (r) => (
              <a href={href(state, `${base}/entries?year=${r.award.year}`)}>
                {t("awardAdmin.entries.total", { total: r.entryCount })}
              </a>
            ),
          },
          {
            header: t("awardAdmin.col.actions"),
            cell: (r) => (
              <Button href={href(state, `${base}/${r.award.id}`)} variant="secondary" size="sm">
                {t("awardAdmin.edit")}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
});

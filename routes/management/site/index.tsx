// /management/site (SPEC §2.2, issue 15 §4): the sub-sites, each with its host names, screens and pages.
import { page } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { siteLabel } from "../../../components/builder/manage.tsx";
import { Table } from "../../../components/ui/Table.tsx";
import type { Site } from "../../../db/schema/site.ts";
import { allDomains, allSites } from "../../../domain/builder/sites.ts";
import { define, href } from "../../../state.ts";

export const handler = define.handlers({
  async GET({ state }) {
    state.title = state.t("builder.manage.sitesTitle");
    const [sites, domains] = await Promise.all([allSites(state.db), allDomains(state.db)]);
    return page({ sites, domains });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const hosts = (site: Site) => data.domains.filter((d) => d.siteId === site.id).map((d) => d.host).join(", ");
  return (
    <>
      <ManageHeader
        state={state}
        title={t("builder.manage.sitesTitle")}
        lead={t("builder.manage.sitesLead")}
        actions={
          <a class="button button-primary" href={href(state, "/management/site/create")}>
            {t("builder.manage.createTitle")}
          </a>
        }
      />
      <Table
        caption={t("builder.manage.sitesTitle")}
        captionHidden
        rows={data.sites}
        rowKey={(s) => s.id}
        stack
        columns={[
          {
            header: t("builder.manage.field.name"),
            rowHeader: true,
            align: "start",
            cell: (s) => <a href={href(state, `/management/site/${s.id}`)}>{siteLabel(state, s)}</a>,
          },
          { header: t("builder.manage.field.sub_domain"), cell: (s) => s.subDomain },
          { header: t("builder.manage.domains"), align: "start", cell: hosts },
          { header: t("builder.manage.field.locale"), cell: (s) => s.locale },
          {
            header: t("builder.manage.actions"),
            cell: (s) => (
              <>
                <a href={href(state, `/management/site/${s.id}/menu`)}>
                  {t("builder.manage.nav.menu")}
                  <span class="visually-hidden">: {siteLabel(state, s)}</span>
                </a>{" "}
                ·{" "}
                <a href={href(state, `/management/page?site=${s.id}`)}>
                  {t("builder.manage.nav.page")}
                  <span class="visually-hidden">: {siteLabel(state, s)}</span>
                </a>
              </>
            ),
          },
        ]}
      />
    </>
  );
});

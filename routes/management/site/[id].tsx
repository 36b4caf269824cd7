// /management/site/{id} (SPEC §2.2): a site's settings, and the host names pointing at it.
import { page } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { SiteForm, siteLabel, type SiteValues, siteValues } from "../../../components/builder/manage.tsx";
import { allDomains, siteById, SiteInput, updateSite } from "../../../domain/builder/sites.ts";
import { formAction, type FormProblem, idOf } from "../../../domain/builder/web.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, href, type State } from "../../../state.ts";

async function screen(state: State, id: number, values?: SiteValues, problem?: FormProblem, status = 200) {
  const site = await siteById(state.db, id);
  state.title = state.t("builder.manage.editTitle", { name: siteLabel(state, site) });
  const hosts = (await allDomains(state.db)).filter((d) => d.siteId === id).map((d) => d.host);
  return page({ site, hosts, values: values ?? siteValues(site), problem }, { status });
}

export const handler = define.handlers({
  GET: ({ state, params }) => screen(state, idOf(params.id, "builder.site_not_found")),
  async POST({ state, params, req }) {
    const id = idOf(params.id, "builder.site_not_found");
    const raw = req.clone();
    return await formAction(
      state,
      req,
      async (body, tx) => {
        await updateSite(tx, id, parseOrThrow(SiteInput, body));
        return href(state, `/management/site/${id}`);
      },
      async (problem, status) => {
        const values = Object.fromEntries(await raw.formData().then((f) => [...f.entries()]).catch(() => []));
        return await screen(state, id, values as SiteValues, problem, status);
      },
    );
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  return (
    <>
      <ManageHeader
        state={state}
        title={t("builder.manage.editTitle", { name: siteLabel(state, data.site) })}
        trail={[{ label: t("builder.manage.sitesTitle"), href: href(state, "/management/site") }]}
        actions={
          <a class="button button-secondary" href={href(state, `/management/site/${data.site.id}/menu`)}>
            {t("builder.manage.menuOfSite", { name: siteLabel(state, data.site) })}
          </a>
        }
      />
      <p>
        {t("builder.manage.domains")}: {data.hosts.join(", ") || t("builder.manage.none")} ·{" "}
        <a href={href(state, `/management/domain?site=${data.site.id}`)}>{t("builder.manage.domainTitle")}</a>
      </p>
      <SiteForm
        state={state}
        action={href(state, `/management/site/${data.site.id}`)}
        values={data.values}
        problem={data.problem}
        submit={t("builder.manage.save")}
      />
    </>
  );
});

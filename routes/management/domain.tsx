// /management/domain (SPEC §2.2, issue 15 §4): host names pointing at sites, each host at one site only.
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { ManageHeader } from "../../components/management/Frame.tsx";
import { fieldError, Problem, siteLabel } from "../../components/builder/manage.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { Select, TextField } from "../../components/ui/FormField.tsx";
import { Table } from "../../components/ui/Table.tsx";
import { addDomain, allDomains, allSites, DomainInput, removeDomain } from "../../domain/builder/sites.ts";
import { formAction, type FormProblem, idOf } from "../../domain/builder/web.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { define, href, type State } from "../../state.ts";

async function screen(state: State, url: URL, problem?: FormProblem, status = 200) {
  state.title = state.t("builder.manage.domainTitle");
  const [domains, sites] = await Promise.all([allDomains(state.db), allSites(state.db)]);
  const site = url.searchParams.get("site");
  return page({ domains, sites, chosen: site && /^\d{1,9}$/.test(site) ? Number(site) : null, problem }, { status });
}

const Action = z.object({ action: z.enum(["add", "delete"]) });

export const handler = define.handlers({
  GET: ({ state, url }) => screen(state, url),
  POST: ({ state, url, req }) =>
    formAction(
      state,
      req,
      async (body, tx) => {
        const { action } = parseOrThrow(Action, body);
        if (action === "add") await addDomain(tx, parseOrThrow(DomainInput, body));
        else await removeDomain(tx, idOf(body.id, "error.404"));
        return href(state, "/management/domain");
      },
      (problem, status) => screen(state, url, problem, status),
    ),
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const action = href(state, "/management/domain");
  return (
    <>
      <ManageHeader state={state} title={t("builder.manage.domainTitle")} lead={t("builder.manage.domainLead")} />
      <Problem problem={data.problem} />
      <Table
        caption={t("builder.manage.domainTitle")}
        captionHidden
        rows={data.domains}
        rowKey={(d) => d.id}
        columns={[
          { header: t("builder.manage.field.host"), rowHeader: true, align: "start", cell: (d) => d.host },
          { header: t("builder.manage.field.site"), align: "start", cell: (d) => d.site },
          {
            header: t("builder.manage.actions"),
            cell: (d) => (
              <form method="post" action={action} class="admin-inline-form">
                <CsrfField state={state} />
                <input type="hidden" name="action" value="delete" />
                <input type="hidden" name="id" value={String(d.id)} />
                <button type="submit" class="button button-ghost button-sm">
                  {t("builder.manage.remove")}
                  <span class="visually-hidden">: {d.host}</span>
                </button>
              </form>
            ),
          },
        ]}
      />
      <h2>{t("builder.manage.domainAdd")}</h2>
      <form method="post" action={action} class="list-filter">
        <CsrfField state={state} />
        <input type="hidden" name="action" value="add" />
        <div class="list-filter-fields">
          <TextField
            name="host"
            label={t("builder.manage.field.host")}
            required
            maxLength={253}
            error={fieldError(state, data.problem, "host")}
          />
          <Select
            name="site"
            label={t("builder.manage.field.site")}
            value={String(data.chosen ?? data.sites[0]?.id ?? "")}
            options={data.sites.map((s) => ({ value: String(s.id), label: siteLabel(state, s) }))}
          />
        </div>
        <div class="list-filter-actions">
          <button type="submit" class="button button-primary button-sm">{t("builder.manage.add")}</button>
        </div>
      </form>
    </>
  );
});

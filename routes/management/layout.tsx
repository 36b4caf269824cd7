// /management/layout (SPEC §2.2, §2.3, issue 15 §4): the layouts of each sub-site with their English
// variants — for every layout name and language, the page frame it uses and its notes.
import { page } from "../../framework/define.ts";
import { ManageHeader } from "../../components/management/Frame.tsx";
import { AdminStyles, Problem, SitePicker } from "../../components/builder/manage.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { Select, TextField } from "../../components/ui/FormField.tsx";
import {
  DEFAULT_SHELLS,
  LayoutInput,
  layoutRows,
  saveLayout,
  SHELLS,
  SITE_LAYOUTS,
} from "../../domain/builder/layouts.ts";
import { allSites, chosenSite } from "../../domain/builder/sites.ts";
import { formAction, type FormProblem } from "../../domain/builder/web.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { LOCALES } from "../../fresh.config.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";

async function screen(state: State, url: URL, problem?: FormProblem, status = 200) {
  state.title = state.t("builder.manage.layoutTitle");
  const site = await chosenSite(state.db, url.searchParams.get("site"), state.site);
  const [sites, rows] = await Promise.all([allSites(state.db), layoutRows(state.db, site.id)]);
  return page({ site, sites, rows, problem }, { status });
}

export const handler = define.handlers({
  GET: ({ state, url }) => screen(state, url),
  async POST({ state, url, req }) {
    const site = await chosenSite(state.db, url.searchParams.get("site"), state.site);
    return await formAction(
      state,
      req,
      async (body, tx) => {
        await saveLayout(tx, site.id, parseOrThrow(LayoutInput, body));
        return href(state, `/management/layout?site=${site.id}`);
      },
      (problem, status) => screen(state, url, problem, status),
    );
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const action = href(state, `/management/layout?site=${data.site.id}`);
  return (
    <>
      <AdminStyles state={state} />
      <ManageHeader state={state} title={t("builder.manage.layoutTitle")} lead={t("builder.manage.layoutLead")} />
      <SitePicker state={state} action={href(state, "/management/layout")} sites={data.sites} current={data.site} />
      <Problem problem={data.problem} />
      {SITE_LAYOUTS.map((name) => (
        <section key={name} aria-labelledby={`layout-${name}`}>
          <h2 id={`layout-${name}`}>{name}</h2>
          {LOCALES.map((locale) => {
            const row = data.rows.find((r) => r.name === name && r.locale === locale);
            const id = `layout-${name}-${locale}`;
            return (
              <form key={locale} method="post" action={action} class="list-filter">
                <CsrfField state={state} />
                <input type="hidden" name="name" value={name} />
                <input type="hidden" name="locale" value={locale} />
                <h3>{t(`builder.manage.localeName.${locale}` as MessageKey)}</h3>
                <div class="list-filter-fields">
                  <Select
                    id={`${id}-shell`}
                    name="shell"
                    label={t("builder.manage.field.shell")}
                    value={row?.shell ?? DEFAULT_SHELLS[name]}
                    options={SHELLS.map((s) => ({ value: s, label: s }))}
                  />
                  <TextField
                    id={`${id}-notice`}
                    name="notice"
                    label={t("builder.manage.field.notice")}
                    value={row?.notice ?? ""}
                    maxLength={500}
                  />
                  <TextField
                    id={`${id}-footer`}
                    name="footer_note"
                    label={t("builder.manage.field.footer_note")}
                    value={row?.footerNote ?? ""}
                    maxLength={500}
                  />
                </div>
                <div class="list-filter-actions">
                  <button type="submit" class="button button-primary button-sm">
                    {t("builder.manage.save")}
                    <span class="visually-hidden">: {name} {locale}</span>
                  </button>
                </div>
              </form>
            );
          })}
        </section>
      ))}
    </>
  );
});

// /management/page (SPEC §2.2, issue 15 §4): a site's content pages — address, layout, title, description,
// share image, published state — created, edited (?edit=) and deleted; builder pages open in /builder.
// A path the application owns (/login, /api/…) or another page's is refused.
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { ManageHeader } from "../../components/management/Frame.tsx";
import { AdminStyles, fieldError, Problem, SitePicker } from "../../components/builder/manage.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { Checkbox, FormActions, Select, Textarea, TextField } from "../../components/ui/FormField.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { PageRow } from "../../db/schema/site.ts";
import { applicationPaths } from "../../domain/builder/app-paths.ts";
import {
  allSites,
  chosenSite,
  createPage,
  deletePage,
  PAGE_LAYOUT_NAMES,
  PageInput,
  updatePage,
} from "../../domain/builder/sites.ts";
import { sitePages } from "../../domain/builder/versions.ts";
import { formAction, type FormProblem, idOf } from "../../domain/builder/web.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";

async function screen(state: State, url: URL, problem?: FormProblem, status = 200, values?: Record<string, string>) {
  state.title = state.t("builder.manage.pageTitle");
  const site = await chosenSite(state.db, url.searchParams.get("site"), state.site);
  const [sites, rows] = await Promise.all([allSites(state.db), sitePages(state.db, site.id)]);
  const edit = url.searchParams.get("edit");
  const editing = edit ? rows.find((r) => String(r.id) === edit) ?? null : null;
  return page({ site, sites, rows, editing, problem, values }, { status });
}

const Action = z.object({ action: z.enum(["create", "save", "delete"]) });

export const handler = define.handlers({
  GET: ({ state, url }) => screen(state, url),
  async POST({ state, url, req }) {
    const site = await chosenSite(state.db, url.searchParams.get("site"), state.site);
    const raw = req.clone();
    return await formAction(
      state,
      req,
      async (body, tx) => {
        const { action } = parseOrThrow(Action, body);
        const isApp = await applicationPaths();
        if (action === "create") await createPage(tx, site.id, parseOrThrow(PageInput, body), isApp);
        else {
          const id = idOf(body.id, "builder.page_not_found");
          const rows = await sitePages(tx, site.id);
          if (!rows.some((r) => r.id === id)) throw new HttpError(404, "builder.page_not_found");
          if (action === "save") await updatePage(tx, id, parseOrThrow(PageInput, body), isApp);
          else await deletePage(tx, id);
        }
        return href(state, `/management/page?site=${site.id}`);
      },
      async (problem, status) => {
        const values = Object.fromEntries(await raw.formData().then((f) => [...f.entries()]).catch(() => []));
        return await screen(state, url, problem, status, values as Record<string, string>);
      },
    );
  },
});

function PageForm({ state, action, row, values, problem }: {
  state: State;
  action: string;
  row: PageRow | null;
  values?: Record<string, string>;
  problem?: FormProblem;
}) {
  const { t } = state;
  const label = (name: string) => t(`builder.manage.field.${name}` as MessageKey);
  const v = (name: string, fallback: string) => values?.[name] ?? fallback;
  const prefix = row ? `page-${row.id}` : "page-new";
  const text = (name: string, fallback: string, required = false) => (
    <TextField
      id={`${prefix}-${name}`}
      name={name}
      label={label(name)}
      value={v(name, fallback)}
      required={required}
      maxLength={name === "path" ? 500 : 200}
      error={fieldError(state, problem, name)}
    />
  );
  return (
    <form method="post" action={action} class="form">
      <CsrfField state={state} />
      <input type="hidden" name="action" value={row ? "save" : "create"} />
      {row && <input type="hidden" name="id" value={String(row.id)} />}
      {text("path", row ? decodeURI(row.path) : "/", true)}
      {text("title", row?.title ?? "", true)}
      {text("title_en", row?.titleEn ?? "")}
      <Select
        id={`${prefix}-layout`}
        name="layout"
        label={label("layout")}
        value={v("layout", row?.layout ?? "sub")}
        options={PAGE_LAYOUT_NAMES.map((l) => ({ value: l, label: l }))}
      />
      <Textarea
        id={`${prefix}-description`}
        name="description"
        label={label("description")}
        rows={2}
        maxLength={500}
        value={v("description", row?.description ?? "")}
      />
      <Textarea
        id={`${prefix}-description-en`}
        name="description_en"
        label={label("description_en")}
        rows={2}
        maxLength={500}
        value={v("description_en", row?.descriptionEn ?? "")}
      />
      {text("og_image", row?.ogImage ?? "")}
      <Checkbox
        id={`${prefix}-published`}
        name="published"
        label={label("published")}
        checked={values ? values.published === "on" : row?.published ?? false}
      />
      <FormActions>
        <button type="submit" class="button button-primary">
          {row ? t("builder.manage.save") : t("builder.manage.create")}
        </button>
      </FormActions>
    </form>
  );
}

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const action = href(state, `/management/page?site=${data.site.id}`);
  return (
    <>
      <AdminStyles state={state} />
      <ManageHeader state={state} title={t("builder.manage.pageTitle")} lead={t("builder.manage.pageLead")} />
      <SitePicker state={state} action={href(state, "/management/page")} sites={data.sites} current={data.site} />
      <Problem problem={data.problem} />
      <Table
        caption={t("builder.manage.pageTitle")}
        captionHidden
        rows={data.rows}
        rowKey={(r) => r.id}
        empty={t("builder.manage.pageEmpty")}
        stack
        columns={[
          {
            header: t("builder.manage.field.path"),
            rowHeader: true,
            align: "start",
            cell: (r) => <code>{decodeURI(r.path)}</code>,
          },
          { header: t("builder.manage.field.title"), align: "start", cell: (r) => r.title },
          { header: t("builder.manage.field.layout"), cell: (r) => r.layout },
          {
            header: t("builder.manage.field.published"),
            cell: (r) => (r.published ? t("builder.manage.yes") : t("builder.manage.no")),
          },
          {
            header: t("builder.manage.field.format"),
            cell: (r) => t(`builder.manage.format.${r.format === "builder" ? "builder" : "html"}`),
          },
          {
            header: t("builder.manage.actions"),
            cell: (r) => (
              <>
                <a href={href(state, `/management/page?site=${data.site.id}&edit=${r.id}`)}>
                  {t("builder.manage.edit")}
                  <span class="visually-hidden">: {r.title}</span>
                </a>{" "}
                ·{" "}
                <a href={href(state, `/builder?page=${r.id}`)}>
                  {t("builder.manage.openBuilder")}
                  <span class="visually-hidden">: {r.title}</span>
                </a>
                <form method="post" action={action} class="admin-inline-form">
                  <CsrfField state={state} />
                  <input type="hidden" name="action" value="delete" />
                  <input type="hidden" name="id" value={String(r.id)} />{" "}
                  <button type="submit" class="button button-ghost button-sm">
                    {t("builder.manage.remove")}
                    <span class="visually-hidden">: {r.title}</span>
                  </button>
                </form>
              </>
            ),
          },
        ]}
      />
      {data.editing && (
        <section aria-labelledby="page-edit-title">
          <h2 id="page-edit-title">{t("builder.manage.pageEdit", { title: data.editing.title })}</h2>
          <PageForm
            state={state}
            action={`${action}&edit=${data.editing.id}`}
            row={data.editing}
            values={data.values}
            problem={data.problem}
          />
        </section>
      )}
      <section aria-labelledby="page-create-heading">
        <h2 id="page-create-heading">{t("builder.manage.pageNew")}</h2>
        <PageForm
          state={state}
          action={action}
          row={null}
          values={data.editing ? undefined : data.values}
          problem={data.editing ? undefined : data.problem}
        />
      </section>
    </>
  );
});

// Pieces the site-administration screens share (issue 15 §4): the site picker, the site form, the menu
// editor. Plain forms that post and redirect (no JavaScript), field errors beside their fields.
import type { Site } from "../../db/schema/site.ts";
import type { MenuRow } from "../../db/schema/site.ts";
import type { FormProblem } from "../../domain/builder/web.ts";
import { PAY_PROVIDERS } from "../../fresh.config.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { type State } from "../../state.ts";
import { Alert } from "../ui/Alert.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Checkbox, FormActions, Select, Textarea, TextField } from "../ui/FormField.tsx";

/** The message of a field's first refusal, translated. */
export function fieldError(state: State, problem: FormProblem | undefined, name: string): string | undefined {
  const key = problem?.fields[name]?.[0];
  return key ? state.t(key as MessageKey) : undefined;
}

export function Problem({ problem }: { problem?: FormProblem }) {
  return problem ? <Alert kind="error">{problem.message}</Alert> : null;
}

export const siteLabel = (state: State, site: Site) => (state.locale === "en" && site.nameEn) || site.name;

/** A GET form choosing the site a screen works on. */
export function SitePicker({ state, action, sites, current }: {
  state: State;
  action: string;
  sites: Site[];
  current: Site;
}) {
  const { t } = state;
  return (
    <form method="get" action={action} class="list-filter">
      <div class="list-filter-fields">
        <Select
          name="site"
          id="site-picker"
          label={t("builder.manage.chooseSite")}
          value={String(current.id)}
          options={sites.map((s) => ({ value: String(s.id), label: `${siteLabel(state, s)} (${s.subDomain})` }))}
        />
      </div>
      <div class="list-filter-actions">
        <button type="submit" class="button button-secondary button-sm">{t("builder.manage.show")}</button>
      </div>
    </form>
  );
}

export type SiteValues = Partial<Record<string, string>>;

export function siteValues(site: Site): SiteValues {
  return {
    sub_domain: site.subDomain,
    host: site.host,
    name: site.name,
    name_en: site.nameEn,
    title: site.title,
    title_en: site.titleEn,
    description: site.description,
    description_en: site.descriptionEn,
    keywords: site.keywords,
    og_image: site.ogImage ?? "",
    locale: site.locale,
    home_url: site.homeUrl,
    pay_module: site.payModule,
  };
}

export function SiteForm({ state, action, values, problem, submit }: {
  state: State;
  action: string;
  values: SiteValues;
  problem?: FormProblem;
  submit: string;
}) {
  const { t } = state;
  const label = (name: string) => t(`builder.manage.field.${name}` as MessageKey);
  const text = (name: string, required = false, max = 200) => (
    <TextField
      name={name}
      label={label(name)}
      value={values[name] ?? ""}
      required={required}
      maxLength={max}
      error={fieldError(state, problem, name)}
    />
  );
  return (
    <form method="post" action={action} class="form">
      <CsrfField state={state} />
      <Problem problem={problem} />
      {text("sub_domain", true, 63)}
      {text("host", true, 253)}
      {text("name", true, 100)}
      {text("name_en", false, 100)}
      {text("title", true)}
      {text("title_en")}
      <Textarea
        name="description"
        label={label("description")}
        value={values.description ?? ""}
        rows={3}
        maxLength={500}
        error={fieldError(state, problem, "description")}
      />
      <Textarea
        name="description_en"
        label={label("description_en")}
        value={values.description_en ?? ""}
        rows={3}
        maxLength={500}
        error={fieldError(state, problem, "description_en")}
      />
      {text("keywords", false, 500)}
      {text("og_image", false, 300)}
      <Select
        name="locale"
        label={label("locale")}
        value={values.locale ?? "ko"}
        options={["ko", "en"].map((l) => ({ value: l, label: t(`builder.manage.localeName.${l}` as MessageKey) }))}
      />
      {text("home_url", false, 500)}
      <Select
        name="pay_module"
        label={label("pay_module")}
        value={values.pay_module ?? "test"}
        options={PAY_PROVIDERS.map((p) => ({ value: p, label: p }))}
      />
      <FormActions>
        <button type="submit" class="button button-primary">{submit}</button>
      </FormActions>
    </form>
  );
}

/** The menu tree of a site in both languages: each item a small form (save, up, down, delete), then a new one. */
export function MenuEditor({ state, action, rows, missing, problem }: {
  state: State;
  action: string;
  rows: MenuRow[];
  missing: Set<number>;
  problem?: FormProblem;
}) {
  const { t } = state;
  const children = (parent: number | null) =>
    rows.filter((r) => r.parentId === parent).sort((a, b) => a.sort - b.sort || a.id - b.id);
  const depthOf = new Map<number, number>();
  const ordered: MenuRow[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const row of children(parent)) {
      if (depthOf.has(row.id)) continue;
      depthOf.set(row.id, depth);
      ordered.push(row);
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  const parentOptions = (except?: number) => [
    { value: "", label: t("builder.manage.root") },
    ...ordered.filter((r) => r.id !== except).map((r) => ({
      value: String(r.id),
      label: `${"— ".repeat(depthOf.get(r.id) ?? 0)}${r.title}`,
    })),
  ];
  const label = (name: string) => t(`builder.manage.field.${name}` as MessageKey);
  const fields = (prefix: string, row?: MenuRow) => (
    <div class="list-filter-fields">
      <TextField
        id={`${prefix}-title`}
        name="title"
        label={label("title")}
        value={row?.title ?? ""}
        required
        maxLength={100}
      />
      <TextField id={`${prefix}-title-en`} name="title_en" label={label("title_en")} value={row?.titleEn ?? ""} />
      <TextField id={`${prefix}-url`} name="url" label={label("url")} value={row?.url ?? ""} required maxLength={500} />
      <Select
        id={`${prefix}-parent`}
        name="parent"
        label={label("parent")}
        value={row?.parentId ? String(row.parentId) : ""}
        options={parentOptions(row?.id)}
      />
      <Checkbox id={`${prefix}-hidden`} name="hidden" label={label("hidden")} checked={row?.hidden ?? false} />
    </div>
  );
  return (
    <>
      <Problem problem={problem} />
      {ordered.length === 0 && <p class="list-empty">{t("builder.manage.menuEmpty")}</p>}
      <ol class="menu-editor">
        {ordered.map((row) => (
          <li key={row.id} class={`menu-editor-item menu-depth-${Math.min(depthOf.get(row.id) ?? 0, 4)}`}>
            <form method="post" action={action} class="list-filter">
              <CsrfField state={state} />
              <input type="hidden" name="id" value={String(row.id)} />
              <p class="menu-editor-name">
                <strong>{row.title}</strong>
                {row.titleEn && <span lang="en">{row.titleEn}</span>}
                {row.hidden && <span class="badge">{t("builder.manage.menuHidden")}</span>}
                {missing.has(row.id) && <span class="badge badge-waiting">{t("builder.manage.menuMissing")}</span>}
              </p>
              {fields(`menu-${row.id}`, row)}
              <div class="list-filter-actions">
                <button type="submit" name="action" value="save" class="button button-primary button-sm">
                  {t("builder.manage.save")}
                </button>
                <button type="submit" name="action" value="up" formnovalidate class="button button-ghost button-sm">
                  {t("builder.manage.up")}
                </button>
                <button type="submit" name="action" value="down" formnovalidate class="button button-ghost button-sm">
                  {t("builder.manage.down")}
                </button>
                <button
                  type="submit"
                  name="action"
                  value="delete"
                  formnovalidate
                  class="button button-ghost button-sm"
                >
                  {t("builder.manage.remove")}
                </button>
              </div>
            </form>
          </li>
        ))}
      </ol>
      <h2>{t("builder.manage.menuAdd")}</h2>
      <form method="post" action={action} class="list-filter">
        <CsrfField state={state} />
        <input type="hidden" name="action" value="add" />
        {fields("menu-new")}
        <div class="list-filter-actions">
          <button type="submit" class="button button-primary button-sm">{t("builder.manage.add")}</button>
        </div>
      </form>
    </>
  );
}

/** The stylesheet of the site-administration screens (the menu editor's indentation and the rest). */
export function AdminStyles({ state }: { state: State }) {
  return (
    <link
      rel="stylesheet"
      href={state.staticFiles?.url("/css/builder-editor.css") ?? "/css/builder-editor.css"}
    />
  );
}

/** The style guide's own stylesheet (/style, /style/adp-default). */
export function StyleGuideStyles({ state }: { state: State }) {
  return <link rel="stylesheet" href={state.staticFiles?.url("/css/style-guide.css") ?? "/css/style-guide.css"} />;
}

// /management/form and /management/form/{id}: the form builder (issue 14 §1) as plain forms — every edit
// (add a component at the top or inside a section or group, edit one, move it up or down, remove it,
// change the whole tree as JSON) is one button posting one small form, so it works by keyboard and
// without JavaScript; the tree is checked whole before saving, and saving a form that has answers makes
// a new version. The page ends with the form as applicants see it, in Korean and in English.
import { z } from "zod";
import { page, redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import type { FormRow } from "../../db/schema/programme.ts";
import type { Paginated } from "../../domain/common/list.ts";
import {
  addComponent,
  componentAt,
  ComponentForm,
  componentFormValues,
  containers,
  moveComponent,
  PathParam,
  removeComponent,
  updateComponent,
} from "../../domain/form/builder.ts";
import { createForm, deleteForm, type FormListRow, listForms, requireForm, saveForm } from "../../domain/form/forms.ts";
import { checkTree, COMPONENT_TYPES, FORM_FILE_KINDS, type FormComponent, labelOf } from "../../domain/form/model.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { readBody } from "../../domain/request.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { createTranslator, formatDate, hasMessage } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";
import { refusalView } from "../management/award/refusal.ts";
import { ManageHeader } from "../management/Frame.tsx";
import { ProgrammeStyles } from "../programme/Labels.tsx";
import { Alert } from "../ui/Alert.tsx";
import { Button } from "../ui/Button.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Checkbox, Select, Textarea, TextField } from "../ui/FormField.tsx";
import { pageHref, Pagination } from "../ui/Pagination.tsx";
import { Table } from "../ui/Table.tsx";
import { FormFields } from "./FormRenderer.tsx";
import FormEnhancer from "../../islands/FormEnhancer.tsx";

const base = (state: State) => href(state, "/management/form");
const PageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2 ** 31 - 1) });
const Meta = z.object({
  title: z.string().trim().min(1, "programme.manage.title_required").max(200),
  title_en: z.string().trim().max(200).default(""),
});
/** A tree sent as JSON can be large (the check refuses more than 200 components); more than this is 413. */
const JSON_LIMIT = 2 * 1024 * 1024;

// ---------- List ----------

interface ListView {
  list: Paginated<FormListRow>;
  error?: string;
}

export const formListHandler = define.handlers<ListView>({
  async GET({ state, url }) {
    state.title = state.t("programme.builder.title");
    const list = await listForms(
      state.db,
      PageNumber.parse(url.searchParams.get("page") ?? 1),
      20,
      (p) => pageHref(base(state), p),
    );
    return page<ListView>({ list });
  },
  async POST({ req, state }) {
    const { body } = await readBody(req, 16 * 1024);
    const parsed = Meta.safeParse(body);
    if (!parsed.success) {
      state.title = state.t("programme.builder.title");
      const list = await listForms(state.db, 1, 20, (p) => pageHref(base(state), p));
      return page<ListView>({ list, error: state.t("programme.manage.title_required") }, { status: 422 });
    }
    const form = await createForm(state.db, {
      title: parsed.data.title,
      titleEn: parsed.data.title_en,
      components: [],
    });
    return redirect(`${base(state)}/${form.id}`);
  },
});

export function FormListPage({ data, state }: { data: ListView; state: State }) {
  const { t, locale } = state;
  return (
    <>
      <ProgrammeStyles state={state} />
      <ManageHeader state={state} title={t("programme.builder.title")} lead={t("programme.builder.lead")} />
      <Table
        caption={t("programme.builder.title")}
        captionHidden
        rows={data.list.data}
        rowKey={(r) => r.form.id}
        empty={t("programme.builder.empty")}
        stack
        columns={[
          { header: "ID", cell: (r) => r.form.id },
          {
            header: t("programme.builder.formTitle"),
            rowHeader: true,
            align: "start",
            cell: (r) => (
              <a href={`${base(state)}/${r.form.id}`}>
                {labelOf({ label: r.form.title, labelEn: r.form.titleEn }, locale)}
              </a>
            ),
          },
          {
            header: t("programme.builder.versionCol"),
            cell: (r) => t("programme.builder.version", { version: r.form.version }),
          },
          { header: t("programme.manage.answers"), cell: (r) => t("programme.builder.answers", { count: r.answers }) },
          { header: t("programme.builder.updated"), cell: (r) => formatDate(r.form.updatedAt, locale) },
        ]}
      />
      <Pagination t={t} current_page={data.list.current_page} last_page={data.list.last_page} baseHref={base(state)} />
      <h2 class="section-title">{t("programme.builder.create")}</h2>
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="post" class="form">
        <CsrfField state={state} />
        <TextField name="title" label={t("programme.builder.formTitle")} required />
        <TextField name="title_en" label={t("programme.builder.formTitleEn")} />
        <div class="form-actions">
          <Button type="submit">{t("programme.builder.create")}</Button>
        </div>
      </form>
    </>
  );
}

// ---------- One form ----------

interface BuilderView {
  form: FormRow;
  tree: FormComponent[];
  /** The component being edited (its path), from ?edit=. */
  editing: string | null;
  values: Record<string, unknown>;
  error?: string;
  fields: Record<string, string>;
}

async function builderView(state: State, id: number, url: URL, extra: Partial<BuilderView> = {}, status = 200) {
  const { form, version } = await requireForm(state.db, id);
  const edit = url.searchParams.get("edit");
  const editing = edit && PathParam.safeParse(edit).success && componentAt(version.components, edit) ? edit : null;
  state.title = labelOf({ label: form.title, labelEn: form.titleEn }, state.locale);
  return page<BuilderView>({
    form,
    tree: version.components,
    editing,
    values: componentFormValues(editing ? componentAt(version.components, editing) : null),
    fields: {},
    ...extra,
  }, { status });
}

function treeFrom(op: string, tree: FormComponent[], body: Record<string, unknown>): FormComponent[] {
  const path = () => parseOrThrow(PathParam, body.path);
  try {
    switch (op) {
      case "add": {
        const parent = body.parent ? parseOrThrow(PathParam, body.parent) : null;
        return addComponent(tree, parent, parseOrThrow(ComponentForm, body));
      }
      case "update":
        return updateComponent(tree, path(), parseOrThrow(ComponentForm, body));
      case "up":
        return moveComponent(tree, path(), -1);
      case "down":
        return moveComponent(tree, path(), 1);
      case "remove":
        return removeComponent(tree, path());
      case "json": {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(body.components ?? ""));
        } catch {
          throw new HttpError(422, "error.validation", undefined, {
            fields: { components: ["programme.form.bad_tree"] },
          });
        }
        return parsed as FormComponent[];
      }
    }
  } catch (err) {
    if (err instanceof RangeError) {
      throw new HttpError(422, "error.validation", undefined, { fields: { path: [err.message] } });
    }
    throw err;
  }
  throw new HttpError(400, "error.400");
}

export const builderHandler = define.handlers<BuilderView>({
  GET({ state, params, url }) {
    return builderView(state, parseOrThrow(IdParam, params, 400).id, url);
  },
  async POST({ req, state, params, url }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const { form, version } = await requireForm(state.db, id);
    const { body } = await readBody(req, JSON_LIMIT);
    const op = String(body.op ?? "");
    try {
      if (op === "delete") {
        await deleteForm(state.db, id);
        const res = redirect(base(state));
        res.headers.append("set-cookie", flashCookie("programme.builder.deleted", state.https));
        return res;
      }
      let title = form.title;
      let titleEn = form.titleEn;
      let tree = version.components;
      if (op === "meta") ({ title, title_en: titleEn } = parseOrThrow(Meta, body));
      else tree = treeFrom(op, tree, body);
      const checked = checkTree(tree);
      if (!checked.ok) throw new HttpError(422, "error.validation", undefined, { fields: checked.fields });
      await saveForm(state.db, id, { title, titleEn, components: checked.tree });
      state.sites.clear();
      const res = redirect(`${base(state)}/${id}`);
      res.headers.append("set-cookie", flashCookie("programme.builder.saved", state.https));
      return res;
    } catch (err) {
      const view = refusalView(err, state.t);
      const fields: Record<string, string> = {};
      if (err instanceof HttpError) {
        // Field keys of a whole tree ("components.2.key") are shown as one list above the builder.
        for (const [k, keys] of Object.entries((err.details?.fields ?? {}) as Record<string, string[]>)) {
          const key = keys[0];
          fields[k.replace(/^components\./, "")] = hasMessage(key) ? state.t(key) : state.t("programme.form.invalid");
        }
      }
      return builderView(state, id, url, {
        error: view.message,
        fields,
        values: op === "add" || op === "update" ? body : componentFormValues(null),
        editing: op === "update" && typeof body.path === "string" ? body.path : null,
      }, view.status);
    }
  },
});

function ItemActions({ state, path, label, first, last }: {
  state: State;
  path: string;
  label: string;
  first: boolean;
  last: boolean;
}) {
  const { t } = state;
  const op = (name: string, text: string, disabled = false) => (
    <form method="post">
      <CsrfField state={state} />
      <input type="hidden" name="op" value={name} />
      <input type="hidden" name="path" value={path} />
      <button type="submit" class="button button-ghost button-sm" disabled={disabled}>
        {text}
        <span class="visually-hidden">{` ${label}`}</span>
      </button>
    </form>
  );
  return (
    <div class="builder-item-actions">
      <a class="button button-secondary button-sm" href={`?edit=${path}#component-form`}>
        {t("programme.builder.edit")}
        <span class="visually-hidden">{` ${label}`}</span>
      </a>
      {op("up", t("programme.builder.moveUp"), first)}
      {op("down", t("programme.builder.moveDown"), last)}
      {op("remove", t("programme.builder.remove"))}
    </div>
  );
}

function Items({ state, list, prefix }: { state: State; list: FormComponent[]; prefix: string }) {
  const { t, locale } = state;
  return (
    <ol class="builder-list">
      {list.map((c, i) => {
        const path = `${prefix}${i}`;
        const label = labelOf(c, locale);
        return (
          <li key={path} class="builder-item">
            <div class="builder-item-head">
              <span>
                <strong>{label}</strong> <code>{c.key}</code> · {t(`programme.form.type.${c.type}`)}
                {c.required ? ` · ${t("programme.builder.prop.required")}` : ""}
              </span>
              <ItemActions state={state} path={path} label={label} first={i === 0} last={i === list.length - 1} />
            </div>
            {c.children && c.children.length > 0 && (
              <div class="builder-children">
                <Items state={state} list={c.children} prefix={`${path}.`} />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function ComponentEditor({ state, data }: { state: State; data: BuilderView }) {
  const { t, locale } = state;
  const v = (k: string) => (typeof data.values[k] === "string" ? data.values[k] as string : "");
  const accept = ([] as string[]).concat((data.values.accept as string[] | string | undefined) ?? []);
  const p = (k: string) => t(`programme.builder.prop.${k}` as Parameters<typeof t>[0]);
  const field = (name: string, label: string, type: "text" | "number" | "date" = "text") => (
    <TextField
      name={name}
      id={`c-${name}`}
      label={label}
      type={type}
      value={v(name)}
      error={data.fields[name]}
      step={type === "number" ? "any" : undefined}
    />
  );
  const editing = data.editing;
  return (
    <form method="post" class="form" id="component-form">
      <CsrfField state={state} />
      <FormEnhancer addRow={t("programme.form.addRow")} />
      <input type="hidden" name="op" value={editing ? "update" : "add"} />
      {editing && <input type="hidden" name="path" value={editing} />}
      <h2 class="section-title">{editing ? t("programme.builder.edit") : t("programme.builder.add")}</h2>
      {!editing && (
        <Select
          name="parent"
          id="c-parent"
          label={p("parent")}
          value={v("parent")}
          placeholder={p("top")}
          options={containers(data.tree).map(({ path, component }) => ({
            value: path,
            label: t("programme.builder.addInto", { label: labelOf(component, locale) }),
          }))}
        />
      )}
      <Select
        name="type"
        id="c-type"
        label={p("type")}
        value={v("type") || "text"}
        options={COMPONENT_TYPES.map((type) => ({ value: type, label: t(`programme.form.type.${type}`) }))}
      />
      <TextField
        name="key"
        id="c-key"
        label={p("key")}
        required
        value={v("key")}
        hint={t("programme.form.bad_key")}
        error={data.fields.key}
      />
      <TextField name="label" id="c-label" label={p("label")} required value={v("label")} error={data.fields.label} />
      {field("label_en", p("labelEn"))}
      <Textarea name="help" id="c-help" label={p("help")} value={v("help")} rows={2} />
      <Textarea name="help_en" id="c-help_en" label={p("helpEn")} value={v("help_en")} rows={2} />
      <Checkbox name="required" id="c-required" label={p("required")} checked={v("required") === "on"} />
      <details class="builder-limits" open={!!editing}>
        <summary>{t("programme.builder.prop.options")}</summary>
        {field("min_length", p("minLength"), "number")}
        {field("max_length", p("maxLength"), "number")}
        {field("pattern", p("pattern"))}
        {field("min", p("min"), "number")}
        {field("max", p("max"), "number")}
        <Checkbox name="integer" id="c-integer" label={p("integer")} checked={v("integer") === "on"} />
        {field("not_above", p("notAbove"))}
        {field("min_date", p("minDate"), "date")}
        {field("max_date", p("maxDate"), "date")}
        {field("after", p("after"))}
        <Textarea
          name="options"
          id="c-options"
          label={p("options")}
          value={v("options")}
          rows={4}
          error={data.fields.options}
        />
        {field("min_choices", p("minChoices"), "number")}
        {field("max_choices", p("maxChoices"), "number")}
        <fieldset class="field field-group">
          <legend class="field-label">{p("accept")}</legend>
          <div class="choices choices-inline">
            {FORM_FILE_KINDS.map((k) => (
              <div class="check" key={k}>
                <input
                  class="check-input"
                  type="checkbox"
                  id={`c-accept-${k}`}
                  name="accept"
                  value={k}
                  checked={accept.includes(k)}
                />
                <label class="check-label" for={`c-accept-${k}`}>{k.toUpperCase()}</label>
              </div>
            ))}
          </div>
        </fieldset>
        {field("max_mb", p("maxBytes"), "number")}
        {field("max_files", p("maxFiles"), "number")}
        {field("min_items", p("minItems"), "number")}
        {field("max_items", p("maxItems"), "number")}
        {field("show_if_key", p("showIfKey"))}
        {field("show_if_equals", p("showIfEquals"))}
      </details>
      <div class="form-actions">
        <Button type="submit">{editing ? t("programme.builder.saveComponent") : t("programme.builder.add")}</Button>
        {editing && <Button href="?" variant="ghost">{t("programme.manage.back")}</Button>}
      </div>
    </form>
  );
}

export function BuilderPage({ data, state }: { data: BuilderView; state: State }) {
  const { t } = state;
  const problems = Object.entries(data.fields);
  return (
    <>
      <ProgrammeStyles state={state} />
      <ManageHeader
        state={state}
        title={labelOf({ label: data.form.title, labelEn: data.form.titleEn }, state.locale)}
        trail={[{ label: t("programme.builder.title"), href: base(state) }]}
        lead={t("programme.builder.version", { version: data.form.version })}
      />
      {data.error && (
        <Alert kind="error">
          {data.error}
          {problems.length > 0 && (
            <ul>
              {problems.map(([k, msg]) => <li key={k}>{`${k}: ${msg}`}</li>)}
            </ul>
          )}
        </Alert>
      )}
      <form method="post" class="form">
        <CsrfField state={state} />
        <input type="hidden" name="op" value="meta" />
        <TextField name="title" label={t("programme.builder.formTitle")} required value={data.form.title} />
        <TextField name="title_en" label={t("programme.builder.formTitleEn")} value={data.form.titleEn} />
        <div class="form-actions">
          <Button type="submit" variant="secondary">{t("programme.builder.save")}</Button>
        </div>
      </form>
      <h2 class="section-title">{t("programme.builder.components")}</h2>
      {data.tree.length === 0
        ? <p>{t("programme.builder.noComponents")}</p>
        : <Items state={state} list={data.tree} prefix="" />}
      <ComponentEditor state={state} data={data} />
      <h2 class="section-title">{t("programme.builder.preview")}</h2>
      {(["ko", "en"] as const).map((locale) => (
        <section key={locale} class="form-preview" aria-labelledby={`preview-${locale}`} lang={locale}>
          <h3 id={`preview-${locale}`}>
            {t(locale === "ko" ? "programme.builder.previewKo" : "programme.builder.previewEn")}
          </h3>
          <FormFields
            tree={data.tree}
            ctx={{ t: createTranslator(locale), locale, values: {}, errors: {}, idPrefix: `p${locale}`, preview: true }}
          />
        </section>
      ))}
      <form method="post" class="form">
        <CsrfField state={state} />
        <input type="hidden" name="op" value="json" />
        <Textarea
          name="components"
          label={t("programme.builder.json")}
          hint={t("programme.builder.jsonHint")}
          rows={10}
          value={JSON.stringify(data.tree, null, 2)}
        />
        <div class="form-actions">
          <Button type="submit" variant="secondary">{t("programme.builder.save")}</Button>
        </div>
      </form>
      <form method="post" class="form">
        <CsrfField state={state} />
        <input type="hidden" name="op" value="delete" />
        <Button type="submit" variant="ghost">{t("programme.builder.delete")}</Button>
      </form>
    </>
  );
}

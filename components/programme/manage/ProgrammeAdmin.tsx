// /management/{support,program,education}: the list of calls, programmes or courses with their
// application counts, and creating or editing one with its form attached (issue 14 §2–§4). Plain forms.
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import type { ProgrammeRow } from "../../../db/schema/programme.ts";
import type { Paginated } from "../../../domain/common/list.ts";
import { formChoices } from "../../../domain/form/forms.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { APPLICANT_ROLES, type ProgrammeKind } from "../../../domain/programme/kinds.ts";
import {
  listManagedProgrammes,
  type ManagedProgramme,
  programmeFormValues,
  ProgrammeInput,
  saveProgramme,
} from "../../../domain/programme/manage.ts";
import { requireProgramme, titleOf } from "../../../domain/programme/programmes.ts";
import { supportStatus } from "../../../domain/programme/status.ts";
import { readBody } from "../../../domain/request.ts";
import { requestLimit, uploadRule } from "../../../domain/file/rules.ts";
import { checkUploads } from "../../../domain/file/upload.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { formatDate, type MessageKey } from "../../../i18n/mod.ts";
import { define, href, type State } from "../../../state.ts";
import { refusalView } from "../../management/award/refusal.ts";
import { ManageHeader } from "../../management/Frame.tsx";
import { Alert } from "../../ui/Alert.tsx";
import { Button } from "../../ui/Button.tsx";
import { CsrfField } from "../../ui/CsrfField.tsx";
import { Checkbox, RequiredNote, Select, Textarea, TextField } from "../../ui/FormField.tsx";
import { pageHref, Pagination } from "../../ui/Pagination.tsx";
import { Table } from "../../ui/Table.tsx";
import { ProgrammeStyles, StatusBadge } from "../Labels.tsx";
import FormEnhancer from "../../../islands/FormEnhancer.tsx";

export const SECTION: Record<ProgrammeKind, string> = { support: "support", program: "program", course: "education" };
const TITLE: Record<ProgrammeKind, MessageKey> = {
  support: "programme.manage.supportTitle",
  program: "programme.manage.programTitle",
  course: "programme.manage.educationTitle",
};
export const manageBase = (state: State, kind: ProgrammeKind) => href(state, `/management/${SECTION[kind]}`);
export const manageTitle = (state: State, kind: ProgrammeKind) => state.t(TITLE[kind]);

const PageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1);
export const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2 ** 31 - 1) });
const RemoveFiles = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().min(1).max(2 ** 31 - 1)).max(20),
);

// ---------- List ----------

interface ListView {
  kind: ProgrammeKind;
  list: Paginated<ManagedProgramme>;
}

export function manageListHandler(kind: ProgrammeKind) {
  return define.handlers<ListView>({
    async GET({ state, url }) {
      state.title = manageTitle(state, kind);
      const base = manageBase(state, kind);
      const list = await listManagedProgrammes(
        state.db,
        kind,
        PageNumber.parse(url.searchParams.get("page") ?? 1),
        (p) => pageHref(base, p),
      );
      return page<ListView>({ kind, list });
    },
  });
}

export function ManageList({ data, state }: { data: ListView; state: State }) {
  const { t, locale } = state;
  const base = manageBase(state, data.kind);
  const date = (d: Date | null) => (d ? formatDate(d, locale) : "—");
  return (
    <>
      <ProgrammeStyles state={state} />
      <ManageHeader
        state={state}
        title={manageTitle(state, data.kind)}
        lead={t("programme.manage.lead")}
        actions={<Button href={`${base}/new`}>{t("programme.manage.create")}</Button>}
      />
      <Table
        caption={manageTitle(state, data.kind)}
        captionHidden
        rows={data.list.data}
        rowKey={(r) => r.programme.id}
        empty={t("programme.manage.empty")}
        stack
        columns={[
          { header: "ID", cell: (r) => r.programme.id },
          {
            header: t("programme.field.title"),
            rowHeader: true,
            align: "start",
            cell: (r) => <a href={`${base}/${r.programme.id}`}>{titleOf(r.programme, locale)}</a>,
          },
          {
            header: t("programme.field.status"),
            cell: (r) => <StatusBadge state={state} status={supportStatus(r.programme)} />,
          },
          {
            header: t("programme.field.applyPeriod"),
            cell: (r) => `${date(r.programme.applyFrom)} ~ ${date(r.programme.applyTo)}`,
          },
          {
            header: t("programme.manage.form"),
            cell: (r) => (r.programme.formId ? `#${r.programme.formId}` : t("programme.manage.noForm")),
          },
          {
            header: t("programme.field.applicant"),
            cell: (r) => t("programme.manage.applications", { count: r.applications }),
          },
          {
            header: t("programme.manage.edit"),
            cell: (r) => (
              <a href={`${base}/${r.programme.id}/edit`}>
                {t("programme.manage.edit")}
                <span class="visually-hidden">{` ${titleOf(r.programme, locale)}`}</span>
              </a>
            ),
          },
        ]}
      />
      <Pagination t={t} current_page={data.list.current_page} last_page={data.list.last_page} baseHref={base} />
    </>
  );
}

// ---------- Create and edit ----------

interface EditView {
  kind: ProgrammeKind;
  programme: ProgrammeRow | null;
  /** The notice files held now. */
  files: { id: number; name: string }[];
  values: Record<string, unknown>;
  forms: { id: number; title: string; titleEn: string }[];
  error?: string;
  fields: Record<string, string>;
}

async function editView(
  state: State,
  kind: ProgrammeKind,
  id: number | null,
  extra: Partial<EditView> = {},
  status = 200,
) {
  const programme = id === null ? null : await requireProgramme(state.db, id, kind);
  state.title = programme ? titleOf(programme, state.locale) : state.t("programme.manage.create");
  const held = programme ? await state.files.findMany(programme.fileIds) : [];
  return page<EditView>({
    kind,
    programme,
    files: held.map((f) => ({ id: f.id, name: f.originalName })),
    values: programmeFormValues(programme),
    forms: await formChoices(state.db),
    fields: {},
    ...extra,
  }, { status });
}

export function editHandler(kind: ProgrammeKind, isNew: boolean) {
  const idOf = (params: Record<string, string>) => (isNew ? null : parseOrThrow(IdParam, params, 400).id);
  return define.handlers<EditView>({
    GET({ state, params }) {
      return editView(state, kind, idOf(params));
    },
    async POST({ req, state, params }) {
      const id = idOf(params);
      const rule = uploadRule("programme_notice");
      const { body, files } = await readBody(req, requestLimit(rule) + 256 * 1024);
      try {
        const input = parseOrThrow(ProgrammeInput, body);
        const list = files.files ?? [];
        const uploads = list.length ? await checkUploads(rule, "files", list) : [];
        const remove = parseOrThrow(RemoveFiles, body.remove_files);
        const saved = await saveProgramme(state.db, state.config, kind, id, input, {
          service: state.files,
          uploads,
          remove,
        });
        state.sites.clear();
        const res = redirect(`${manageBase(state, kind)}/${saved.id}`);
        res.headers.append("set-cookie", flashCookie("programme.manage.saved", state.https));
        return res;
      } catch (err) {
        const view = refusalView(err, state.t);
        return editView(state, kind, id, { values: body, error: view.message, fields: view.fields }, view.status);
      }
    },
  });
}

export function EditPage({ data, state }: { data: EditView; state: State }) {
  const { t, locale } = state;
  const v = (k: string) => (typeof data.values[k] === "string" ? data.values[k] as string : "");
  const base = manageBase(state, data.kind);
  const roles = ([] as string[]).concat((data.values.roles as string[] | string | undefined) ?? []);
  const title = data.programme ? titleOf(data.programme, locale) : t("programme.manage.create");
  const text = (name: string, label: string, type: "text" | "datetime-local" | "number" = "text", required = false) => (
    <TextField name={name} label={label} type={type} value={v(name)} error={data.fields[name]} required={required} />
  );
  const area = (name: string, label: string, hint?: string) => (
    <Textarea name={name} label={label} value={v(name)} error={data.fields[name]} hint={hint} rows={4} />
  );
  return (
    <>
      <ProgrammeStyles state={state} />
      <ManageHeader
        state={state}
        title={title}
        trail={[{ label: manageTitle(state, data.kind), href: base }]}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="post" class="form" enctype="multipart/form-data">
        <CsrfField state={state} />
        <FormEnhancer addRow={t("programme.form.addRow")} />
        <RequiredNote t={t} />
        {text("title", t("programme.manage.title"), "text", true)}
        {text("title_en", t("programme.manage.titleEn"))}
        {area("summary", t("programme.field.summary"))}
        {area("summary_en", t("programme.manage.summaryEn"))}
        {area("notice", t("programme.field.notice"))}
        {area("notice_en", t("programme.manage.noticeEn"))}
        {text("category", t("programme.field.category"))}
        {text("category_en", t("programme.manage.categoryEn"))}
        {text("contact", t("programme.field.contact"))}
        <Select
          name="form_id"
          label={t("programme.manage.form")}
          value={v("form_id")}
          placeholder={t("programme.manage.noForm")}
          error={data.fields.form_id}
          options={data.forms.map((f) => ({
            value: String(f.id),
            label: `#${f.id} ${locale === "en" && f.titleEn ? f.titleEn : f.title}`,
          }))}
        />
        <fieldset class="field field-group">
          <legend class="field-label">{t("programme.field.roles")}</legend>
          <p class="field-hint">{t("programme.roles.any")}</p>
          <div class="choices choices-inline">
            {APPLICANT_ROLES.map((r) => (
              <div class="check" key={r}>
                <input
                  class="check-input"
                  type="checkbox"
                  id={`role-${r}`}
                  name="roles"
                  value={r}
                  checked={roles.includes(r)}
                />
                <label class="check-label" for={`role-${r}`}>{t(`programme.roles.${r}`)}</label>
              </div>
            ))}
          </div>
        </fieldset>
        {text("apply_from", t("programme.manage.applyFrom"), "datetime-local")}
        {text("apply_to", t("programme.manage.applyTo"), "datetime-local")}
        {data.kind !== "course" && text("business_from", t("programme.manage.businessFrom"), "datetime-local")}
        {data.kind !== "course" && text("business_to", t("programme.manage.businessTo"), "datetime-local")}
        {data.kind === "course" && (
          <>
            {text("teacher", t("programme.field.teacher"))}
            {text("teacher_en", t("programme.manage.teacherEn"))}
            {area("teacher_profile", t("programme.manage.teacherProfile"))}
            {area("teacher_profile_en", t("programme.manage.teacherProfileEn"))}
            {area("sessions", t("programme.field.sessions"), t("programme.manage.sessionsHint"))}
            <TextField
              name="capacity"
              label={t("programme.field.capacity")}
              type="number"
              min={0}
              value={v("capacity") || "0"}
              hint={t("programme.manage.capacityHint")}
              error={data.fields.capacity}
            />
            <TextField
              name="fee"
              label={t("programme.field.fee")}
              type="number"
              min={0}
              value={v("fee") || "0"}
              error={data.fields.fee}
            />
          </>
        )}
        <Checkbox name="public_list" label={t("programme.manage.publicList")} checked={v("public_list") === "on"} />
        <fieldset class="field field-group">
          <legend class="field-label">{t("programme.field.files")}</legend>
          {data.files.length > 0 && (
            <div class="choices">
              {data.files.map((f) => (
                <div class="check" key={f.id}>
                  <input
                    class="check-input"
                    type="checkbox"
                    id={`remove-${f.id}`}
                    name="remove_files"
                    value={String(f.id)}
                  />
                  <label class="check-label" for={`remove-${f.id}`}>
                    {t("programme.manage.removeFile", { name: f.name })}
                  </label>
                </div>
              ))}
            </div>
          )}
          <label class="field-label" for="notice-files">{t("programme.manage.addFiles")}</label>
          <input
            type="file"
            id="notice-files"
            name="files"
            multiple
            accept=".pdf,.jpg,.jpeg,.png,.zip"
            aria-describedby="notice-files-hint"
            aria-invalid={data.fields.files ? "true" : undefined}
          />
          <p class="field-hint" id="notice-files-hint">{t("programme.manage.filesHint")}</p>
          {data.fields.files && <p class="field-error">{data.fields.files}</p>}
        </fieldset>
        <div class="form-actions">
          <Button type="submit">{t("programme.manage.save")}</Button>
          <Button href={base} variant="ghost">{t("programme.manage.back")}</Button>
        </div>
      </form>
    </>
  );
}

// /management/contest/external (issue 23 §12): the external contests the council lists, a form to add one,
// and each one's edit screen with its poster and delete — plain forms that post back to their own screen.
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import { Alert } from "../../ui/Alert.tsx";
import { Button } from "../../ui/Button.tsx";
import { CsrfField } from "../../ui/CsrfField.tsx";
import { Checkbox, FormActions, TextField } from "../../ui/FormField.tsx";
import { Table } from "../../ui/Table.tsx";
import { ManageHeader } from "../Frame.tsx";
import type { ExternalContestRow } from "../../../db/schema/contest.ts";
import {
  allExternal,
  deleteExternal,
  externalById,
  ExternalInput,
  saveExternal,
  seoulDay,
} from "../../../domain/contest/external.ts";
import { formRefusal } from "../../../domain/errors.ts";
import { checkUploads } from "../../../domain/file/upload.ts";
import { requestLimit, uploadRule } from "../../../domain/file/rules.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { formatDate } from "../../../i18n/mod.ts";
import { define, href, type State } from "../../../state.ts";

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const POSTER = uploadRule("contest_external_poster");

export interface ExternalView {
  /** The list (index) or the contest being edited (null when adding). */
  list?: ExternalContestRow[];
  editing: ExternalContestRow | null;
  values: Record<string, string>;
  error?: string;
  fields: Record<string, string>;
}

const base = (state: State) => href(state, "/management/contest/external");

function valuesOf(row: ExternalContestRow | null): Record<string, string> {
  if (!row) return { published: "on" };
  return {
    title: row.title,
    title_en: row.titleEn,
    organiser: row.organiser,
    organiser_en: row.organiserEn,
    link: row.link,
    start_on: row.startOn,
    end_on: row.endOn,
    prize: row.prize,
    prize_en: row.prizeEn,
    published: row.published ? "on" : "",
  };
}

async function view(state: State, id: number | null, extra: Partial<ExternalView> = {}, status = 200) {
  const editing = id === null ? null : await externalById(state.db, id);
  state.title = state.t(editing ? "contest.external.editTitle" : "contest.external.manageTitle");
  return page<ExternalView>({
    list: id === null ? await allExternal(state.db) : undefined,
    editing,
    values: valuesOf(editing),
    fields: {},
    ...extra,
  }, { status });
}

/** The handlers of the list (`id` absent: GET lists, POST adds) and of one contest (POST saves or deletes). */
export function externalHandlers(withId: boolean) {
  const idOf = (params: Record<string, string>) => (withId ? parseOrThrow(IdParam, params, 400).id : null);
  return define.handlers<ExternalView>({
    GET: ({ state, params }) => view(state, idOf(params)),
    async POST({ state, params, req }) {
      const id = idOf(params);
      const { body, files } = await readBody(req, requestLimit(POSTER) + 64 * 1024);
      try {
        if (id !== null && body._action === "delete") {
          await deleteExternal(state.db, state.files, id);
          state.sites.clear();
          const res = redirect(base(state));
          res.headers.append("set-cookie", flashCookie("contest.external.deleted", state.https));
          return res;
        }
        const input = parseOrThrow(ExternalInput, body);
        const chosen = (files.poster ?? []).filter((f) => f.size > 0);
        const [poster] = chosen.length ? await checkUploads(POSTER, "poster", chosen) : [];
        const saved = await saveExternal(state.db, state.files, id, input, poster);
        // /contest is cached for visitors: the list changes now, not in five minutes.
        state.sites.clear();
        const res = redirect(`${base(state)}/${saved.id}`);
        res.headers.append("set-cookie", flashCookie("contest.external.saved", state.https));
        return res;
      } catch (err) {
        const refused = formRefusal(err, state.t);
        const fields = Object.fromEntries(
          Object.entries(refused.fields ?? {}).map(([name, keys]) => [name, state.t(keys[0] as never)]),
        );
        const values = Object.fromEntries(
          Object.entries(body).filter(([, v]) => typeof v === "string"),
        ) as Record<string, string>;
        return await view(state, id, { values, error: refused.message, fields }, refused.status);
      }
    },
  });
}

export function ExternalContestsPage({ state, data }: { state: State; data: ExternalView }) {
  const { t } = state;
  const trail = [{ label: t("contest.manage.title"), href: href(state, "/management/contest") }];
  if (data.editing) trail.push({ label: t("contest.external.manageTitle"), href: base(state) });
  return (
    <>
      <ManageHeader
        state={state}
        title={t(data.editing ? "contest.external.editTitle" : "contest.external.manageTitle")}
        lead={data.editing ? undefined : t("contest.external.manageLead")}
        trail={trail}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      {data.list && (
        <Table
          caption={t("contest.external.manageTitle")}
          captionHidden
          stack
          rows={data.list}
          rowKey={(r) => r.id}
          empty={t("contest.external.none")}
          columns={[
            {
              header: t("contest.external.fields.title"),
              rowHeader: true,
              align: "start",
              cell: (r) => <a href={`${base(state)}/${r.id}`}>{r.title}</a>,
            },
            { header: t("contest.external.organiser"), cell: (r) => r.organiser },
            {
              header: t("contest.external.period"),
              class: "nowrap",
              cell: (r) => `${formatDate(r.startOn, state.locale)} – ${formatDate(r.endOn, state.locale)}`,
            },
            {
              header: t("contest.labels.status"),
              class: "nowrap",
              cell: (r) =>
                t(
                  !r.published
                    ? "contest.external.status.hidden"
                    : r.endOn < seoulDay(new Date())
                    ? "contest.external.status.ended"
                    : "contest.external.status.shown",
                ),
            },
          ]}
        />
      )}
      {data.list && <h2>{t("contest.external.create")}</h2>}
      <ExternalForm state={state} data={data} />
      {data.editing && (
        <form method="post" action={`${base(state)}/${data.editing.id}`} class="form-actions">
          <CsrfField state={state} />
          <input type="hidden" name="_action" value="delete" />
          <Button type="submit" variant="secondary">{t("contest.external.delete")}</Button>
        </form>
      )}
    </>
  );
}

function ExternalForm({ state, data }: { state: State; data: ExternalView }) {
  const { t } = state;
  const v = (name: string) => data.values[name] ?? "";
  const f = (name: string) => t(`contest.external.fields.${name}` as "contest.external.fields.title");
  const text = (name: string, extra: { required?: boolean; type?: "text" | "url" | "date"; hint?: string } = {}) => (
    <TextField
      name={name}
      label={f(name)}
      value={v(name)}
      required={extra.required}
      type={extra.type ?? "text"}
      hint={extra.hint}
      maxLength={extra.type === "date" ? undefined : 500}
      error={data.fields[name]}
    />
  );
  return (
    <form
      method="post"
      action={data.editing ? `${base(state)}/${data.editing.id}` : base(state)}
      enctype="multipart/form-data"
      data-warn-unsaved
    >
      <CsrfField state={state} />
      {text("title", { required: true })}
      {text("title_en")}
      {text("organiser", { required: true })}
      {text("organiser_en")}
      {text("link", { required: true, type: "url", hint: t("contest.external.fields.linkHint") })}
      {text("start_on", { required: true, type: "date" })}
      {text("end_on", { required: true, type: "date" })}
      {text("prize")}
      {text("prize_en")}
      <div class="field">
        <label class="field-label" for="field-poster">{f("poster")}</label>
        <input
          class="input"
          type="file"
          id="field-poster"
          name="poster"
          accept=".jpg,.jpeg,.png"
          aria-describedby="field-poster-hint"
        />
        <p class="field-hint" id="field-poster-hint">{t("contest.external.fields.posterHint")}</p>
        {data.fields.poster && <p class="field-error">{data.fields.poster}</p>}
      </div>
      {data.editing?.posterId && <Checkbox name="remove_poster" value="1" label={f("removePoster")} />}
      <Checkbox name="published" label={f("published")} checked={v("published") === "on"} />
      <FormActions>
        <Button type="submit">{t("contest.external.save")}</Button>
      </FormActions>
    </form>
  );
}

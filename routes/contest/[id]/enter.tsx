// /contest/{id}/enter (SPEC §2.5 contest entry: 1 upload, 2 completion): members enter an ongoing contest
// with a multipart plain form (works without JavaScript); files already sent stay in the member's draft
// when a try is refused, and can be removed. With an entry already made the same form edits it, and the
// member may withdraw it, until entries close. A member who may not enter sees why (SPEC §8) with its
// status: 401 sign in, 403 restricted to another member type or own contest, 409 closed.
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { EntryFields, type KeptFile } from "../../../components/contest/EntryFields.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { type FieldErrors, WizardForm, WizardSteps } from "../../../components/wizard/mod.ts";
import { files as fileRows } from "../../../db/schema/file.ts";
import { inArray } from "drizzle-orm";
import { IdParam } from "../../../domain/award/queries.ts";
import {
  ENTRY_FILES,
  keepEntryDraft,
  openEntry,
  receiveEntryFiles,
  saveEntry,
  withdrawEntry,
} from "../../../domain/contest/entries.ts";
import { errorMessage } from "../../../domain/errors.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow, parseQuery } from "../../../domain/validation.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const Query = z.object({ done: z.enum(["1"]).optional() });

type EnterPage =
  | {
    kind: "form";
    id: number;
    title: string;
    editing: boolean;
    data: Record<string, unknown>;
    kept: KeptFile[];
    errors?: FieldErrors;
    forWeb: boolean;
  }
  | { kind: "done"; id: number; title: string }
  | { kind: "refusal"; id: number; status: number; message: string };

const NO_STORE = { "cache-control": "no-store" };

/** The kept files' names for the form (only the member's own). */
async function keptFiles(state: State, data: Record<string, unknown>): Promise<KeptFile[]> {
  const ids = Object.keys(ENTRY_FILES).flatMap((f) => [data[f] ?? []].flat()).map(Number).filter((n) => n > 0);
  if (!ids.length) return [];
  const rows = await state.db.select({ id: fileRows.id, name: fileRows.originalName, ownerId: fileRows.ownerId })
    .from(fileRows).where(inArray(fileRows.id, ids));
  return Object.keys(ENTRY_FILES).flatMap((field) =>
    [data[field] ?? []].flat().map(Number).flatMap((id) => {
      const row = rows.find((r) => r.id === id && r.ownerId === state.viewer.id);
      return row ? [{ field, id, name: row.name }] : [];
    })
  );
}

async function form(state: State, id: number, errors?: FieldErrors, status = 200) {
  const context = await openEntry(state.db, state.viewer, id, new Date());
  const title = state.locale === "en" && context.contest.titleEn || context.contest.title;
  return page<EnterPage>({
    kind: "form",
    id,
    title,
    editing: Boolean(context.entry),
    data: context.draft.data,
    kept: await keptFiles(state, context.draft.data),
    errors,
    forWeb: context.contest.field === "web",
  }, { status, headers: NO_STORE });
}

function refusal(state: State, id: number, err: unknown) {
  if (!(err instanceof HttpError) || err.status === 401 || err.status === 404 || err.status >= 500) throw err;
  return page<EnterPage>(
    { kind: "refusal", id, status: err.status, message: errorMessage(err.key, err.status, state.t) },
    { status: err.status, headers: NO_STORE },
  );
}

function prepare(state: State) {
  state.layout = "default";
  state.title = state.t("contest.wizard.entryTitle");
}

export const handler = define.handlers({
  async GET({ state, params, url }) {
    requireSignedIn(state.viewer);
    prepare(state);
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(Query, url);
    try {
      if (q.done) {
        const context = await openEntry(state.db, state.viewer, id, new Date());
        if (!context.entry) throw new HttpError(404, "contest.entry_not_found");
        return page<EnterPage>({ kind: "done", id, title: context.contest.title }, { headers: NO_STORE });
      }
      return await form(state, id);
    } catch (err) {
      return refusal(state, id, err);
    }
  },

  async POST({ req, state, params }) {
    requireSignedIn(state.viewer);
    prepare(state);
    const { id } = parseOrThrow(IdParam, params, 400);
    const now = new Date();
    try {
      const { body: raw, files } = await readBody(req);
      if (raw._action === "withdraw") {
        await withdrawEntry(state.db, state.viewer, id, now);
        const res = redirect(href(state, `/contest/${id}`));
        res.headers.append("set-cookie", flashCookie("contest.wizard.withdrawn", state.https));
        return res;
      }
      const context = await openEntry(state.db, state.viewer, id, now);
      let body: Record<string, unknown> = { ...raw };
      // "Remove" checkboxes take files off the fields they are in.
      const removed = new Set([raw.remove_ids ?? []].flat().map(Number));
      for (const field of Object.keys(ENTRY_FILES)) {
        const value = body[field];
        if (Array.isArray(value)) body[field] = value.filter((v) => !removed.has(Number(v)));
        else if (removed.has(Number(value))) body[field] = "";
      }
      try {
        body = await receiveEntryFiles(state.files, state.viewer, context.contest, body, files);
        await saveEntry(state.db, state.viewer, id, body, now);
      } catch (err) {
        if (!(err instanceof HttpError) || (err.status !== 422 && err.status !== 413)) throw err;
        await keepEntryDraft(state.db, state.viewer, id, body);
        const fields = (err.details?.fields ?? { _: [err.key] }) as FieldErrors;
        return await form(state, id, fields, err.status);
      }
      return redirect(href(state, `/contest/${id}/enter?done=1`));
    } catch (err) {
      return refusal(state, id, err);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const steps = [t("contest.wizard.entrySteps.1"), t("contest.wizard.entrySteps.2")];
  const crumbs = [
    { label: t("contest.title"), href: href(state, "/contest") },
    ...(data.kind === "refusal" ? [] : [{ label: data.title, href: href(state, `/contest/${data.id}`) }]),
    { label: t("contest.wizard.entryTitle") },
  ];
  const header = <PageHeader t={t} title={t("contest.wizard.entryTitle")} crumbs={crumbs} />;
  if (data.kind === "refusal") {
    return (
      <>
        {header}
        <Alert kind="error">{data.message}</Alert>
        <p>
          <a href={href(state, `/contest/${data.id}`)}>{t("contest.title")}</a>
        </p>
      </>
    );
  }
  if (data.kind === "done") {
    return (
      <>
        {header}
        <WizardSteps
          label={t("contest.wizard.steps")}
          steps={steps}
          current={2}
          currentText={t("contest.wizard.current")}
        />
        <Alert kind="success">{t("contest.wizard.doneEntry")}</Alert>
        <p>
          <Button href={href(state, `/contest/${data.id}/enter`)} variant="secondary">{t("contest.editEntry")}</Button>
        </p>
      </>
    );
  }
  const action = href(state, `/contest/${data.id}/enter`);
  return (
    <>
      {header}
      <WizardSteps
        label={t("contest.wizard.steps")}
        steps={steps}
        current={1}
        currentText={t("contest.wizard.current")}
      />
      <h2>{data.title}</h2>
      <WizardForm
        state={state}
        action={action}
        step={1}
        multipart
        errors={data.errors}
        backLabel={t("contest.wizard.back")}
        nextLabel={data.editing ? t("contest.wizard.save") : t("contest.wizard.submit")}
        id="contest-entry-form"
      >
        <EntryFields state={state} data={data.data} kept={data.kept} errors={data.errors} forWeb={data.forWeb} />
      </WizardForm>
      {data.editing && (
        <form method="post" action={action} class="withdraw-form">
          <CsrfField state={state} />
          <input type="hidden" name="_action" value="withdraw" />
          <Button type="submit" variant="secondary">{t("contest.wizard.withdraw")}</Button>
        </form>
      )}
    </>
  );
});

// /entry (SPEC §2.1, §2.5): the award entry wizard. `?award={id}` (or `?family=award|ibda` for the family's
// current award) starts a new entry, `&entry={id}` edits one, `&done={id}` shows the completion step.
// Each step is a plain form posting here (works without JavaScript; files go with step 2's multipart
// form); the EntryWizard island enhances the same forms. Members only (401 → sign in); a member who may
// not enter sees why (SPEC §8: submit expired, unable to submit, members only…).
import { z } from "zod";
import { page, redirect } from "../framework/define.ts";
import { HttpError } from "../framework/errors.ts";
import EntryWizard from "../islands/EntryWizard.tsx";
import { entryResult, wizardProps } from "../components/entry/props.ts";
import type { EntryWizardProps } from "../components/entry/types.ts";
import { MemberStyles } from "../components/management/Frame.tsx";
import { Alert } from "../components/ui/Alert.tsx";
import { Button } from "../components/ui/Button.tsx";
import { nestFields } from "../domain/award/form-fields.ts";
import { currentAward } from "../domain/award/public.ts";
import { memberEntry } from "../domain/award/entries.ts";
import { AWARD_FAMILIES } from "../domain/award/options.ts";
import type { EntryStep } from "../domain/award/entry-schema.ts";
import {
  draftData,
  finishWizard,
  keepDraft,
  openWizard,
  receiveStepFiles,
  saveStep,
  type WizardContext,
} from "../domain/award/wizard.ts";
import { errorMessage, formRefusal } from "../domain/errors.ts";
import { flashCookie } from "../domain/member/cookies.ts";
import { requireSignedIn } from "../domain/member/guard.ts";
import { readBody } from "../domain/request.ts";
import { parseQuery } from "../domain/validation.ts";
import { define, href, type State } from "../state.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const EntryQuery = z.object({
  award: id.optional(),
  family: z.enum(AWARD_FAMILIES).optional(),
  entry: id.optional(),
  done: id.optional(),
});

type EntryPage = { wizard: EntryWizardProps } | { refusal: { status: number; message: string } };

const NO_STORE = { "cache-control": "no-store" };

async function awardIdOf(state: State, query: z.infer<typeof EntryQuery>): Promise<number> {
  if (query.award) return query.award;
  const award = await currentAward(state.db, query.family ?? "award", new Date());
  if (!award) throw new HttpError(404, "award.not_found");
  return award.id;
}

/** A refusal to open the wizard is shown on the page itself, with SPEC §8's message. */
async function opened(state: State, url: URL): Promise<WizardContext | { status: number; message: string }> {
  const query = parseQuery(EntryQuery, url);
  try {
    return await openWizard(state.db, state.viewer, await awardIdOf(state, query), query.entry ?? null);
  } catch (err) {
    if (!(err instanceof HttpError) || err.status === 401 || err.status >= 500) throw err;
    return { status: err.status, message: errorMessage(err.key, err.status, state.t) };
  }
}

function familyOf(context: WizardContext): string {
  return context.award.family;
}

function wizardUrl(state: State, context: WizardContext, extra = ""): string {
  const entry = context.entry ? `&entry=${context.entry.id}` : "";
  return href(state, `/entry?award=${context.award.id}${entry}${extra}`);
}

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    state.title = state.t("entry.title");
    const context = await opened(state, url);
    if ("message" in context) {
      return page<EntryPage>({ refusal: context }, { status: context.status, headers: NO_STORE });
    }
    const done = parseQuery(EntryQuery, url).done;
    const result = done
      ? entryResult(state, await memberEntry(state.db, state.viewer, done), familyOf(context), Boolean(context.entry))
      : null;
    const wizard = await wizardProps(state, context, { result, step: result ? 4 : undefined });
    return page<EntryPage>({ wizard }, { headers: NO_STORE });
  },

  async POST({ req, state, url }) {
    requireSignedIn(state.viewer);
    state.title = state.t("entry.title");
    const context = await opened(state, url);
    if ("message" in context) {
      return page<EntryPage>({ refusal: context }, { status: context.status, headers: NO_STORE });
    }
    const { body: flat, files } = await readBody(req);
    const step = Math.min(3, Math.max(1, Number(flat._step) || 1)) as EntryStep;
    let body = nestFields(Object.entries(flat));
    // "Remove" checkboxes of the plain form take files off the fields they are in.
    const removed = new Set([flat.remove_ids ?? []].flat().map(Number));
    for (const field of ["thumbnail_id", "preview_id", "reference_id"]) {
      if (removed.has(Number(body[field]))) body[field] = "";
    }
    for (const field of ["detail_ids", "attachment_ids"]) {
      if (Array.isArray(body[field])) body[field] = (body[field] as unknown[]).filter((v) => !removed.has(Number(v)));
    }
    try {
      if (step === 2) body = await receiveStepFiles(state.files, state.viewer, body, files);
      if (flat._action === "back" || flat._action === "upload") {
        await keepDraft(state.db, state.viewer, context, flat._action === "back" ? step - 1 : step, body);
        return redirect(wizardUrl(state, context));
      }
      if (step < 3) {
        await saveStep(state.db, state.viewer, context, step, body);
        // Without JavaScript the toast of the island is this notice on the next step.
        const res = redirect(wizardUrl(state, context));
        res.headers.append("set-cookie", flashCookie("entry.draftSaved", state.https));
        return res;
      }
      const entry = await finishWizard(state.db, state.viewer, context, body);
      return redirect(wizardUrl(state, context, `&done=${entry.id}`));
    } catch (err) {
      const refusal = formRefusal(err, state.t);
      context.draft = { data: { ...context.draft.data, ...draftData(body) }, step };
      const wizard = await wizardProps(state, context, {
        errors: refusal.fields ?? {},
        formError: refusal.fields ? state.t("register.fixErrors") : refusal.message,
      });
      return page<EntryPage>({ wizard }, { status: refusal.status, headers: { ...refusal.headers, ...NO_STORE } });
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  if ("refusal" in data) {
    return (
      <section class="entry-page">
        <h1 class="page-title">{t("entry.title")}</h1>
        <Alert kind="error">{data.refusal.message}</Alert>
        <p>
          <Button href={href(state, "/award")} variant="secondary">{t("entry.backToAward")}</Button>
        </p>
      </section>
    );
  }
  const { wizard } = data;
  return (
    <section class="entry-page">
      <MemberStyles state={state} />
      <h1 class="page-title">{t(wizard.entryId ? "entry.editTitle" : "entry.title")}</h1>
      <p class="page-lead">{t("entry.lead", { award: wizard.awardTitle })}</p>
      <EntryWizard {...wizard} />
    </section>
  );
});

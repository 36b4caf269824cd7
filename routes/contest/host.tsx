// /contest/host (SPEC §2.5 contest hosting: select field, recruitment content, schedule, completion): the
// hosting wizard for signed-in company members (SPEC §6 login required for hosting). Each step is a plain
// form posting here (works without JavaScript) and kept in the server draft; `?step=n` reopens an earlier
// step. Step 4 shows what will be stored and stores the contest unpaid; `?done={id}` is the completion with
// the card payment of the prize money through the payment module (/pay/{provider}/popup?type=contest).
// A JSON post (the island's) answers the draft or the field errors instead of a redirect.
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import { page, redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { contests } from "../../db/schema/contest.ts";
import {
  ContentStepFields,
  FieldStepFields,
  HostSummary,
  ScheduleStepFields,
} from "../../components/contest/HostSteps.tsx";
import { MoneyText } from "../../components/contest/views.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { type FieldErrors, WizardForm, WizardSteps } from "../../components/wizard/mod.ts";
import { errorMessage } from "../../domain/errors.ts";
import { finishHosting, openHosting, saveHostStep, showStep, stepBack } from "../../domain/contest/hosting.ts";
import { money } from "../../domain/contest/public.ts";
import { prizeTotal } from "../../domain/contest/rules.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { readBody } from "../../domain/request.ts";
import { parseQuery } from "../../domain/validation.ts";
import { formatMoney, type MessageKey } from "../../i18n/mod.ts";
import { contest as contestTexts } from "../../i18n/ko/contest.ts";
import ContestHostWizard from "../../islands/ContestHostWizard.tsx";
import { define, href, type RouteConfig, type State } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const Query = z.object({
  step: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(4).optional()),
  done: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(2_147_483_647).optional()),
});

type HostPage =
  | { kind: "step"; step: number; data: Record<string, unknown>; errors?: FieldErrors; saved?: boolean }
  | { kind: "done"; id: number; title: string; approval: string; total: number; payUrl: string }
  | { kind: "refusal"; status: number; message: string };

const NO_STORE = { "cache-control": "no-store" };

function prepare(state: State) {
  state.layout = "default";
  state.title = state.t("contest.wizard.hostTitle");
}

/** A member who may not host sees why on the page (SPEC §8), with its status. */
function refusal(state: State, err: unknown) {
  if (!(err instanceof HttpError) || err.status === 401 || err.status >= 500) throw err;
  return page<HostPage>(
    { kind: "refusal", status: err.status, message: errorMessage(err.key, err.status, state.t) },
    { status: err.status, headers: NO_STORE },
  );
}

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    prepare(state);
    const q = parseQuery(Query, url);
    try {
      if (q.done) {
        await openHosting(state.db, state.viewer);
        const [row] = await state.db.select().from(contests)
          .where(and(eq(contests.id, q.done), eq(contests.hostId, state.viewer.id)));
        if (!row) throw new HttpError(404, "contest.not_found");
        return page<HostPage>({
          kind: "done",
          id: row.id,
          title: row.title,
          approval: row.approval,
          total: prizeTotal(row),
          payUrl: href(state, `/pay/${state.config.payProvider}/popup?type=contest&id=${row.id}`),
        }, { headers: NO_STORE });
      }
      const draft = q.step ? await showStep(state.db, state.viewer, q.step) : await openHosting(state.db, state.viewer);
      return page<HostPage>({ kind: "step", step: draft.step, data: draft.data }, { headers: NO_STORE });
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) throw err;
      return refusal(state, err);
    }
  },

  async POST({ req, state }) {
    requireSignedIn(state.viewer);
    prepare(state);
    const { body, isForm } = await readBody(req, 256 * 1024);
    const step = Math.min(4, Math.max(1, Number(body._step) || 1));
    const self = href(state, "/contest/host");
    try {
      if (body._action === "back") {
        const draft = await stepBack(state.db, state.viewer, step, body);
        return isForm ? redirect(self) : Response.json(draft);
      }
      if (step === 4) {
        const contest = await finishHosting(state.db, state.viewer);
        return isForm ? redirect(href(state, `/contest/host?done=${contest.id}`)) : Response.json({
          id: contest.id,
          pay: `/pay/${state.config.payProvider}/popup?type=contest&id=${contest.id}`,
        }, {
          status: 201,
        });
      }
      const draft = await saveHostStep(state.db, state.viewer, step as 1 | 2 | 3, body);
      return isForm ? redirect(self) : Response.json(draft);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 422 || !isForm) {
        if (err instanceof HttpError && err.status !== 401 && err.status < 500 && isForm) return refusal(state, err);
        throw err;
      }
      const fields = (err.details?.fields ?? {}) as FieldErrors;
      const failed = Number(err.details?.step ?? step);
      const { _token: _t, _step: _s, _action: _a, ...typed } = body;
      // The step in error shows again with what was typed (step 4's check names the step that failed).
      const data = failed === step ? typed : (await openHosting(state.db, state.viewer)).data;
      return page<HostPage>({ kind: "step", step: failed, data, errors: fields }, { status: 422, headers: NO_STORE });
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const steps = [1, 2, 3, 4].map((n) => t(`contest.wizard.hostSteps.${n}` as "contest.wizard.hostSteps.1"));
  const header = (
    <PageHeader
      t={t}
      title={t("contest.wizard.hostTitle")}
      crumbs={[{ label: t("contest.title"), href: href(state, "/contest") }, { label: t("contest.wizard.hostTitle") }]}
    />
  );
  if (data.kind === "refusal") {
    return (
      <>
        {header}
        <Alert kind="error">{data.message}</Alert>
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
          current={4}
          currentText={t("contest.wizard.current")}
        />
        <Alert kind="success">{t("contest.wizard.doneHost")}</Alert>
        <p>
          {data.title} · {t("contest.labels.prizeTotal")}{" "}
          <MoneyText state={state} money={money(data.total, state.config.usdKrwRate)} /> ·{" "}
          {t(`contest.approval.${data.approval}` as "contest.approval.unpaid")}
        </p>
        {data.approval === "unpaid" && (
          <p>
            <Button href={data.payUrl}>
              {t("contest.wizard.pay", { amount: formatMoney(data.total, state.locale) })}
            </Button>
          </p>
        )}
        <p class="field-hint">{t("contest.wizard.payLater")}</p>
      </>
    );
  }
  const { step, errors } = data;
  return (
    <>
      {header}
      <div id="contest-host-wizard">
        <WizardSteps
          label={t("contest.wizard.steps")}
          steps={steps}
          current={step}
          currentText={t("contest.wizard.current")}
        />
        <h2>{steps[step - 1]}</h2>
        <WizardForm
          state={state}
          action={href(state, "/contest/host")}
          step={step}
          errors={errors}
          back={step > 1}
          backLabel={t("contest.wizard.back")}
          nextLabel={step === 4 ? t("contest.wizard.create") : t("contest.wizard.next")}
          id="contest-host-form"
        >
          {step === 1 && <FieldStepFields state={state} data={data.data} errors={errors} />}
          {step === 2 && <ContentStepFields state={state} data={data.data} errors={errors} />}
          {step === 3 && <ScheduleStepFields state={state} data={data.data} errors={errors} />}
          {step === 4 && (
            <>
              <p>{t("contest.wizard.confirm")}</p>
              <HostSummary state={state} data={data.data} />
            </>
          )}
        </WizardForm>
      </div>
      <ContestHostWizard
        regionId="contest-host-wizard"
        messages={islandMessages(t)}
        saved={t("contest.wizard.saved")}
        working={t("common.working")}
      />
    </>
  );
});

/** The texts the island shows for the schema's refusals (the same the server answers). */
function islandMessages(t: State["t"]): Record<string, string> {
  const keys = Object.entries(contestTexts).filter(([, v]) => typeof v === "string").map(([k]) => `contest.${k}`);
  return Object.fromEntries([...keys, "error.validation"].map((k) => [k, t(k as MessageKey)]));
}

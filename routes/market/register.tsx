// /market/register (SPEC §2.5 market registration: goods type, product info, completion; §6 login required):
// the registration wizard for members. Each step is a plain form posting here (multipart for the details, so
// the pictures and the IP file go through the files pipeline without JavaScript) and kept in the server draft;
// `?step=n` reopens an earlier step, `?product={id}` edits the seller's product while it waits for approval,
// `?done={id}` is the completion. The MarketWizard island checks each step in the browser with the same
// schema and swaps the next step in place.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { page, redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import {
  DetailsStepFields,
  type KeptFile,
  ProductSummaryList,
  TypeStepFields,
} from "../../components/market/RegisterSteps.tsx";
import { MarketStyles, SellBadge } from "../../components/market/views.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { type FieldErrors, WizardForm, WizardSteps } from "../../components/wizard/mod.ts";
import { files as fileRows } from "../../db/schema/file.ts";
import { marketProducts } from "../../db/schema/market.ts";
import { errorMessage } from "../../domain/errors.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import type { ProductStatus } from "../../domain/market/options.ts";
import {
  finishRegistration,
  keepMarketDraft,
  marketStepBack,
  openRegistration,
  receiveProductFiles,
  saveMarketStep,
  showMarketStep,
} from "../../domain/market/register.ts";
import { PRODUCT_FILES } from "../../domain/market/schema.ts";
import { readBody } from "../../domain/request.ts";
import { parseQuery } from "../../domain/validation.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { market as marketTexts } from "../../i18n/ko/market.ts";
import { flatten } from "../../i18n/mod.ts";
import MarketWizard from "../../islands/MarketWizard.tsx";
import { define, href, type RouteConfig, type State } from "../../state.ts";
import { eq } from "drizzle-orm";
import { canSellProduct } from "../../domain/member/permissions.ts";

/** The product's file fields and their upload purposes (the error summary names their rules' figures). */
const UPLOADS = Object.fromEntries(Object.entries(PRODUCT_FILES).map(([field, spec]) => [field, spec.purpose]));

export const config: RouteConfig = { access: "signed-in" };

const id = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce.number().int().min(1).max(2_147_483_647).optional(),
);
const Query = z.object({
  step: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(3).optional()),
  product: id,
  done: id,
});

type RegisterPage =
  | {
    kind: "step";
    step: number;
    ref: number;
    data: Record<string, unknown>;
    kept: KeptFile[];
    errors?: FieldErrors;
  }
  | { kind: "done"; id: number; type: string; title: string; status: ProductStatus; edited: boolean }
  | { kind: "refusal"; status: number; message: string };

const NO_STORE = { "cache-control": "no-store" };

function prepare(state: State) {
  state.layout = "default";
  state.title = state.t("market.wizard.title");
}

/** The kept files' names for the form (the member's own, or the product's when editing). */
async function keptFiles(state: State, data: Record<string, unknown>): Promise<KeptFile[]> {
  const ids = Object.keys(PRODUCT_FILES).flatMap((f) => [data[f] ?? []].flat()).map(Number).filter((n) => n > 0);
  if (!ids.length) return [];
  const rows = await state.db.select({ id: fileRows.id, name: fileRows.originalName }).from(fileRows)
    .where(inArray(fileRows.id, ids));
  return Object.keys(PRODUCT_FILES).flatMap((field) =>
    [data[field] ?? []].flat().map(Number).flatMap((fileId) => {
      const row = rows.find((r) => r.id === fileId);
      return row ? [{ field, id: fileId, name: row.name }] : [];
    })
  );
}

async function stepPage(
  state: State,
  ref: number,
  draft: { step: number; data: Record<string, unknown> },
  errors?: FieldErrors,
  status = 200,
) {
  return page<RegisterPage>(
    { kind: "step", step: draft.step, ref, data: draft.data, kept: await keptFiles(state, draft.data), errors },
    { status, headers: NO_STORE },
  );
}

/** A member who may not register (or edit) sees why on the page (SPEC §8), with its status. */
function refusal(state: State, err: unknown) {
  if (!(err instanceof HttpError) || err.status === 401 || err.status >= 500) throw err;
  return page<RegisterPage>(
    { kind: "refusal", status: err.status, message: errorMessage(err.key, err.status, state.t) },
    { status: err.status, headers: NO_STORE },
  );
}

/** "Remove" checkboxes take kept files off their fields (an emptied single field becomes ""). */
function withoutRemoved(raw: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...raw };
  const removed = new Set([raw.remove_ids ?? []].flat().map(Number));
  for (const [field, spec] of Object.entries(PRODUCT_FILES)) {
    const value = body[field];
    if (spec.many) body[field] = [value ?? []].flat().filter((v) => v !== "" && !removed.has(Number(v)));
    else if (removed.has(Number(value))) body[field] = "";
  }
  delete body.remove_ids;
  return body;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    prepare(state);
    const q = parseQuery(Query, url);
    const ref = q.product ?? 0;
    try {
      if (q.done) {
        const [row] = await state.db.select().from(marketProducts).where(eq(marketProducts.id, q.done));
        if (!row || !canSellProduct(state.viewer, row)) throw new HttpError(404, "market.not_found");
        return page<RegisterPage>({
          kind: "done",
          id: row.id,
          type: row.type,
          title: state.locale === "en" && row.titleEn ? row.titleEn : row.title,
          status: row.status,
          edited: q.product !== undefined,
        }, { headers: NO_STORE });
      }
      const draft = q.step
        ? await showMarketStep(state.db, state.viewer, ref, q.step)
        : await openRegistration(state.db, state.viewer, ref);
      return await stepPage(state, ref, draft);
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) throw err;
      return refusal(state, err);
    }
  },

  async POST({ req, state, url }) {
    requireSignedIn(state.viewer);
    prepare(state);
    const q = parseQuery(Query, url);
    const ref = q.product ?? 0;
    const self = href(state, `/market/register${ref ? `?product=${ref}` : ""}`);
    const { body: raw, files, isForm } = await readBody(req);
    const step = Math.min(3, Math.max(1, Number(raw._step) || 1));
    let body = withoutRemoved(raw);
    try {
      if (raw._action === "back") {
        const draft = await marketStepBack(state.db, state.viewer, ref, step, body);
        return isForm ? redirect(self) : Response.json(draft);
      }
      if (step === 3) {
        const product = await finishRegistration(state.db, state.viewer, ref);
        const done = `/market/register?done=${product.id}${ref ? `&product=${ref}` : ""}`;
        return isForm ? redirect(href(state, done)) : Response.json({ id: product.id }, { status: 201 });
      }
      await openRegistration(state.db, state.viewer, ref);
      if (step === 2) body = await receiveProductFiles(state.files, state.viewer, body, files);
      const draft = await saveMarketStep(state.db, state.viewer, ref, step as 1 | 2, body);
      return isForm ? redirect(self) : Response.json(draft);
    } catch (err) {
      if (!(err instanceof HttpError) || (err.status !== 422 && err.status !== 413) || !isForm) {
        if (err instanceof HttpError && err.status !== 401 && err.status < 500 && isForm) return refusal(state, err);
        throw err;
      }
      const fields = (err.details?.fields ?? { _: [err.key] }) as FieldErrors;
      const failed = Number(err.details?.step ?? step);
      const { _token: _t, _step: _s, _action: _a, ...typed } = body;
      // What was sent (files already stored included) is kept, so a refused try loses nothing.
      if (failed === step && step < 3) await keepMarketDraft(state.db, state.viewer, ref, typed, step);
      const draft = await openRegistration(state.db, state.viewer, ref);
      const data = failed === step ? { ...draft.data, ...typed } : draft.data;
      return await stepPage(state, ref, { step: failed, data }, fields, err.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const steps = [1, 2, 3].map((n) => t(`market.wizard.steps.${n}` as "market.wizard.steps.1"));
  const editing = data.kind === "step" ? data.ref > 0 : data.kind === "done" && data.edited;
  const title = editing ? t("market.wizard.editTitle") : t("market.wizard.title");
  const header = (
    <PageHeader
      t={t}
      title={title}
      crumbs={[{ label: t("market.title"), href: href(state, "/market/design") }, { label: title }]}
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
        <MarketStyles state={state} />
        {header}
        <WizardSteps
          label={t("market.wizard.stepsLabel")}
          steps={steps}
          current={3}
          currentText={t("market.wizard.current")}
        />
        <h2>{steps[2]}</h2>
        <Alert kind="success">{data.edited ? t("market.wizard.doneEdit") : t("market.wizard.done")}</Alert>
        <p>
          <a href={href(state, `/market/${data.type}/${data.id}`)}>{data.title}</a> ·{" "}
          <SellBadge state={state} status={data.status} />
        </p>
        <p class="actions">
          <Button href={href(state, "/mypage/market")}>{t("market.wizard.myMarket")}</Button>{" "}
          <Button href={href(state, "/market/register")} variant="secondary">{t("market.wizard.again")}</Button>
        </p>
      </>
    );
  }
  const { step, errors, ref } = data;
  const action = href(state, `/market/register${ref ? `?product=${ref}` : ""}`);
  return (
    <>
      <MarketStyles state={state} />
      {header}
      <div id="market-register-wizard">
        <WizardSteps
          label={t("market.wizard.stepsLabel")}
          steps={steps}
          current={step}
          currentText={t("market.wizard.current")}
        />
        <h2>{steps[step - 1]}</h2>
        <WizardForm
          state={state}
          action={action}
          step={step}
          multipart={step === 2}
          errors={errors}
          uploads={UPLOADS}
          back={step > 1}
          backLabel={t("market.wizard.back")}
          nextLabel={step === 3
            ? (ref ? t("market.wizard.save") : t("market.wizard.register"))
            : t("market.wizard.next")}
          id="market-register-form"
        >
          {step === 1 && <TypeStepFields state={state} data={data.data} errors={errors} />}
          {step === 2 && <DetailsStepFields state={state} data={data.data} errors={errors} kept={data.kept} />}
          {step === 3 && (
            <>
              <p>{t("market.wizard.confirm")}</p>
              <ProductSummaryList state={state} data={data.data} kept={data.kept} />
            </>
          )}
        </WizardForm>
      </div>
      <MarketWizard
        regionId="market-register-wizard"
        messages={islandMessages(t)}
        saved={t("market.wizard.saved")}
        working={t("common.working")}
      />
    </>
  );
});

/** The texts the island shows for the schema's refusals (the same the server answers). */
function islandMessages(t: State["t"]): Record<string, string> {
  const keys = Object.keys(flatten(marketTexts, "market")).filter((k) => k.split(".").length === 2);
  return Object.fromEntries([...keys, "error.validation"].map((k) => [k, t(k as MessageKey)]));
}

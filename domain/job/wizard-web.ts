// The three wizards' GET and POST over plain forms (components/wizard), shared by their routes: GET shows the
// draft's step (`?step=n` reopens an earlier one, `?done={id}` the completion); POST keeps a step in the
// server draft and redirects back (303), or, from the island (Accept: application/json), answers the draft
// or the field errors as JSON. Files of a multipart post go through the upload pipeline first; a refused
// file (wrong type 422, too large 413) is shown beside its field on the step. A member who
// may not use the wizard sees why on the page (SPEC §8), with its status.
import { z } from "zod";
import { page, type PageResult, redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import type { FieldErrors } from "../../components/wizard/mod.ts";
import { errorMessage } from "../errors.ts";
import { jsonRefusal } from "./web.ts";
import { requireSignedIn } from "../member/guard.ts";
import { readBody } from "../request.ts";
import { parseQuery } from "../validation.ts";
import { href, type State } from "../../state.ts";
import {
  finishWizard,
  openWizard,
  receiveUploads,
  saveWizardStep,
  showWizardStep,
  wizardBack,
  type WizardSpec,
} from "./wizards.ts";
import type { Draft } from "../common/drafts.ts";

export type WizardPage =
  | { kind: "step"; step: number; data: Record<string, unknown>; errors?: FieldErrors }
  | { kind: "done"; id: number; view: string | null }
  | { kind: "refusal"; status: number; message: string };

const NO_STORE = { "cache-control": "no-store" };
const id = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce.number().int().min(1).max(2_147_483_647).optional(),
);
const Query = z.object({ step: id, done: id });

function refusal(state: State, err: unknown): PageResult<WizardPage> {
  if (!(err instanceof HttpError) || err.status === 401 || err.status >= 500) throw err;
  return page<WizardPage>(
    { kind: "refusal", status: err.status, message: errorMessage(err.key, err.status, state.t) },
    { status: err.status, headers: NO_STORE },
  );
}

export interface WizardRoute {
  spec: WizardSpec;
  /** The wizard's path without the locale prefix ("/job/recruit/register"). */
  path: string;
  /** How the draft opens when there is none (the seeker wizard shows the stored resume). */
  open?: (state: State) => Promise<Draft>;
  /** The stored record's page for the completion (null when it is not the member's). */
  view: (state: State, id: number) => Promise<string | null>;
}

export function wizardHandlers(route: WizardRoute) {
  const { spec, path } = route;
  return {
    async GET({ state, url }: { state: State; url: URL }) {
      requireSignedIn(state.viewer);
      state.layout = "default";
      const q = parseQuery(Query, url);
      try {
        if (q.done) {
          spec.assert(state.viewer);
          const view = await route.view(state, q.done);
          if (!view) throw new HttpError(404, "error.404");
          return page<WizardPage>({ kind: "done", id: q.done, view: href(state, view) }, { headers: NO_STORE });
        }
        const draft = q.step
          ? await showWizardStep(state.db, spec, state.viewer, q.step)
          : await (route.open?.(state) ?? openWizard(state.db, spec, state.viewer));
        return page<WizardPage>({ kind: "step", step: Math.min(draft.step, spec.count), data: draft.data }, {
          headers: NO_STORE,
        });
      } catch (err) {
        return refusal(state, err);
      }
    },

    async POST({ req, state }: { req: Request; state: State }) {
      requireSignedIn(state.viewer);
      state.layout = "default";
      const received = await readBody(req, 40 * 1024 * 1024);
      const { isForm } = received;
      let body = received.body;
      const step = Math.min(spec.count, Math.max(1, Number(body._step) || 1));
      const self = href(state, path);
      try {
        spec.assert(state.viewer);
        if (Object.keys(received.files).length) {
          body = await receiveUploads(state.files, spec, state.viewer, body, received.files);
        }
        if (body._action === "back") {
          const draft = await wizardBack(state.db, spec, state.viewer, step, body);
          return isForm ? redirect(self) : Response.json(draft);
        }
        // The last step stores: the completion of a confirming wizard, or the seeker's second input step.
        if (step === spec.count) {
          if (spec.steps[step]) await saveWizardStep(state.db, spec, state.viewer, step, body);
          const stored = await finishWizard(state.db, spec, state.viewer, body);
          return isForm
            ? redirect(href(state, `${path}?done=${stored}`))
            : Response.json({ id: stored }, { status: 201 });
        }
        const draft = await saveWizardStep(state.db, spec, state.viewer, step, body);
        return isForm ? redirect(self) : Response.json(draft);
      } catch (err) {
        if (!isForm) return jsonRefusal(state, err);
        // A file over its size (413) is a field's refusal like any other (422): shown beside the field on
        // the step, with what was typed, not on a page of its own that loses the form.
        const fieldRefusal = err instanceof HttpError &&
          (err.status === 422 || (err.status === 413 && Boolean(err.details?.fields)));
        if (!fieldRefusal) {
          if (err instanceof HttpError && err.status !== 401 && err.status < 500) return refusal(state, err);
          throw err;
        }
        const fields = (err.details?.fields ?? {}) as FieldErrors;
        const failed = Number(err.details?.step ?? step);
        const { _token: _t, _step: _s, _action: _a, ...typed } = body;
        const data = failed === step ? typed : (await openWizard(state.db, spec, state.viewer)).data;
        return page<WizardPage>({ kind: "step", step: failed, data, errors: fields }, {
          status: err.status,
          headers: NO_STORE,
        });
      }
    },
  };
}

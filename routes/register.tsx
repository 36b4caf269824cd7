// /register (SPEC §2.4, §2.5): the 3-step member registration, member type → terms and info → completion.
// Without JavaScript every step is a form posting here with a hidden `step` and the data so far, and the
// last one creates the account; the RegisterWizard island enhances the same forms (and posts to the API).
// A signed-in visitor goes home.
import { page } from "../framework/define.ts";
import { HttpError } from "../framework/errors.ts";
import { errorMessage, formRefusal } from "../domain/errors.ts";
import { isSignedIn } from "../domain/member/permissions.ts";
import { readRegistrationBody, registerMember } from "../domain/member/register.ts";
import { isMemberType, redisplayValues } from "../domain/member/register-schema.ts";
import { flatten, type MessageKey } from "../i18n/mod.ts";
import { ko } from "../i18n/ko.ts";
import RegisterWizard, { type RegisterWizardProps } from "../islands/RegisterWizard.tsx";
import { define, href, type State } from "../state.ts";

type WizardState = Pick<
  RegisterWizardProps,
  "step" | "type" | "values" | "errors" | "formError" | "filesAgain" | "result"
>;

/** The texts the island needs, with the site's overrides applied. */
const ISLAND_KEYS = Object.keys(flatten(ko)).filter((k) =>
  k.startsWith("register.") || k.startsWith("password.") || k.startsWith("judge.") || k === "common.requiredNote" ||
  k.startsWith("programme.form.addr.") ||
  k === "common.working" || k === "error.500.text"
) as MessageKey[];

function prepare(state: State) {
  state.layout = "anonymous";
  state.title = state.t("register.title");
}

function show(state: State, wizard: WizardState, init: { status?: number; headers?: HeadersInit } = {}) {
  prepare(state);
  const props: RegisterWizardProps = {
    ...wizard,
    csrfToken: state.csrfToken,
    messages: Object.fromEntries(ISLAND_KEYS.map((k) => [k, state.t(k)])),
    paths: {
      action: href(state, "/register"),
      register: href(state, "/api/register"),
      unique: href(state, "/api/validation/unique"),
      terms: href(state, "/terms"),
      privacy: href(state, "/privacy"),
      login: href(state, "/login"),
      home: href(state, "/"),
    },
  };
  return page<RegisterWizardProps>(props, init);
}

const home = (state: State, url: URL) => Response.redirect(new URL(href(state, "/"), url), 303);

export const handler = define.handlers({
  GET({ state, url }) {
    if (isSignedIn(state.viewer)) return home(state, url);
    const type = url.searchParams.get("type");
    return show(state, { step: 1, type: isMemberType(type) ? type : "", values: {}, errors: {} });
  },

  async POST({ req, state, url }) {
    if (isSignedIn(state.viewer)) return home(state, url);
    let request;
    try {
      request = await readRegistrationBody(req);
    } catch (err) {
      const refusal = formRefusal(err, state.t);
      const formError = refusal.message;
      return show(state, { step: 1, type: "", values: {}, errors: {}, formError }, { status: refusal.status });
    }
    const { body, files } = request;
    const type = isMemberType(body.type) ? body.type : "";
    const values = redisplayValues(body);
    if (!type) {
      return show(state, { step: 1, type, values, errors: { type: ["register.type_required"] } }, { status: 422 });
    }
    // step 1 → step 2; "back" from step 2 → step 1 carrying what was typed
    if (body.step !== "2") return show(state, { step: 2, type, values, errors: {} });
    if (body.nav === "back") return show(state, { step: 1, type, values, errors: {} });

    try {
      const registered = await registerMember(state.db, state.config, request, {
        clientIp: state.clientIp,
        locale: state.locale,
      });
      const name = typeof body.name === "string" ? body.name.trim() : "";
      return show(state, {
        step: 3,
        type,
        values: {},
        errors: {},
        result: { username: registered.username, name, type, status: registered.status },
      });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status === 500) throw err;
      const fields = (err.details?.fields ?? {}) as Record<string, string[]>;
      const formError = err.status === 422 ? state.t("register.fixErrors") : errorMessage(err.key, err.status, state.t);
      const filesAgain = Object.keys(files).length > 0;
      return show(state, { step: 2, type, values, errors: fields, formError, filesAgain }, {
        status: err.status,
        headers: err.headers,
      });
    }
  },
});

export default define.page<typeof handler>(({ data }) => <RegisterWizard {...data} />);

// /login (SPEC §2.1, §2.4): the sign-in form. A signed-in visitor goes home; after sign-in the visitor
// goes to the `redirect` query when it is safe. Works without JavaScript: the form posts here.
import { z } from "zod";
import { page, redirect } from "../framework/define.ts";
import { Alert } from "../components/ui/Alert.tsx";
import { Checkbox, FormActions, TextField } from "../components/ui/FormField.tsx";
import { formRefusal } from "../domain/errors.ts";
import { isSignedIn } from "../domain/member/permissions.ts";
import { login, LoginInput } from "../domain/member/login.ts";
import { REMEMBER_COOKIE, signInCookies } from "../domain/member/cookies.ts";
import { readCookie } from "../domain/member/csrf.ts";
import { safeRedirect } from "../domain/member/guard.ts";
import { readBody } from "../domain/request.ts";
import { fieldErrors } from "../domain/validation.ts";
import { define, href, type State } from "../state.ts";

interface LoginPage {
  username: string;
  remember: boolean;
  redirect: string;
  error?: string;
  fields?: Record<string, string[]>;
}

const Form = LoginInput.extend({ redirect: z.string().max(2048).optional() });

function prepare(state: State) {
  state.layout = "anonymous";
  state.title = state.t("auth.loginTitle");
}

export const handler = define.handlers({
  GET({ req, state, url }) {
    if (isSignedIn(state.viewer)) return redirect(href(state, "/"));
    prepare(state);
    const remembered = readCookie(req, REMEMBER_COOKIE) ?? "";
    return page<LoginPage>({
      username: remembered,
      remember: remembered !== "",
      redirect: safeRedirect(url.searchParams.get("redirect")),
    });
  },
  async POST({ req, state }) {
    const { body } = await readBody(req);
    const parsed = Form.safeParse(body);
    const target = safeRedirect(typeof body.redirect === "string" ? body.redirect : "/");
    const again = (status: number, data: Partial<LoginPage>, headers?: HeadersInit) => {
      prepare(state);
      const username = typeof body.username === "string" ? body.username.slice(0, 64) : "";
      return page<LoginPage>({ username, remember: !!body.remember, redirect: target, ...data }, { status, headers });
    };
    if (!parsed.success) return again(422, { fields: fieldErrors(parsed.error) });
    try {
      const origin = { kind: "browser", label: req.headers.get("user-agent") } as const;
      const client = { ip: state.clientIp, config: state.config };
      const result = await login(state.db, state.sessionSecret, parsed.data, client, origin);
      const res = redirect(href(state, target));
      for (const c of signInCookies(result, parsed.data.remember, state.https)) res.headers.append("set-cookie", c);
      return res;
    } catch (err) {
      const refusal = formRefusal(err, state.t);
      return again(refusal.status, { error: refusal.message }, refusal.headers);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const fieldError = (name: string) => data.fields?.[name]?.map((k) => t(k as never)).join(" ");
  return (
    <>
      <p class="auth-lead">{t("auth.loginLead")}</p>
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="post" action={href(state, "/login")} class="form auth-form" novalidate>
        <input type="hidden" name="_token" value={state.csrfToken} />
        <input type="hidden" name="redirect" value={data.redirect} />
        <TextField
          name="username"
          label={t("auth.username")}
          value={data.username}
          autocomplete="username"
          required
          error={fieldError("username")}
        />
        <TextField
          name="password"
          type="password"
          label={t("auth.password")}
          autocomplete="current-password"
          required
          error={fieldError("password")}
        />
        <Checkbox name="remember" label={t("auth.remember")} checked={data.remember} />
        <FormActions>
          <button type="submit" class="button button-primary button-block">{t("auth.login")}</button>
        </FormActions>
      </form>
      <p class="auth-links">
        <a href={href(state, "/register")}>{t("auth.register")}</a>
        <a href={href(state, "/find")}>{t("auth.findId")}</a>
        <a href={href(state, "/password/forgot")}>{t("auth.forgotPassword")}</a>
      </p>
    </>
  );
});

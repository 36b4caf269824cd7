// One route shape for the two screens that mail something to a member who cannot sign in: /find (the user
// ID, by name and e-mail) and /password/forgot (a reset link, by e-mail). Both answer the same whether or
// not anyone matched (ASVS 6.3.8) and work without JavaScript: the form posts to its own path and a sent
// request is a redirect to ?sent=1, so a reload does not send again.
import type { z } from "zod";
import { page } from "../../framework/define.ts";
import { MemberStyles } from "../management/Frame.tsx";
import { Alert } from "../ui/Alert.tsx";
import { FormActions, TextField } from "../ui/FormField.tsx";
import { formRefusal } from "../../domain/errors.ts";
import { readBody } from "../../domain/request.ts";
import { fieldErrors } from "../../domain/validation.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";

/** The fields these screens ask, with the length each keeps when sent back. */
const FIELDS = {
  name: { type: "text", label: "account.fields.name", autocomplete: "name", maxLength: 100 },
  email: { type: "email", label: "account.fields.email", autocomplete: "email", maxLength: 254 },
} as const;
type FieldName = keyof typeof FIELDS;

export interface MailRequestRoute<S extends z.ZodType> {
  /** The screen's path without the locale, e.g. "/find". */
  path: string;
  fields: FieldName[];
  schema: S;
  send: (state: State, input: z.infer<S>) => Promise<unknown>;
  texts: { title: MessageKey; lead: MessageKey; sent: MessageKey; submit: MessageKey };
  /** The other way back in, beside the sign-in link. */
  other: { path: string; label: MessageKey };
}

interface MailRequestPage {
  values: Partial<Record<FieldName, string>>;
  sent: boolean;
  error?: string;
  fields?: Record<string, string[]>;
}

export function mailRequestRoute<S extends z.ZodType>(route: MailRequestRoute<S>) {
  const prepare = (state: State) => {
    state.layout = "anonymous";
    state.title = state.t(route.texts.title);
  };
  const handler = define.handlers({
    GET({ state, url }) {
      prepare(state);
      return page<MailRequestPage>({ values: {}, sent: url.searchParams.get("sent") === "1" });
    },
    async POST({ req, state }) {
      const { body } = await readBody(req);
      const values = Object.fromEntries(
        route.fields.map((name) => {
          const sent = body[name];
          return [name, typeof sent === "string" ? sent.slice(0, FIELDS[name].maxLength) : ""];
        }),
      );
      const again = (status: number, data: Partial<MailRequestPage>, headers?: HeadersInit) => {
        prepare(state);
        return page<MailRequestPage>({ values, sent: false, ...data }, { status, headers });
      };
      const parsed = route.schema.safeParse(body);
      if (!parsed.success) return again(422, { fields: fieldErrors(parsed.error) });
      try {
        await route.send(state, parsed.data);
      } catch (err) {
        const refusal = formRefusal(err, state.t);
        return again(refusal.status, { error: refusal.message }, refusal.headers);
      }
      return new Response(null, { status: 303, headers: { location: href(state, `${route.path}?sent=1`) } });
    },
  });

  const Page = define.page<typeof handler>(({ data, state }) => {
    const { t } = state;
    const fieldError = (name: string) => data.fields?.[name]?.map((k) => t(k as MessageKey)).join(" ");
    return (
      <>
        <MemberStyles state={state} />
        {data.sent
          ? <Alert kind="success">{t(route.texts.sent)}</Alert>
          : <p class="auth-lead">{t(route.texts.lead)}</p>}
        {data.error && <Alert kind="error">{data.error}</Alert>}
        <form method="post" action={href(state, route.path)} class="form auth-form" novalidate>
          <input type="hidden" name="_token" value={state.csrfToken} />
          {route.fields.map((name) => (
            <TextField
              key={name}
              name={name}
              type={FIELDS[name].type}
              label={t(FIELDS[name].label)}
              value={data.values[name] ?? ""}
              autocomplete={FIELDS[name].autocomplete}
              maxLength={FIELDS[name].maxLength}
              required
              error={fieldError(name)}
            />
          ))}
          <FormActions>
            <button type="submit" class="button button-primary button-block">{t(route.texts.submit)}</button>
          </FormActions>
        </form>
        <p class="auth-links actions actions-center">
          <a href={href(state, "/login")}>{t("auth.login")}</a>
          <a href={href(state, route.other.path)}>{t(route.other.label)}</a>
        </p>
      </>
    );
  });

  return { handler, Page };
}

// /logout: a POST (the header's sign-out button, CSRF-checked) ends the session and returns home. A GET
// from our own pages or the address bar does too; a GET started by another site only shows a sign-out
// button, so a foreign link cannot sign the member out (issue 20 §5).
import { page, redirect } from "../framework/define.ts";
import { Button } from "../components/ui/Button.tsx";
import { CsrfField } from "../components/ui/CsrfField.tsx";
import { FormActions } from "../components/ui/FormField.tsx";
import { isCrossSiteRequest, signOut } from "../domain/member/logout.ts";
import { isSignedIn } from "../domain/member/permissions.ts";
import { define, href } from "../state.ts";

export const handler = define.handlers({
  GET({ req, state }) {
    if (!isSignedIn(state.viewer)) return redirect(href(state, "/"));
    if (!isCrossSiteRequest(req)) return signOut(state, redirect(href(state, "/")));
    state.layout = "authenticated";
    state.title = state.t("auth.logoutConfirm.title");
    return page(null, { headers: { "cache-control": "no-store" } });
  },
  POST({ state }) {
    return signOut(state, new Response(null, { status: 303, headers: { location: href(state, "/") } }));
  },
});

export default define.page<typeof handler>(({ state }) => (
  <form method="post" action={href(state, "/logout")} class="form logout-form">
    <CsrfField state={state} />
    <p>{state.t("auth.logoutConfirm.text")}</p>
    <FormActions>
      <Button type="submit">{state.t("auth.logout")}</Button>
      <Button href={href(state, "/")} variant="secondary">{state.t("auth.logoutConfirm.stay")}</Button>
    </FormActions>
  </form>
));

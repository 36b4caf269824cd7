// The CSRF token a server-rendered form sends back as `_token` (DESIGN §3; routes/_middleware.ts checks it).
import type { State } from "../../state.ts";

export function CsrfField({ state }: { state: Pick<State, "csrfToken"> }) {
  return <input type="hidden" name="_token" value={state.csrfToken} />;
}

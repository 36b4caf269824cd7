// /management/akfw (SPEC §2.2): the galleries and the events schedule, one screen per kind.
import { redirect } from "../../../framework/define.ts";
import { define, href } from "../../../state.ts";

export const handler = define.handlers({
  GET({ state }) {
    return redirect(href(state, "/management/akfw/designer"), 302);
  },
});

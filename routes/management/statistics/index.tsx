// /management/statistics: the award statistics are the first of the statistics screens.
import { redirect } from "../../../framework/define.ts";
import { define, href } from "../../../state.ts";

export const handler = define.handlers({
  GET({ state }) {
    return redirect(href(state, "/management/statistics/award"));
  },
});

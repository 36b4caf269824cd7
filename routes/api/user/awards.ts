// GET /api/user/awards (SPEC §7 user dashboards): the member's design-award entries, 8 to a page.
import { myEntriesAnswer } from "../../../domain/award/my-entries.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  GET({ state, url }) {
    requireSignedIn(state.viewer);
    return myEntriesAnswer(state.db, state.viewer, "award", url);
  },
});

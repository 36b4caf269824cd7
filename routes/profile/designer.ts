// POST /profile/designer (the designer profile settings of /profile, issue 19 part 6): the member turns their
// public profile on or off and chooses its parts; the unticked parts are hidden. A plain form: back to
// /profile with a notice.
import { redirect } from "../../framework/define.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { DesignerProfileInput, saveDesignerProfile } from "../../domain/job/profile.ts";
import { readBody } from "../../domain/request.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async POST({ req, state }) {
    const input = parseOrThrow(DesignerProfileInput, (await readBody(req)).body);
    await saveDesignerProfile(state.db, state.viewer, input);
    const res = redirect(href(state, "/profile#designer-profile"));
    res.headers.append("set-cookie", flashCookie("job.profile.saved", state.https));
    return res;
  },
});

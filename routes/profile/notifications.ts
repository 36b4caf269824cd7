// POST /profile/notifications (the notification settings of /profile, issue 23 §10): the member chooses
// which kinds of push notification reach their devices; the unticked kinds are turned off.
import { z } from "zod";
import { redirect } from "../../framework/define.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { PUSH_KINDS, setPushKinds } from "../../domain/notify/push.ts";
import { readBody } from "../../domain/request.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const KindsInput = z.object({
  kinds: z.preprocess((v) => (v === undefined ? [] : [v].flat()), z.array(z.enum(PUSH_KINDS)).max(PUSH_KINDS.length)),
});

export const handler = define.handlers({
  async POST({ req, state }) {
    const { kinds } = parseOrThrow(KindsInput, (await readBody(req)).body);
    await setPushKinds(state.db, state.viewer.id, kinds);
    const res = redirect(href(state, "/profile#notifications"));
    res.headers.append("set-cookie", flashCookie("account.notifications.saved", state.https));
    return res;
  },
});

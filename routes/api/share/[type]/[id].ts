// GET /api/share/{type}/{id} (SPEC §7): one donation or request with its description, photos, places and
// status; an inactive one is no share (404 job.share.not_found) but for its owner and administrators.
import { z } from "zod";
import { answerLocale, jsonAnswer } from "../../../../domain/award/api.ts";
import { LangQuery } from "../../../../domain/award/queries.ts";
import { SHARE_TYPES } from "../../../../domain/job/options.ts";
import { shareDetail, visibleShare } from "../../../../domain/share/shares.ts";
import { isSignedIn } from "../../../../domain/member/permissions.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const ShareParams = z.object({
  type: z.enum(SHARE_TYPES),
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { type, id } = parseOrThrow(ShareParams, params, 400);
    const q = parseQuery(LangQuery, url);
    const row = await visibleShare(state.db, state.viewer, type, id);
    const detail = await shareDetail(state.db, state.viewer, row, answerLocale(q.lang, state.locale));
    return jsonAnswer(detail, isSignedIn(state.viewer));
  },
});

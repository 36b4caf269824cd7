// The handlers of /audit and /audit-award (one per family, same screen): the judge's pools of the family,
// the chosen pool's entries with progress, or the refusal of that pool shown on the screen (403, 404).
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { formRefusal } from "../../domain/errors.ts";
import type { AwardFamily } from "../../domain/award/options.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { entriesToJudge, judgingContext, poolsOfJudge, progressOf } from "../../domain/judging/scoring.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define } from "../../state.ts";
import { type AuditListData, ENTRY_STATES } from "./audit.tsx";

const ListQuery = z.object({
  pool: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  state: z.enum(ENTRY_STATES).or(z.literal("")).optional().transform((v) => v ?? ""),
});

export function auditListHandler(family: AwardFamily) {
  return define.handlers({
    async GET({ state, url }) {
      requireSignedIn(state.viewer);
      const q = parseQuery(ListQuery, url);
      state.title = state.t(`judging.audit.title.${family}`);
      const pools = await poolsOfJudge(state.db, state.viewer, family);
      // A member on no panel of this family has nothing here (SPEC §8 "not auditable").
      if (!pools.length) throw new HttpError(403, "award.not_auditable");
      const pool = (q.pool ? pools.find((p) => p.poolId === q.pool) : pools.find((p) => p.open) ?? pools[0]) ?? null;
      if (!pool) throw new HttpError(404, "award.not_found");
      const data: AuditListData = { family, pools, pool, list: [], progress: null, filter: q.state, criteria: [] };
      let status = 200;
      try {
        const ctx = await judgingContext(state.db, state.viewer, pool.poolId, family);
        data.list = await entriesToJudge(state.db, ctx);
        data.progress = progressOf(data.list);
        data.criteria = ctx.criteria;
      } catch (err) {
        const refusal = formRefusal(err, state.t);
        data.refusal = refusal.message;
        status = refusal.status;
      }
      return page<AuditListData>(data, { status, headers: { "cache-control": "no-store" } });
    },
  });
}

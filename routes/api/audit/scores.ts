// GET /api/audit/scores?pool= (the judge's own scores of a pool, for the scoring island to reconcile) and
// POST /api/audit/scores (save one score: JSON or a plain form; issue 11 part 3). Refusals: 401 nobody;
// 403 not a judge of the pool, outside its period, outside the judge's categories, a conflict; 404 another
// award's entry; 422 a value off the scale; 409 a version another device has already changed (the answer
// carries the score as it stands, `current`). A replayed idempotency key answers the stored result, 200.
import { z } from "zod";
import { HttpError } from "../../../framework/errors.ts";
import { errorBody } from "../../../domain/errors.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow, parseQuery } from "../../../domain/validation.ts";
import {
  entriesToJudge,
  judgingContext,
  progressOf,
  saveScore,
  scoreFromForm,
  ScoreInput,
} from "../../../domain/judging/scoring.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const PoolQuery = z.object({ pool: z.coerce.number().int().min(1).max(2_147_483_647) });
const noStore = { "cache-control": "no-store" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const { pool } = parseQuery(PoolQuery, url);
    const ctx = await judgingContext(state.db, state.viewer, pool, null);
    const list = await entriesToJudge(state.db, ctx);
    return Response.json({
      pool,
      progress: progressOf(list),
      data: list.flatMap((e) => (e.score ? [e.score] : [])),
    }, { headers: noStore });
  },
  async POST({ req, state }) {
    const { body, isForm } = await readBody(req, 64 * 1024);
    const input = parseOrThrow(ScoreInput, isForm ? scoreFromForm(body) : body);
    try {
      const saved = await saveScore(state.db, state.viewer, input);
      return Response.json({ data: saved.score, replayed: saved.replayed }, {
        status: saved.replayed ? 200 : 201,
        headers: noStore,
      });
    } catch (err) {
      // Another device changed the score: the client is shown both, never overwritten silently.
      if (err instanceof HttpError && err.key === "judging.error.version_conflict") {
        return Response.json({ ...errorBody(err, 409, state.t), current: err.details?.current ?? null }, {
          status: 409,
          headers: noStore,
        });
      }
      throw err;
    }
  },
});

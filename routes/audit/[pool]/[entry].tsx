// /audit/{pool}/{entry}: one entry to score, blind (issue 11 part 3) — its pictures as audit_image, the
// round's criteria as a plain form that posts here and goes on to the next entry to do. A refusal (another
// award's entry 404, outside the judge's categories or a conflict 403, a value off the scale 422, another
// device's change 409) is shown on the form with the values sent.
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import { refusalView } from "../../../components/management/award/refusal.ts";
import { AUDIT_PATH, ScoreEntryPage, type ScoreFormData, stateOf } from "../../../components/judging/audit.tsx";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import {
  entriesToJudge,
  entryToJudge,
  judgingContext,
  saveScore,
  scoreFromForm,
  ScoreInput,
} from "../../../domain/judging/scoring.ts";
import { isAuditPeriod } from "../../../domain/award/phase.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const Params = z.object({
  pool: z.coerce.number().int().min(1).max(2_147_483_647),
  entry: z.coerce.number().int().min(1).max(2_147_483_647),
});

async function load(state: State, params: Record<string, string>, extra: Partial<ScoreFormData> = {}, status = 200) {
  requireSignedIn(state.viewer);
  const p = parseOrThrow(Params, params, 400);
  const ctx = await judgingContext(state.db, state.viewer, p.pool, null);
  const entry = await entryToJudge(state.db, ctx, p.entry);
  const list = await entriesToJudge(state.db, ctx);
  const index = list.findIndex((e) => e.id === entry.id);
  state.title = state.locale === "en" && entry.title_en ? entry.title_en : entry.title;
  const data: ScoreFormData = {
    family: ctx.award.family,
    pool: {
      poolId: ctx.pool.id,
      kind: ctx.pool.kind,
      awardId: ctx.award.id,
      year: ctx.award.year,
      title: ctx.award.title,
      titleEn: ctx.award.titleEn,
      startAt: ctx.pool.startAt,
      finishAt: ctx.pool.finishAt,
      open: isAuditPeriod(ctx.pool),
    },
    entry,
    criteria: ctx.criteria,
    previous: index > 0 ? list[index - 1].id : null,
    next: index >= 0 && index < list.length - 1 ? list[index + 1].id : null,
    key: crypto.randomUUID(),
    position: { index: index + 1, total: list.length },
    ...extra,
  };
  return { data, list, ctx, status };
}

export const handler = define.handlers({
  async GET({ state, params }) {
    const { data } = await load(state, params);
    return page<ScoreFormData>(data, { headers: { "cache-control": "no-store" } });
  },
  async POST({ req, state, params }) {
    requireSignedIn(state.viewer);
    const { body } = await readBody(req, 64 * 1024);
    const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string")) as Record<
      string,
      string
    >;
    try {
      const input = parseOrThrow(ScoreInput, { ...scoreFromForm(body), ...parseOrThrow(Params, params, 400) });
      await saveScore(state.db, state.viewer, input);
      const { list, ctx } = await load(state, params);
      // On to the next entry still to do after this one, else the list.
      const at = list.findIndex((e) => e.id === input.entry);
      const next = [...list.slice(at + 1), ...list.slice(0, Math.max(at, 0))].find((e) => stateOf(e) === "todo");
      const target = next ? `/audit/${ctx.pool.id}/${next.id}` : `${AUDIT_PATH[ctx.award.family]}?pool=${ctx.pool.id}`;
      const res = redirect(href(state, target));
      res.headers.append("set-cookie", flashCookie("judging.audit.saved", state.https));
      return res;
    } catch (err) {
      const view = refusalView(err, state.t);
      const { data, status } = await load(
        state,
        params,
        { error: view.message, fields: view.fields, sent },
        view.status,
      );
      return page<ScoreFormData>(data, { status, headers: { "cache-control": "no-store" } });
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => <ScoreEntryPage state={state} data={data} />);

// /management/pool/{id}/ranking (issue 11 part 5): the pool's ranking table (raw, trimmed, calibrated,
// spread; sortable; by category), bulk decisions of the first round (to the final round, eliminated), the
// final round's ranks and nominees, and publishing the award's results with mail to every entrant.
import { z } from "zod";
import { page, redirect } from "../../../../framework/define.ts";
import { HttpError } from "../../../../framework/errors.ts";
import { type RankingData, RankingPage } from "../../../../components/judging/ranking.tsx";
import { refusalView } from "../../../../components/management/award/refusal.ts";
import { RANKING_SORTS } from "../../../../domain/judging/aggregate.ts";
import {
  decideEntries,
  DecisionInput,
  poolDetail,
  publishResults,
  ranking,
  ranksFrom,
  setRanks,
} from "../../../../domain/judging/manage.ts";
import { isDesignCategory } from "../../../../domain/award/options.ts";
import { flashCookie } from "../../../../domain/member/cookies.ts";
import { readBody } from "../../../../domain/request.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { define, href, type State } from "../../../../state.ts";

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const RankingQuery = z.object({
  sort: z.enum(RANKING_SORTS).optional().transform((v) => v ?? "calibrated"),
  category: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().refine(isDesignCategory, "award.category_invalid").optional(),
  ),
});

async function load(state: State, id: number, url: URL, error?: string, status = 200) {
  const q = parseQuery(RankingQuery, url);
  const detail = await poolDetail(state.db, id);
  const rows = await ranking(state.db, id, q.sort, q.category);
  state.title = state.t("judging.manage.ranking");
  return page<RankingData>({ detail, rows, sort: q.sort, category: q.category ?? null, error }, { status });
}

export const handler = define.handlers({
  GET({ state, params, url }) {
    return load(state, parseOrThrow(IdParam, params, 400).id, url);
  },
  async POST({ req, state, params, url }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const { body } = await readBody(req, 512 * 1024);
    try {
      let done = "judging.manage.saved";
      if (body.action === "decide") await decideEntries(state.db, id, parseOrThrow(DecisionInput, body));
      else if (body.action === "ranks") await setRanks(state.db, id, ranksFrom(body));
      else if (body.action === "publish") {
        const detail = await poolDetail(state.db, id);
        const { visible } = await publishResults(state.db, state.config, detail.award.id, state.viewer.id);
        // Before the result date nothing is shown or mailed yet: the periodic job mails on that date.
        done = visible ? "judging.manage.publishedNow" : "judging.manage.publishedLater";
      } else throw new HttpError(400, "error.400");
      const res = redirect(href(state, url.pathname + url.search));
      res.headers.append("set-cookie", flashCookie(done, state.https));
      return res;
    } catch (err) {
      const view = refusalView(err, state.t);
      return load(state, id, url, view.message, view.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => <RankingPage state={state} data={data} />);

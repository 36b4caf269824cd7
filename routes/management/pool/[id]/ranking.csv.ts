// /management/pool/{id}/ranking.csv: the ranking table of the screen (same sort and category) as CSV,
// streamed, UTF-8 with a BOM, cells a spreadsheet would run as a formula defused.
import { z } from "zod";
import { streamResponse } from "../../../../framework/http.ts";
import { csvHeaders, csvOfRows } from "../../../../domain/common/csv.ts";
import { type AwardRank, type DesignCategory, labelKey } from "../../../../domain/award/options.ts";
import { poolDetail, ranking } from "../../../../domain/judging/manage.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { define } from "../../../../state.ts";
import { RankingQuery } from "./ranking.tsx";

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const handler = define.handlers({
  async GET({ state, params, url }) {
    const { t } = state;
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(RankingQuery, url);
    const detail = await poolDetail(state.db, id);
    const rows = await ranking(state.db, id, q.sort, q.category);
    const header = [
      t("judging.col.no"),
      t("judging.col.title"),
      t("judging.col.category"),
      t("judging.col.raw"),
      t("judging.col.trimmed"),
      t("judging.col.calibrated"),
      t("judging.col.spread"),
      t("judging.col.count"),
      t("judging.col.status"),
      t("judging.col.rank"),
    ];
    const body = csvOfRows(header, rows, (r) => [
      r.entryId,
      r.title,
      t(labelKey("category", r.category as DesignCategory)),
      r.raw,
      r.trimmed,
      r.calibrated,
      r.spread,
      r.count,
      r.status,
      r.rank ? t(labelKey("rank", r.rank as AwardRank)) : "",
    ]);
    const name = `${detail.award.family}-${detail.award.year}-${detail.pool.kind}-ranking.csv`;
    return streamResponse(body, { headers: csvHeaders(name) });
  },
});

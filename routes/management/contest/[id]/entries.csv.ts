// /management/contest/{id}/entries.csv: every entry of the contest (live and withdrawn) as CSV, streamed,
// headers in the administrator's language (domain/contest/csv.ts). Unknown contest 404.
import { csvHeaders, csvTime } from "../../../../domain/common/csv.ts";
import { streamResponse } from "../../../../framework/http.ts";
import { IdParam } from "../../../../domain/award/queries.ts";
import { contestEntriesCsv } from "../../../../domain/contest/csv.ts";
import { managedContest } from "../../../../domain/contest/manage.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import type { MessageKey } from "../../../../i18n/mod.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const COLUMNS = ["id", "title", "designer", "username", "email", "status", "rank", "place", "comment", "created"];

export const handler = define.handlers({
  async GET({ state, params }) {
    const { t } = state;
    const { id } = parseOrThrow(IdParam, params, 400);
    await managedContest(state.db, id);
    const body = contestEntriesCsv(
      state.db,
      id,
      COLUMNS.map((c) => t(`contest.csv.${c}` as MessageKey)),
      ({ entry: e, name, username, email }) => [
        e.id,
        e.title,
        name,
        username,
        email,
        t(e.status === "submitted" ? "contest.csv.submitted" : "contest.csv.withdrawn"),
        e.rank ? t(`contest.ranks.${e.rank}`) : "",
        e.place ?? "",
        e.hostComment,
        csvTime(e.createdAt),
      ],
    );
    return streamResponse(body, { headers: csvHeaders(`contest-${id}-entries.csv`) });
  },
});

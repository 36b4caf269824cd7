// /management/{award,ibda}/entries.csv: the entries of the entries screen's filter (every page) as CSV,
// streamed: UTF-8 with a BOM so Excel opens Korean, headers in the administrator's language, cells that
// a spreadsheet would run as a formula defused (domain/common/csv.ts).
import { csvHeaders } from "../../../domain/common/csv.ts";
import { streamResponse } from "../../../framework/http.ts";
import { HttpError } from "../../../framework/errors.ts";
import { entryQuery } from "../../../components/management/award/EntryTable.tsx";
import { familyOfManagementPath } from "../../../domain/award/manage-awards.ts";
import { awardForYear, entriesCsv, EntryFilter } from "../../../domain/award/manage-entries.ts";
import { formatAwardDate } from "../../../domain/award/phase.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define } from "../../../state.ts";

const COLUMNS = [
  "id",
  "year",
  "category",
  "title",
  "titleEn",
  "exhibitor",
  "designer",
  "designerEn",
  "affiliation",
  "company",
  "email",
  "phone",
  "username",
  "status",
  "fee",
  "payment",
  "rank",
  "nominee",
  "display",
  "submitted",
] as const;

export const handler = define.handlers({
  async GET({ state, url }) {
    const { t } = state;
    const family = familyOfManagementPath(url.pathname);
    const filter = parseOrThrow(EntryFilter, { ...entryQuery(url), page: "" }, 400);
    const award = await awardForYear(state.db, family, filter.year);
    if (!award) throw new HttpError(404, "award.not_found");
    const yes = (v: boolean) => t(v ? "awardAdmin.csv.yes" : "awardAdmin.csv.no");
    const body = entriesCsv(
      state.db,
      award,
      filter,
      COLUMNS.map((c) => t(`awardAdmin.csv.${c}` as MessageKey)),
      ({ entry: e, username, paymentState }) => [
        e.id,
        award.year,
        t(`award.category.${e.category}`),
        e.title,
        e.titleEn,
        t(`award.exhibitor.${e.exhibitorType}`),
        e.designerName,
        e.designerNameEn,
        e.designerAffiliation,
        e.company,
        e.designerEmail,
        e.designerPhone,
        username ?? "",
        t(`award.entry_status.${e.status}`),
        e.fee,
        t(`awardAdmin.payment.${paymentState}`),
        e.rank ? t(`award.rank.${e.rank}`) : "",
        yes(e.nominee),
        yes(e.display),
        e.submittedAt ? formatAwardDate(e.submittedAt) : "",
      ],
    );
    const name = `${family}-${award.year}-entries.csv`;
    return streamResponse(body, { headers: csvHeaders(name) });
  },
});

// /management/market/{type}/products.csv: every product of the market as CSV, streamed in keyset batches
// through the CSV kit (domain/common/csv.ts: BOM, formulas defused), headers in the viewer's language.
import { HttpError } from "../../../../framework/errors.ts";
import { streamResponse } from "../../../../framework/http.ts";
import { csvHeaders, csvStream, csvTime } from "../../../../domain/common/csv.ts";
import { productBatch } from "../../../../domain/market/manage.ts";
import { marketTypeOf } from "../../../../domain/market/schema.ts";
import type { MessageKey } from "../../../../i18n/mod.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  GET({ state, params }) {
    const type = marketTypeOf(params.type);
    if (!type) throw new HttpError(404, "error.404");
    const t = state.t;
    const header = [
      "ID",
      t("market.wizard.titleLabel"),
      t("market.wizard.titleEn"),
      t("market.product.category"),
      t("market.manage.seller"),
      t("market.manage.filterStatus"),
      t("market.manage.price"),
      t("market.manage.requests"),
      t("market.product.rightsNumber"),
      t("market.product.awardWinner"),
      t("market.manage.created"),
    ];
    const body = csvStream(
      header,
      (after, limit) => productBatch(state.db, type, after, limit),
      (r) => r.product.id,
      ({ product: p, username, name }) => [
        p.id,
        p.title,
        p.titleEn,
        t(`market.categories.${p.category}` as MessageKey),
        `${name} (${username})`,
        t(`market.status.${p.status}`),
        p.price,
        p.requestCount,
        p.rightsNumber,
        p.awardFlag ? "Y" : "",
        csvTime(p.createdAt),
      ],
    );
    return streamResponse(body, { headers: csvHeaders(`market-${type}.csv`) });
  },
});

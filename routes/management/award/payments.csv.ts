// /management/{award,ibda}/payments.csv: the family's entry-fee payments of the list's status filter (every
// page) as CSV, streamed in keyset batches (issue 22 §4), headers in the administrator's language.
import { streamResponse } from "../../../framework/http.ts";
import { providerName } from "../../../components/management/award/PaymentTable.tsx";
import { familyOfManagementPath } from "../../../domain/award/manage-awards.ts";
import { csvHeaders, csvTime } from "../../../domain/common/csv.ts";
import { PaymentQuery, paymentsCsv } from "../../../domain/pay/payment-list.ts";
import { TARGET_AWARD_ENTRY } from "../../../domain/pay/orders.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define } from "../../../state.ts";

const COLUMNS = [
  "id",
  "orderId",
  "provider",
  "tid",
  "status",
  "amount",
  "created",
  "approved",
  "cancelled",
  "username",
  "member",
  "entry",
  "title",
  "year",
] as const;

export const handler = define.handlers({
  GET({ state, url }) {
    const { t } = state;
    const family = familyOfManagementPath(url.pathname);
    const { status } = PaymentQuery.parse({ status: url.searchParams.get("status") ?? "" });
    const body = paymentsCsv(
      state.db,
      { family, targetType: TARGET_AWARD_ENTRY, status },
      COLUMNS.map((c) => t(`awardAdmin.paymentsCsv.${c}` as MessageKey)),
      (p) => [
        p.id,
        p.orderId,
        providerName(state, p.provider),
        p.providerTid,
        t(`pay.status.${p.status}`),
        p.amount,
        csvTime(p.createdAt),
        csvTime(p.approvedAt),
        csvTime(p.cancelledAt),
        p.username,
        p.userName,
        p.entryId,
        p.entryTitle,
        p.awardYear,
      ],
    );
    return streamResponse(body, { headers: csvHeaders(`${family}-payments.csv`) });
  },
});

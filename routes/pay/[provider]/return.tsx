// /pay/{provider}/return (SPEC §2.1, §7): the result screen — 'payment completed' or 'payment failed'
// (or not completed, or cancelled) — of ?order, with the reason of a refused return in ?error. Needs no
// session: the order id is unguessable and the screen shows only its status and amount. A provider may
// also post its return here (POST, exempt from the CSRF check like /api/pay/{host}/return): the return is
// processed the same way and the screen shown at once, with the refusal's status when it was refused.
import { page } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { type OrderSummary, PayResult } from "../../../components/pay/PayScreens.tsx";
import type { PaymentStatus } from "../../../db/schema/pay.ts";
import { paymentByOrderId } from "../../../domain/pay/orders.ts";
import { activeProvider, assertActiveProvider, processReturn } from "../../../domain/pay/web.ts";
import { define, type State } from "../../../state.ts";

interface ResultPage {
  status: PaymentStatus;
  order?: OrderSummary;
  reason?: string;
}

const NO_STORE = { "cache-control": "no-store" };

async function resultOf(state: State, orderId: string, error?: string): Promise<ResultPage> {
  const payment = orderId ? await paymentByOrderId(state.db, orderId) : null;
  if (!payment) {
    if (!error) throw new HttpError(404, "pay.not_found");
    return { status: "failed", reason: error };
  }
  const stored = payment.raw && typeof payment.raw === "object" ? (payment.raw as { key?: unknown }).key : undefined;
  return {
    status: payment.status,
    order: { orderId: payment.orderId, amount: payment.amount },
    reason: error ?? (payment.status === "failed" && typeof stored === "string" ? stored : undefined),
  };
}

function prepare(state: State, status: PaymentStatus) {
  state.layout = "default";
  state.title = state.t(`pay.result.${status}Title`);
}

export const handler = define.handlers({
  async GET({ state, url, params }) {
    assertActiveProvider(state.config, params.provider);
    const error = url.searchParams.get("error") ?? undefined;
    const data = await resultOf(state, url.searchParams.get("order") ?? "", error?.slice(0, 64));
    prepare(state, data.status);
    return page<ResultPage>(data, { headers: NO_STORE });
  },
  async POST({ req, state, params }) {
    assertActiveProvider(state.config, params.provider);
    const provider = activeProvider(state.config, state.sessionSecret);
    const result = await processReturn(state.db, provider, req, state.clientIp);
    const refusal = "refusal" in result ? result.refusal : undefined;
    const data = await resultOf(
      state,
      result.orderId,
      refusal?.key ?? ("outcome" in result ? result.outcome.key : undefined),
    );
    prepare(state, data.status);
    return page<ResultPage>(data, { status: refusal?.status ?? 200, headers: NO_STORE });
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <PayResult state={state} status={data.status} order={data.order} reason={data.reason} />
));

// /pay/{provider}/popup (SPEC §2.1): the provider's payment window. Opened two ways:
// - ?type=award|ibda&id={entry} (from my page or the entry wizard, no JavaScript needed), type=contest or
//   type=course&id={enrolment}: a new order for the signed-in owner's thing, then the provider's screen;
// - the test provider's signed request (?oid&price&timestamp&returnUrl&signature… as GET /api/pay/request
//   answered it): the card screen for that order, refused when the signature, age, order or price is wrong.
// The test provider's card screen posts the payer's choice, signed, to the return URL; Inicis's screen is
// its signed form for INIStdPay.js. Only the active provider's screens exist (404 otherwise).
import { page } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { InicisPayForm, type OrderSummary, TestCardScreen } from "../../../components/pay/PayScreens.tsx";
import { createOrder, paymentByOrderId } from "../../../domain/pay/orders.ts";
import type { PayForm } from "../../../domain/pay/provider.ts";
import { TestProvider } from "../../../domain/pay/test-provider.ts";
import { INICIS_PAGE_POLICY } from "../../../domain/pay/inicis.ts";
import {
  activeProvider,
  assertActiveProvider,
  goodsName,
  originFor,
  PayStartQuery,
  providerUrls,
} from "../../../domain/pay/web.ts";
import { hostName } from "../../../domain/site/hosts.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define } from "../../../state.ts";

type PopupPage =
  | {
    kind: "test";
    order: OrderSummary;
    action: string;
    approve: Record<string, string>;
    decline: Record<string, string>;
    closeUrl: string;
  }
  | { kind: "inicis"; order: OrderSummary; form: PayForm };

const NO_STORE = { "cache-control": "no-store" };

function testScreen(provider: TestProvider, fields: Record<string, string>): PopupPage {
  const request = provider.verifyRequest(fields);
  return {
    kind: "test",
    order: request,
    action: request.returnUrl,
    approve: provider.resultFields(request, "approved"),
    decline: provider.resultFields(request, "declined"),
    closeUrl: request.closeUrl,
  };
}

export const handler = define.handlers({
  async GET({ req, state, url, params }) {
    assertActiveProvider(state.config, params.provider);
    const provider = activeProvider(state.config, state.sessionSecret);
    state.layout = "default";
    state.title = state.t("pay.popup.title");
    const fields = Object.fromEntries(url.searchParams);

    if (fields.oid) {
      if (!(provider instanceof TestProvider)) throw new HttpError(404, "error.404");
      const screen = testScreen(provider, fields);
      const payment = await paymentByOrderId(state.db, screen.order.orderId);
      if (!payment || payment.provider !== provider.name) throw new HttpError(404, "pay.not_found");
      if (payment.status !== "ready") throw new HttpError(409, "pay.already_processed");
      if (payment.amount !== screen.order.amount) throw new HttpError(400, "pay.amount_mismatch");
      return page<PopupPage>(screen, { headers: NO_STORE });
    }

    const query = parseQuery(PayStartQuery, url);
    const domain = hostName(req.headers.get("host") ?? url.host);
    const urls = providerUrls(originFor(req, url, state.https, domain), domain, provider.name, state.locale);
    const { payment, form } = await createOrder(state.db, provider, state.viewer, {
      type: query.type,
      id: query.id,
      price: query.price,
      locale: state.locale,
      ...urls,
      goodsName: (target) => goodsName(state.t, state.locale, target),
    });
    const order = {
      orderId: payment.orderId,
      amount: payment.amount,
      goodsName: form.fields.goodname,
      buyerName: form.fields.buyername,
    };
    if (provider instanceof TestProvider) {
      return page<PopupPage>(testScreen(provider, form.fields), { headers: NO_STORE });
    }
    return page<PopupPage>({ kind: "inicis", order, form }, {
      headers: { ...NO_STORE, "content-security-policy": INICIS_PAGE_POLICY },
    });
  },
});

export default define.page<typeof handler>(({ data, state }) =>
  data.kind === "test"
    ? (
      <TestCardScreen
        state={state}
        order={data.order}
        action={data.action}
        approve={data.approve}
        decline={data.decline}
        closeUrl={data.closeUrl}
      />
    )
    : <InicisPayForm state={state} order={data.order} form={data.form} />
);

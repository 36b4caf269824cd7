// GET /api/pay/request?domain&price&id&type (SPEC §7 Payment): a new order for the member's own entry, contest
// or course enrolment that waits for payment, and the provider's form fields signed by the server, which the
// browser submits to the provider. The amount is the server's (the entry's fee, the prize total, the
// enrolment's fee); a `price` that differs is refused (400 pay.amount_mismatch).
// Anonymous 401; someone else's or a missing entry 404; an entry not waiting for payment 409.
import { HttpError } from "../../../framework/errors.ts";
import { createOrder } from "../../../domain/pay/orders.ts";
import { activeProvider, goodsName, originFor, PayRequestQuery, providerUrls } from "../../../domain/pay/web.ts";
import { hostName } from "../../../domain/site/hosts.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { createTranslator } from "../../../i18n/mod.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  async GET({ req, state, url }) {
    const query = parseQuery(PayRequestQuery, url);
    const domain = hostName(query.domain || req.headers.get("host") || url.host);
    // The return comes back to one of our sites, never to a host the caller made up.
    if (!(await state.sites.siteForHost(domain))) throw new HttpError(400, "pay.invalid_request");
    const locale = query.lang ?? state.locale;
    const t = query.lang ? createTranslator(locale) : state.t;
    const provider = activeProvider(state.config, state.sessionSecret);
    const urls = providerUrls(originFor(req, url, state.https, domain), domain, provider.name, locale);
    const { payment, form } = await createOrder(state.db, provider, state.viewer, {
      type: query.type,
      id: query.id,
      price: query.price,
      locale,
      ...urls,
      goodsName: (target) => goodsName(t, locale, target),
    });
    return Response.json({
      provider: form.provider,
      action: form.action,
      method: form.method,
      acceptCharset: form.acceptCharset,
      fields: form.fields,
      ...(form.script ? { script: form.script } : {}),
      order: payment.orderId,
      amount: payment.amount,
    }, { headers: { "cache-control": "no-store" } });
  },
});

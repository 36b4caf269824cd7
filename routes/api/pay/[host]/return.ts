// POST /api/pay/{host}/return (SPEC §7 Payment): the provider's return. A cross-site POST without the
// session cookie, so it is exempt from the CSRF check (routes/_middleware.ts) and trusts only what it
// verifies: the order by its id, the provider's signature, the amount (domain/pay/orders.ts). A browser
// is sent on to the result screen (/pay/{provider}/return, 303) — with `error` when the return was refused;
// a call that does not ask for HTML gets JSON: the outcome, or the refusal's status and key (400 forged or
// altered, 404 unknown order, 409 already processed).
import { redirect } from "../../../../framework/define.ts";
import { activeProvider, processReturn, resultPath, wantsPage } from "../../../../domain/pay/web.ts";
import { hostName } from "../../../../domain/site/hosts.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async POST({ req, state, url, params }) {
    hostName(params.host); // 400 unless it is a host name
    const provider = activeProvider(state.config, state.sessionSecret);
    const locale = url.searchParams.get("lang") === "en" ? "en" : "ko";
    const result = await processReturn(state.db, provider, req, state.clientIp);
    const headers = { "cache-control": "no-store" };
    if ("refusal" in result) {
      if (wantsPage(req)) return redirect(resultPath(provider.name, locale, result.orderId, result.refusal.key));
      throw result.refusal;
    }
    const { outcome } = result;
    if (wantsPage(req)) return redirect(resultPath(provider.name, locale, outcome.payment.orderId));
    return Response.json({
      status: 200,
      result: outcome.status,
      order: outcome.payment.orderId,
      amount: outcome.payment.amount,
      ...(outcome.key ? { key: outcome.key, message: state.t(outcome.key) } : {}),
    }, { headers });
  },
});

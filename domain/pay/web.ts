// What the payment routes share: the return paths (the only ones exempt from the CSRF check, because the
// provider's return is a cross-site POST without the session cookie, and they check the provider's
// signature instead), the query of GET /api/pay/request, the URLs handed to the provider, and reading a
// provider's posted form.
import { z } from "zod";
import { HttpError } from "../../framework/errors.ts";
import { type Config, type Locale, PAY_PROVIDERS, type PayProviderName } from "../../fresh.config.ts";
import { limitBody } from "../request.ts";
import type { Db } from "../../db/client.ts";
import type { Translate } from "../../i18n/mod.ts";
import { completeReturn, PAY_TYPES, type PayOutcome, type PayTarget } from "./orders.ts";
import { type PayProvider, payProvider, type ProviderOptions } from "./provider.ts";

const HOST_SEGMENT = "[A-Za-z0-9.-]{1,253}(?::\\d{1,5})?";
const PROVIDER_SEGMENT = `(?:${PAY_PROVIDERS.join("|")})`;
const RETURN_PATHS = [
  new RegExp(`^/api/pay/${HOST_SEGMENT}/return$`),
  new RegExp(`^/pay/${PROVIDER_SEGMENT}/return$`),
];

/**
 * The provider's return: POST /api/pay/{host}/return and POST /pay/{provider}/return (path without the
 * locale prefix). Nothing else about payment is exempt from the CSRF check.
 */
export function isPaymentReturnPath(path: string): boolean {
  return RETURN_PATHS.some((re) => re.test(path));
}

/** For tests: an injected fetch for Inicis's calls. */
let injectedFetch: typeof fetch | undefined;
export function setPaymentFetch(fetcher: typeof fetch | undefined): void {
  injectedFetch = fetcher;
}

/** The configured provider (the test provider signs with a key derived from the session secret). */
export function activeProvider(
  config: Config,
  secret: Uint8Array,
  options: Partial<ProviderOptions> = {},
): PayProvider {
  return payProvider(config, { secret, fetch: injectedFetch, ...options });
}

/** `{provider}` of /pay/{provider}/…: only the active provider's screens exist. */
export function assertActiveProvider(config: Pick<Config, "payProvider">, name: string): PayProviderName {
  if (name !== config.payProvider) throw new HttpError(404, "error.404");
  return config.payProvider;
}

/**
 * SPEC §7 GET /api/pay/request: domain (the site's host), price, id (the entry, contest or enrolment), type
 * (award | ibda | contest | course); `lang`
 * (ko | en) picks the language of the provider's window and our result screen. /pay/{provider}/popup
 * takes the same query without the price.
 */
export const PayStartQuery = z.object({
  domain: z.string().trim().max(253).optional(),
  price: z.coerce.number().int().min(0).max(100_000_000).optional(),
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  type: z.enum(PAY_TYPES),
  lang: z.enum(["ko", "en"]).optional(),
});
export const PayRequestQuery = PayStartQuery.extend({ price: z.coerce.number().int().min(0).max(100_000_000) });

/** The goods name the provider shows: the award's entry fee, a contest's prize money, a course's fee. */
export function goodsName(t: Translate, locale: Locale, target: PayTarget): string {
  const title = locale === "en" && target.awardTitleEn || target.awardTitle;
  if (target.family === "contest") return t("contest.payGoods", { award: title });
  if (target.family === "course") return t("programme.pay.goods", { course: title });
  return t("pay.goods", { award: title });
}

/** The absolute return and close URLs handed to the provider for a payer on `host` of `origin`. */
export function providerUrls(
  origin: string,
  host: string,
  provider: PayProviderName,
  locale: Locale,
): { returnUrl: string; closeUrl: string } {
  const lang = locale === "en" ? "?lang=en" : "";
  const base = locale === "en" ? "/en" : "";
  return {
    returnUrl: `${origin}/api/pay/${encodeURIComponent(host)}/return${lang}`,
    closeUrl: `${origin}${base}/pay/${provider}/close`,
  };
}

/** The origin of the payer's site: `domain` with this request's scheme and port. */
export function originFor(req: Request, url: URL, https: boolean, domain: string): string {
  const port = (req.headers.get("host") ?? url.host).match(/:(\d{1,5})$/)?.[1];
  return `${https ? "https" : url.protocol.slice(0, -1)}://${domain}${port ? `:${port}` : ""}`;
}

/** The largest return a provider posts (Inicis's has a few long tokens). */
export const MAX_RETURN_BYTES = 64 * 1024;

/** A provider's posted form (urlencoded or multipart) as strings; 400 for anything else. */
export async function readProviderForm(req: Request): Promise<Record<string, string>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    throw new HttpError(400, "pay.invalid_request");
  }
  const limited = limitBody(req, MAX_RETURN_BYTES);
  let form: FormData;
  try {
    form = await limited.req.formData();
  } catch {
    throw new HttpError(limited.exceeded() ? 413 : 400, limited.exceeded() ? "error.413" : "pay.invalid_request");
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key.length <= 64) fields[key] = value;
  return fields;
}

/**
 * The provider's return, for both return routes: the outcome, or the refusal (an HttpError) that changed
 * nothing, with the order id the return named (when it looked like one) for the result screen.
 */
export async function processReturn(
  db: Db,
  provider: PayProvider,
  req: Request,
  clientIp: string,
): Promise<{ outcome: PayOutcome; orderId: string } | { refusal: HttpError; orderId: string }> {
  let orderId = "";
  try {
    const fields = await readProviderForm(req);
    orderId = provider.parseReturn(fields)?.orderId ?? "";
    if (!/^[\w-]{1,64}$/.test(orderId)) orderId = "";
    const outcome = await completeReturn(db, provider, fields);
    return { outcome, orderId: outcome.payment.orderId };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    // OWASP payment cheat sheet: every refused callback is logged (never its tokens or signatures).
    console.warn(`[pay] ${provider.name} return refused: ${error.key} order=${orderId || "-"} ip=${clientIp}`);
    return { refusal: error, orderId };
  }
}

/** The result screen of an order, in the payer's language. */
export function resultPath(provider: PayProviderName, locale: Locale, orderId: string, error?: string): string {
  const query = new URLSearchParams();
  if (orderId) query.set("order", orderId);
  if (error) query.set("error", error);
  return `${locale === "en" ? "/en" : ""}/pay/${provider}/return?${query}`;
}

/** A browser navigation (show the result screen) rather than a call wanting JSON. */
export function wantsPage(req: Request): boolean {
  return (req.headers.get("accept") ?? "").includes("text/html");
}

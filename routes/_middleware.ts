// Root middleware, in order: maintenance switch, the 30-day language cookie (SPEC §9), site by host name
// and UI texts, who is asking (session), CSRF, the one-time flash message, and the rendered-page cache
// for anonymous visitors.
import { redirect } from "../framework/define.ts";
import { HttpError } from "../framework/errors.ts";
import { createTranslator } from "../i18n/mod.ts";
import { hostName } from "../domain/site/hosts.ts";
import { isAnonymousRequest, languageCookieFor, pageCacheKey } from "../domain/site/visitor.ts";
import { bearerToken, identify } from "../domain/member/identify.ts";
import {
  clearFlashCookie,
  clearSessionCookie,
  csrfCookie,
  FLASH_COOKIE,
  flashCookie,
  sessionCookieName,
} from "../domain/member/cookies.ts";
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  CSRF_HEADER,
  csrfTokenFor,
  isSafeMethod,
  readCookie,
  sameOrigin,
  tokensMatch,
} from "../domain/member/csrf.ts";
import { hasMessage } from "../i18n/mod.ts";
import { MAX_BODY_BYTES } from "../domain/request.ts";
import { isPaymentReturnPath } from "../domain/pay/web.ts";
import { routeLayoutName, siteLayoutView } from "../domain/builder/layouts.ts";
import { define, href } from "../state.ts";

/** Refuses an oversized body from its Content-Length, before anything reads it. */
const bodySize = define.middleware((ctx) => {
  const length = Number(ctx.req.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) throw new HttpError(413, "error.413");
  return ctx.next();
});

const maintenance = define.middleware((ctx) => {
  if (ctx.state.config.maintenance) throw new HttpError(503, "error.503");
  return ctx.next();
});

const site = define.middleware(async (ctx) => {
  const { state } = ctx;
  state.site = await state.sites.siteForHost(hostName(ctx.req.headers.get("host") ?? ctx.url.host));
  state.t = createTranslator(state.locale, await state.sites.textOverrides(state.locale));
  if (!state.site) {
    if (isApi(ctx.url.pathname)) return ctx.next(); // API calls name their site themselves
    throw new HttpError(404, "error.404");
  }
  state.menu = await state.sites.menu(state.site.id);
  // The audit screens, my page and the builder draw their site's layout setting (SPEC §2.3).
  const layout = routeLayoutName(ctx.url.pathname);
  if (layout) {
    state.siteLayout = siteLayoutView(await state.sites.layouts(state.site.id), layout, state.locale) ?? undefined;
  }
  return ctx.next();
});

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

const session = define.middleware(async (ctx) => {
  const { req, state } = ctx;
  // The cookie carries browser sessions, an Authorization header the tokens clients asked for (issue 20 §6).
  const cookieToken = readCookie(req, sessionCookieName(state.https));
  const bearer = cookieToken ? undefined : bearerToken(req);
  const identity = bearer
    ? await identify(state.db, state.sessionSecret, bearer, "bearer")
    : await identify(state.db, state.sessionSecret, cookieToken, "browser");
  state.viewer = identity.viewer;
  state.user = identity.user;
  state.sessionToken = identity.token;
  if (identity.token) state.sessionKind = bearer ? "bearer" : "browser";
  if (identity.expired && !isApi(ctx.url.pathname) && req.method === "GET") {
    // An expired session shows its notice and returns home (SPEC §4).
    const res = redirect(href(state, "/"));
    res.headers.append("set-cookie", clearSessionCookie(state.https));
    res.headers.append("set-cookie", flashCookie("auth.session_expired", state.https));
    return res;
  }
  if (identity.expired) throw new HttpError(401, "auth.session_expired");
  const res = await ctx.next();
  if (identity.clearCookie && cookieToken) res.headers.append("set-cookie", clearSessionCookie(state.https));
  return res;
});

const csrf = define.middleware(async (ctx) => {
  const { req, state } = ctx;
  const cookie = readCookie(req, CSRF_COOKIE);
  const { token, isNew } = csrfTokenFor(req);
  state.csrfToken = token;
  const bearerOnly = bearerToken(req) && !readCookie(req, sessionCookieName(state.https));
  // The card provider's return is a cross-site POST without our cookies; those two paths verify the
  // provider's signature and the order instead (domain/pay/orders.ts).
  const paymentReturn = req.method === "POST" && isPaymentReturnPath(ctx.url.pathname);
  if (!isSafeMethod(req.method) && !bearerOnly && !paymentReturn) {
    const origin = `${state.https ? "https" : ctx.url.protocol.slice(0, -1)}://${
      req.headers.get("host") ?? ctx.url.host
    }`;
    let sent = req.headers.get(CSRF_HEADER);
    const type = req.headers.get("content-type") ?? "";
    if (!sent && /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(type)) {
      const field = await req.clone().formData().then((f) => f.get(CSRF_FIELD)).catch(() => null);
      sent = typeof field === "string" ? field : null;
    }
    if (!sameOrigin(req, origin) || !tokensMatch(cookie, sent)) throw new HttpError(403, "auth.csrf");
  }
  const res = await ctx.next();
  if (isNew) res.headers.append("set-cookie", csrfCookie(token, state.https));
  return res;
});

const flash = define.middleware(async (ctx) => {
  const key = readCookie(ctx.req, FLASH_COOKIE);
  if (!key) return ctx.next();
  if (hasMessage(key)) ctx.state.flash = key;
  const res = await ctx.next();
  if (res.headers.get("content-type")?.startsWith("text/html")) {
    res.headers.append("set-cookie", clearFlashCookie(ctx.state.https));
  }
  return res;
});

/** Stores what a cacheable route rendered; hits are answered before routing (domain/site/cached-pages.ts). */
const pageCache = define.middleware(async (ctx) => {
  const { req, state, url } = ctx;
  if ((req.method !== "GET" && req.method !== "HEAD") || !isAnonymousRequest(req) || !state.site) {
    return ctx.next();
  }
  if (req.method === "HEAD") return ctx.next();
  const key = pageCacheKey(state.site.id, state.locale, url, state.https);
  const generation = state.sites.generation;
  // Stored since this request passed serveCachedPages (another visitor's render just finished).
  const stored = state.pageCache.get(key);
  if (stored) return state.pageCache.respond(stored, req);
  // Misses of the same page at once render it once; the others are answered from what it stored.
  let own: Response | undefined;
  const { entry, joined } = await state.pageCache.once(key, generation, async () => {
    const res = await ctx.next();
    own = res;
    if (!state.cacheable || res.status !== 200) return null;
    return await state.pageCache.store(key, res, generation);
  });
  if (entry) {
    const fresh = state.pageCache.respond(entry, req);
    if (!joined) fresh.headers.set("x-cache", "miss");
    return fresh;
  }
  return joined ? await ctx.next() : own!;
});

const languageCookie = define.middleware(async (ctx) => {
  const res = await ctx.next();
  const cookie = languageCookieFor(ctx.req, ctx.state.locale, ctx.state.https);
  if (cookie && res.headers.get("content-type")?.startsWith("text/html")) res.headers.append("set-cookie", cookie);
  return res;
});

export const handler = [bodySize, maintenance, languageCookie, site, session, csrf, flash, pageCache];

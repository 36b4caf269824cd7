// Root middleware, in order: maintenance switch, site by host name, UI texts, the rendered-page cache
// for anonymous visitors, and the 30-day language cookie (SPEC §9).
import { HttpError } from "../framework/errors.ts";
import { createTranslator, LANG_COOKIE, LANG_COOKIE_MAX_AGE } from "../i18n/mod.ts";
import { hostName } from "../domain/site/hosts.ts";
import { isAnonymousRequest } from "../domain/site/visitor.ts";
import { define } from "../state.ts";

const maintenance = define.middleware((ctx) => {
  if (ctx.state.config.maintenance) throw new HttpError(503, "error.503");
  return ctx.next();
});

const site = define.middleware(async (ctx) => {
  const { state } = ctx;
  state.site = await state.sites.siteForHost(hostName(ctx.req.headers.get("host") ?? ctx.url.host));
  state.t = createTranslator(state.locale, await state.sites.textOverrides(state.locale));
  const api = ctx.url.pathname === "/api" || ctx.url.pathname.startsWith("/api/");
  if (!state.site) {
    if (api) return ctx.next(); // API calls name their site themselves
    throw new HttpError(404, "error.404");
  }
  state.menu = await state.sites.menu(state.site.id);
  return ctx.next();
});

const pageCache = define.middleware(async (ctx) => {
  const { req, state, url } = ctx;
  if ((req.method !== "GET" && req.method !== "HEAD") || !isAnonymousRequest(req) || !state.site) {
    return ctx.next();
  }
  const key = `${state.site.id}|${state.locale}|${url.pathname}${url.search}`;
  const hit = state.pageCache.get(key);
  if (hit) return state.pageCache.respond(hit, req);
  const generation = state.sites.generation;
  const res = await ctx.next();
  if (!state.cacheable || res.status !== 200 || req.method === "HEAD") return res;
  const entry = await state.pageCache.store(key, res, generation);
  const fresh = state.pageCache.respond(entry, req);
  fresh.headers.set("x-cache", "miss");
  return fresh;
});

const languageCookie = define.middleware(async (ctx) => {
  const res = await ctx.next();
  const current = ctx.req.headers.get("cookie")?.match(/(?:^|;\s*)lang=(\w+)/)?.[1];
  if (current !== ctx.state.locale && res.headers.get("content-type")?.startsWith("text/html")) {
    const secure = ctx.url.protocol === "https:" ? "; Secure" : "";
    res.headers.append(
      "set-cookie",
      `${LANG_COOKIE}=${ctx.state.locale}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax${secure}`,
    );
  }
  return res;
});

export const handler = [maintenance, languageCookie, site, pageCache];

// Assembles the platform: database-backed services, the Fresh-convention routes, and HTTP middleware.
import type { Context } from "hono";
import { createFreshApp } from "./framework/app.ts";
import { redirect } from "./framework/define.ts";
import { readIslandAssets } from "./framework/bundle.ts";
import {
  clientAddress,
  compressText,
  healthCheck,
  isHttps,
  requestId,
  requestIdFor,
  securityHeaders,
} from "./framework/http.ts";
import type { Manifest } from "./framework/manifest.ts";
import { StaticFiles } from "./framework/static.ts";
import { type Config, DEFAULT_LOCALE, ISLANDS_DIR, LOCALE_BASE_PATHS, STATIC_DIR } from "./fresh.config.ts";
import type { Database } from "./db/client.ts";
import { SiteDirectory } from "./domain/site/directory.ts";
import { PageCache } from "./domain/site/page-cache.ts";
import { serveCachedPages } from "./domain/site/cached-pages.ts";
import { personalNoStore } from "./domain/site/visitor.ts";
import { errorBody, HttpError } from "./domain/errors.ts";
import { createTranslator } from "./i18n/mod.ts";
import { ANONYMOUS, isSignedIn } from "./domain/member/permissions.ts";
import { enforceAccess } from "./domain/member/guard.ts";
import { certificateSecret, sessionSecret } from "./domain/member/secret.ts";
import { FileService } from "./domain/file/files.ts";
import { openFileStore } from "./domain/file/storage.ts";
import { serveCachedFiles } from "./domain/file/public-cache.ts";
import { DERIVE_CHANNEL } from "./domain/file/derive-worker.ts";

/** NOTIFY channel: a file changed, drop its cached derivatives (domain/file/public-cache.ts). */
const FILE_CACHE_CHANNEL = "file_cache";
import { href, type State } from "./state.ts";
import defaultManifest from "./routes.gen.ts";

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

export interface App {
  fetch(req: Request, info?: { remoteAddr?: Deno.Addr }): Promise<Response>;
  database: Database;
  sites: SiteDirectory;
  pageCache: PageCache;
  files: FileService;
}

export interface AppOptions {
  config: Config;
  database: Database;
  manifest?: Manifest;
}

/** Cache hits answered before Hono get a request id too, as every other answer does. */
function withRequestId(answer: (req: Request) => MaybeResponse, trustProxy: boolean) {
  return async (req: Request) => {
    const res = await answer(req);
    res?.headers.append("x-request-id", requestIdFor(req, trustProxy));
    return res;
  };
}

type MaybeResponse = Response | undefined | Promise<Response | undefined>;

export async function createApp({ config, database, manifest = defaultManifest }: AppOptions): Promise<App> {
  const sites = new SiteDirectory(database.db, config);
  await sites.listen(database);
  const pageCache = new PageCache(() => sites.generation, config.pageCacheSeconds * 1000);
  const secret = await sessionSecret(database.db, config.sessionSecret);
  const certificateKey = await certificateSecret(database.db, config.certificateSecret);
  const files = new FileService(database.db, openFileStore(config));
  files.onChange = (id) => database.notify(FILE_CACHE_CHANNEL, String(id));
  if (config.deriveWorker) files.wakeWorker = () => database.notify(DERIVE_CHANNEL, "");
  await database.listen(FILE_CACHE_CHANNEL, (id) => files.publicCache.dropFile(Number(id)));
  const staticFiles = new StaticFiles(STATIC_DIR, "/_islands/");
  await staticFiles.load();

  const fresh = createFreshApp<State>({
    manifest,
    staticFiles,
    islandAssets: await readIslandAssets(ISLANDS_DIR),
    basePaths: Object.keys(LOCALE_BASE_PATHS),
    use: [
      requestId(config),
      securityHeaders(config),
      personalNoStore(),
      healthCheck(),
      compressText(),
    ],
    beforeRouting: [
      serveCachedPages({ sites, pageCache, maintenance: config.maintenance, trustProxy: config.trustProxy }),
      serveCachedFiles(files.publicCache, config),
    ].map((answer) => withRequestId(answer, config.trustProxy)),
    createState(c: Context, basePath: string, remoteAddr: string): State {
      const locale = LOCALE_BASE_PATHS[basePath] ?? DEFAULT_LOCALE;
      return {
        config,
        db: database.db,
        sites,
        pageCache,
        files,
        staticFiles,
        requestId: String(c.get("requestId" as never) ?? ""),
        locale,
        basePath,
        t: createTranslator(locale),
        site: null,
        menu: [],
        layout: "default",
        cacheable: false,
        sessionSecret: secret,
        certificateSecret: certificateKey,
        viewer: ANONYMOUS,
        user: null,
        sessionToken: null,
        sessionKind: null,
        csrfToken: "",
        clientIp: clientAddress(c.req.raw, remoteAddr, config.proxies),
        https: isHttps(c.req.raw, config.trustProxy),
      };
    },
    isJsonPath: isApiPath,
    authorize(access, { state }, file) {
      // The API denies by default: a call is open to anonymous visitors only when its route says so.
      enforceAccess(access ?? (file.startsWith("api/") ? "signed-in" : "public"), state);
    },
    jsonError(err, status, ctx) {
      const headers = err instanceof HttpError ? err.headers : {};
      return Response.json(errorBody(err, status, ctx.state.t), { status, headers });
    },
    pageError(_err, status, { req, state, url }) {
      // SPEC §2.4: an anonymous visitor on a member screen signs in first, then comes back.
      if (status !== 401 || req.method !== "GET" || isSignedIn(state.viewer)) return undefined;
      const back = href(state, url.pathname + url.search);
      return redirect(href(state, `/login?redirect=${encodeURIComponent(back)}`));
    },
    onServerError(err, ctx) {
      console.error(`[${ctx.state.requestId}] ${ctx.req.method} ${ctx.url.pathname}`, err);
    },
  });
  return { fetch: fresh.fetch, database, sites, pageCache, files };
}

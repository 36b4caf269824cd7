// What middleware puts on every request's context, typed once for the whole app (STYLE §2).
import { createDefine, type RouteConfig as FrameworkRouteConfig } from "./framework/define.ts";
import type { Config, Locale } from "./fresh.config.ts";
import type { Db } from "./db/client.ts";
import type { Site } from "./db/schema/site.ts";
import type { Translate } from "./i18n/mod.ts";
import type { MenuItem } from "./domain/site/menu.ts";
import type { SiteDirectory } from "./domain/site/directory.ts";
import type { StaticFiles } from "./framework/static.ts";
import type { PageCache } from "./domain/site/page-cache.ts";
import type { Viewer } from "./domain/member/permissions.ts";
import type { SessionUser } from "./domain/member/viewer.ts";
import type { SessionKind } from "./domain/member/session.ts";
import type { FileService } from "./domain/file/files.ts";
import type { SiteLayoutView } from "./domain/builder/layouts.ts";

/** The page shells of SPEC §2.3 that public pages use. */
export type LayoutName =
  | "default"
  | "sub"
  | "home"
  | "print"
  | "notfound"
  | "anonymous"
  | "authenticated"
  | "agent"
  | "development";

export interface State {
  config: Config;
  db: Db;
  sites: SiteDirectory;
  pageCache: PageCache;
  /** Uploaded files: rows, the store and their derivatives. */
  files: FileService;
  staticFiles?: StaticFiles;
  requestId: string;
  locale: Locale;
  /** "" for Korean, "/en" for English: prefix of every internal link. */
  basePath: string;
  t: Translate;
  /** The site chosen by host name; null only while answering an unknown host. */
  site: Site | null;
  menu: MenuItem[];
  layout: LayoutName;
  /**
   * The site's setting for the layout this screen belongs to (SPEC §2.3: audit, user, builder), when it
   * has one: its shell replaces the route's and its notes frame the content (routes/_layout.tsx).
   */
  siteLayout?: SiteLayoutView;
  /** The document title (the site name is appended). */
  title?: string;
  description?: string;
  /** Set by a route whose anonymous GET answer may be cached and shared. */
  cacheable: boolean;
  sessionSecret: Uint8Array;
  /** Signs certificate codes (domain/member/secret.ts certificateSecret). */
  certificateSecret: Uint8Array;
  /** Who is asking (SPEC §6); ANONYMOUS with id 0 when nobody is signed in. */
  viewer: Viewer;
  user: SessionUser | null;
  /** The session JWT of this request (to end it at sign-out). */
  sessionToken: string | null;
  /** How the session came: the cookie (`browser`) or an Authorization header (`bearer`); null for nobody. */
  sessionKind: SessionKind | null;
  /** The CSRF token forms must send back as `_token`. */
  csrfToken: string;
  /** The client's address (from X-Forwarded-For only behind a trusted proxy), for rate limits. */
  clientIp: string;
  /** Served over https (directly or behind a trusted proxy): cookies get Secure. */
  https: boolean;
  /** A one-time message key shown at the top of the next page (e.g. auth.session_expired). */
  flash?: string;
}

export const define = createDefine<State>();

/** A route's `config` export: its layouts and who may call it (framework/define.ts `access`). */
export type RouteConfig = FrameworkRouteConfig<State>;

/** A link inside the current locale's site: "/about" → "/en/about" on the English site. */
export function href(state: Pick<State, "basePath">, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  return path === "/" ? (state.basePath || "/") : `${state.basePath}${path}`;
}

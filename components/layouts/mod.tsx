// The page shells of SPEC §2.3, chosen by `state.layout` in routes/_layout.tsx. Server-rendered, no
// JavaScript: drop-downs open on :hover/:focus-within, the mobile menu is a <details>.
import type { ComponentChildren, ComponentType } from "preact";
import { menuTitle } from "../../domain/site/menu.ts";
import { href, type LayoutName, type State } from "../../state.ts";
import { type Crumb, crumbsFor } from "../ui/Breadcrumb.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Alert } from "../ui/Alert.tsx";
import type { MessageKey } from "../../i18n/mod.ts";
import { SiteFooter } from "./Footer.tsx";
import { SiteHeader, siteName } from "./Header.tsx";
import { activeTrail, type MenuContext, menuContext, SectionNav } from "./nav.tsx";

export { LanguageSwitch, Logo, otherLanguageHref, SiteHeader, siteName } from "./Header.tsx";
export { SiteFooter } from "./Footer.tsx";
export { activeTrail, MainNav, menuContext, MenuToggle, normalizePath, SectionNav } from "./nav.tsx";

export interface ShellProps {
  state: State;
  url: URL;
  children: ComponentChildren;
}

/** Header, the shell's own <main>, footer. */
function Frame({ state, url, main }: { state: State; url: URL; main: (ctx: MenuContext) => ComponentChildren }) {
  const ctx = menuContext(state, url);
  return (
    <div class={`site site-${state.layout}`}>
      <SiteHeader state={state} url={url} ctx={ctx} />
      {state.flash && (
        <div class="container flash">
          <Alert kind="info">{state.t(state.flash as MessageKey)}</Alert>
        </div>
      )}
      {main(ctx)}
      <SiteFooter state={state} />
    </div>
  );
}

export function DefaultShell({ state, url, children }: ShellProps) {
  return (
    <Frame
      state={state}
      url={url}
      main={() => (
        <main id="main" class="main main-default">
          <div class="container">{children}</div>
        </main>
      )}
    />
  );
}

/** Page header band (title + breadcrumb) and the section menu beside the content; stacked on mobile. */
export function SubShell({ state, url, children }: ShellProps) {
  return (
    <Frame
      state={state}
      url={url}
      main={(ctx) => {
        const trail = activeTrail(state.menu, ctx.path);
        const last = trail.at(-1);
        const title = state.title ?? (last ? menuTitle(last, state.locale) : "");
        const nav = SectionNav({ ctx });
        return (
          <main id="main" class="main main-sub">
            <PageHeader t={state.t} title={title} crumbs={crumbsFor(state, trail, ctx.path, title)} band />
            <div class={nav ? "container sub-body has-snb" : "container sub-body"}>
              {nav}
              <div class="sub-content">{children}</div>
            </div>
          </main>
        );
      }}
    />
  );
}

/** Full-width main: the home page's own `.hero` and `.section` blocks span the window. */
export function HomeShell({ state, url, children }: ShellProps) {
  return (
    <Frame
      state={state}
      url={url}
      main={() => <main id="main" class="main main-home">{children}</main>}
    />
  );
}

/** A plain printable page: the site's name, the title and the content; no menus. */
export function PrintShell({ state, children }: ShellProps) {
  return (
    <div class="site site-print">
      <header class="print-header">
        <p class="print-site">{siteName(state)}</p>
      </header>
      <main id="main" class="print-main">
        {state.title && <h1 class="page-title">{state.title}</h1>}
        {children}
      </main>
    </div>
  );
}

/** Error screens (SPEC §2.4, §8): the content is a centred `.error-screen`. */
export function NotFoundShell({ state, url, children }: ShellProps) {
  return (
    <Frame
      state={state}
      url={url}
      main={() => (
        <main id="main" class="main main-error">
          <div class="container">{children}</div>
        </main>
      )}
    />
  );
}

/** Login, register, password screens: a narrow centred card. */
export function AnonymousShell({ state, url, children }: ShellProps) {
  return (
    <Frame
      state={state}
      url={url}
      main={() => (
        <main id="main" class="main main-auth">
          <div class="auth-card">
            {state.title && <h1 class="auth-title">{state.title}</h1>}
            {children}
          </div>
        </main>
      )}
    />
  );
}

/** Member screens: the default shell with a my-page band (title, breadcrumb through "My page"). */
export function AuthenticatedShell({ state, url, children }: ShellProps) {
  const { t } = state;
  const mypage = t("site.mypage");
  const title = state.title ?? mypage;
  const crumbs: Crumb[] = [{ label: t("site.home"), href: href(state, "/") }, {
    label: mypage,
    href: href(state, "/mypage"),
  }];
  if (title !== mypage) crumbs.push({ label: title });
  return (
    <Frame
      state={state}
      url={url}
      main={() => (
        <main id="main" class="main main-member">
          <PageHeader t={t} title={title} crumbs={crumbs} band />
          <div class="container member-body">{children}</div>
        </main>
      )}
    />
  );
}

/**
 * Pages opened inside the council's app (`?view=app`, SPEC §2.3 "agent"): the app draws its own header and
 * navigation, so the shell is the page's title and content alone — a link back to the full site below.
 * The query is part of the page-cache key, so the app's copy and the browser's never mix.
 */
export function AgentShell({ state, url, children }: ShellProps) {
  const full = new URL(url);
  full.searchParams.delete("view");
  return (
    <div class="site site-agent">
      <main id="main" class="main main-agent">
        <div class="container">
          {state.title && <h1 class="page-title">{state.title}</h1>}
          {children}
          <p class="agent-site-link">
            <a href={href(state, full.pathname + full.search)}>{state.t("site.openFullSite")}</a>
          </p>
        </div>
      </main>
    </div>
  );
}

/** A page of the menu that is still being prepared (SPEC §2.3 "development"): the site's frame and a notice. */
export function DevelopmentShell({ state, url, children }: ShellProps) {
  return (
    <Frame
      state={state}
      url={url}
      main={() => (
        <main id="main" class="main main-development">
          <div class="container">
            {state.title && <h1 class="page-title">{state.title}</h1>}
            {children}
          </div>
        </main>
      )}
    />
  );
}

/** The shells a content page may be shown in inside the app (the others keep their own frame). */
const APP_VIEWABLE: readonly LayoutName[] = ["default", "sub", "home", "development"];

/**
 * The shell of a request: the route's choice — or its site's setting for the layout the screen belongs to
 * (state.siteLayout), except on an error screen — or the app's shell when the app asked (`?view=app`).
 */
export function shellName(state: State, url: URL): LayoutName {
  const layout = state.siteLayout && state.layout !== "notfound" ? state.siteLayout.shell : state.layout;
  return url.searchParams.get("view") === "app" && APP_VIEWABLE.includes(layout) ? "agent" : layout;
}

export const layouts: Record<LayoutName, ComponentType<ShellProps>> = {
  default: DefaultShell,
  sub: SubShell,
  home: HomeShell,
  print: PrintShell,
  notfound: NotFoundShell,
  anonymous: AnonymousShell,
  authenticated: AuthenticatedShell,
  agent: AgentShell,
  development: DevelopmentShell,
};

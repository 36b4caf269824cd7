// The site header: skip link, utility bar (tagline, language switch), logo and main menu.
import { canSeeManagementLink } from "../../domain/member/permissions.ts";
import { menuTitle } from "../../domain/site/menu.ts";
import { href, type State } from "../../state.ts";
import { CsrfField } from "../ui/CsrfField.tsx";
import { MainNav, type MenuContext, MenuToggle } from "./nav.tsx";

/** The site's name in the page's language (the English name when there is one). */
export function siteName(state: State): string {
  const site = state.site;
  if (!site) return state.t("site.fallbackName");
  return state.locale === "en" && site.nameEn ? site.nameEn : site.name;
}

/** The same page in the other language; `url.pathname` never carries the /en prefix. */
export function otherLanguageHref(state: State, url: URL): string {
  const path = url.pathname + url.search;
  if (state.basePath) return path;
  return url.pathname === "/" ? `/en${url.search}` : `/en${path}`;
}

export function LanguageSwitch({ state, url }: { state: State; url: URL }) {
  const other = state.locale === "en" ? "ko" : "en";
  return (
    <a class="lang-switch" href={otherLanguageHref(state, url)} hreflang={other} lang={other}>
      {state.t("site.switchTo")}
    </a>
  );
}

export function Logo({ state, class: className = "logo" }: { state: State; class?: string }) {
  const name = siteName(state);
  const site = state.site;
  // The other language's name under the main one, as on the signboards of Korean public bodies.
  const secondary = site && (state.locale === "en" ? (site.nameEn ? site.name : "") : site.nameEn);
  return (
    <a class={className} href={href(state, "/")}>
      <span class="logo-mark" aria-hidden="true"></span>
      <span class="logo-text">
        <span class="logo-name">{name}</span>
        {secondary && <span class="logo-sub" aria-hidden="true">{secondary}</span>}
      </span>
    </a>
  );
}

const WIDE_CHAR = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3040-\u30ff\u4e00-\u9fff]/;

/** A rough width in px of a bold label: Hangul and CJK are about 1 em wide, Latin letters about 0.6 em. */
function labelWidth(text: string, px: number): number {
  let width = 0;
  for (const ch of text) width += WIDE_CHAR.test(ch) ? px : px * (ch === " " ? .3 : .6);
  return width;
}

/**
 * Where the main menu goes: beside the logo ("inline"), on its own row under the logo ("stacked") for a
 * site with many or long menu titles (the English ones are longer), with smaller type ("dense") when even
 * that row is tight. Decided on the server because CSS cannot tell when a flex row wraps.
 */
export function headerMode(state: State): "inline" | "stacked" | "dense" {
  // At full size a label is 17 px bold with 22 px padding each side (site.css .gnb-link).
  const text = state.menu.reduce((w, item) => w + labelWidth(menuTitle(item, state.locale), 17), 0);
  const logo = 50 + labelWidth(siteName(state), 21);
  if (logo + 32 + text + 44 * state.menu.length <= 1240) return "inline";
  return text + 34 * state.menu.length <= 1200 ? "stacked" : "dense";
}

/** Sign in and join for visitors; name, my page, management (SPEC §6) and sign out for members. */
function MemberLinks({ state, url }: { state: State; url: URL }) {
  const { t, user } = state;
  if (!user) {
    const here = url.pathname + url.search;
    const login = here === "/" ? "/login" : `/login?redirect=${encodeURIComponent(href(state, here))}`;
    return (
      <>
        <li>
          <a href={href(state, login)}>{t("auth.login")}</a>
        </li>
        <li>
          <a href={href(state, "/register")}>{t("auth.register")}</a>
        </li>
      </>
    );
  }
  const name = state.locale === "en" && user.nameEn ? user.nameEn : user.name;
  return (
    <>
      <li class="utility-user">{t("auth.greeting", { name })}</li>
      <li>
        <a href={href(state, "/mypage")}>{t("auth.mypage")}</a>
      </li>
      {canSeeManagementLink(state.viewer) && (
        <li>
          <a href="/management">{t("auth.management")}</a>
        </li>
      )}
      <li>
        <form method="post" action={href(state, "/logout")} class="utility-logout">
          <CsrfField state={state} />
          <button type="submit">{t("auth.logout")}</button>
        </form>
      </li>
    </>
  );
}

export function SiteHeader({ state, url, ctx }: { state: State; url: URL; ctx: MenuContext }) {
  const { t } = state;
  return (
    <>
      <a class="skip-link" href="#main">{t("site.skipToContent")}</a>
      <header class="site-header">
        <div class="utility">
          <div class="container utility-inner">
            <p class="utility-tagline">{t("site.tagline")}</p>
            <ul class="utility-links">
              <MemberLinks state={state} url={url} />
              <li class="utility-lang">
                <LanguageSwitch state={state} url={url} />
              </li>
            </ul>
          </div>
        </div>
        <div class={`header-bar header-${headerMode(state)}`}>
          <div class="container header-inner">
            <Logo state={state} />
            {state.menu.length > 0 && <MenuToggle ctx={ctx} />}
            <MainNav ctx={ctx} />
          </div>
        </div>
      </header>
    </>
  );
}

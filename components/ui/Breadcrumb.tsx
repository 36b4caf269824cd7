// "You are here": home › section › page. The last crumb is the current page (aria-current).
import { type MenuItem, menuTitle } from "../../domain/site/menu.ts";
import type { Translate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  href?: string;
}

export function Breadcrumb({ t, items }: { t: Translate; items: Crumb[] }) {
  if (!items.length) return null;
  return (
    <nav class="breadcrumb" aria-label={t("site.breadcrumb")}>
      <ol>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={i} class={i === 0 ? "breadcrumb-home" : undefined}>
              {last || !item.href
                ? <span aria-current={last ? "page" : undefined}>{item.label}</span>
                : <a href={item.href}>{item.label}</a>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Crumbs from the home page down a menu trail (see `activeTrail`), ending at `title` when the page
 * itself is not a menu item (a post under its board).
 */
export function crumbsFor(state: State, trail: MenuItem[], path: string, title?: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: state.t("site.home"), href: href(state, "/") }];
  for (const item of trail) {
    if (item.url === "/") continue;
    crumbs.push({ label: menuTitle(item, state.locale), href: href(state, item.url) });
  }
  const last = trail.at(-1);
  if (title && (!last || last.url !== path) && title !== crumbs.at(-1)?.label) crumbs.push({ label: title });
  return crumbs;
}

// Menus of the shells: the main menu (drop-downs by CSS :hover/:focus-within on desktop, a panel opened by
// a checkbox on phones), the section menu of the `sub` layout, and which items are "current" for a path.
import { type MenuItem, menuTitle, sectionOf, trailTo } from "../../domain/site/menu.ts";
import { href, type State } from "../../state.ts";

/** "/about/" → "/about"; the root stays "/". */
export function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") || "/" : path;
}

/**
 * The items leading to `path`: the exact trail when a menu item links to it, otherwise the deepest item
 * whose URL is a folder of the path (a board post under its board), so its section still lights up.
 */
export function activeTrail(tree: MenuItem[], path: string): MenuItem[] {
  const exact = trailTo(tree, path);
  if (exact.length) return exact;
  let best: MenuItem[] = [];
  const walk = (items: MenuItem[], trail: MenuItem[]) => {
    for (const item of items) {
      const here = [...trail, item];
      const url = normalizePath(item.url);
      if (url.startsWith("/") && url !== "/" && path.startsWith(`${url}/`) && here.length > best.length) best = here;
      walk(item.children, here);
    }
  };
  walk(tree, []);
  return best;
}

export interface MenuContext {
  state: State;
  path: string;
  active: Set<number>;
}

export function menuContext(state: State, url: URL): MenuContext {
  const path = normalizePath(url.pathname);
  return { state, path, active: new Set(activeTrail(state.menu, path).map((i) => i.id)) };
}

function MenuLink({ item, ctx, class: className }: { item: MenuItem; ctx: MenuContext; class?: string }) {
  const current = normalizePath(item.url) === ctx.path;
  return (
    <a class={className} href={href(ctx.state, item.url)} aria-current={current ? "page" : undefined}>
      {menuTitle(item, ctx.state.locale)}
    </a>
  );
}

const activeClass = (ctx: MenuContext, item: MenuItem, base: string) =>
  ctx.active.has(item.id) ? `${base} is-active` : base;

/** Menu items, each with its children as a sub-list when `open` says so (the main and section menus). */
function MenuItems({ items, ctx, item: itemClass, link, sub, open }: {
  items: MenuItem[];
  ctx: MenuContext;
  item: string;
  link: string;
  sub: string;
  open: (item: MenuItem) => boolean;
}) {
  return (
    <>
      {items.map((item) => (
        <li key={item.id} class={activeClass(ctx, item, item.children.length ? `${itemClass} has-sub` : itemClass)}>
          <MenuLink item={item} ctx={ctx} class={link} />
          {item.children.length > 0 && open(item) && (
            <ul class={sub}>
              {item.children.map((child) => (
                <li key={child.id} class={activeClass(ctx, child, `${sub}-item`)}>
                  <MenuLink item={child} ctx={ctx} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </>
  );
}

/** The main menu: drop-downs on desktop, a panel opened by MenuToggle on phones. */
export function MainNav({ ctx }: { ctx: MenuContext }) {
  if (!ctx.state.menu.length) return null;
  return (
    <nav class="gnb" aria-label={ctx.state.t("site.mainMenu")}>
      <ul class="gnb-list">
        <MenuItems items={ctx.state.menu} ctx={ctx} item="gnb-item" link="gnb-link" sub="gnb-sub" open={() => true} />
      </ul>
    </nav>
  );
}

/**
 * The mobile menu button: a visually hidden checkbox and its label, so the one main menu opens as a panel
 * on small screens without JavaScript (the menu is rendered once, not twice). Hidden above 720 px.
 * The label is the checkbox's name (its hidden text), so it stays exposed: a label associated with a
 * control must not be aria-hidden (HTML-ARIA), and its icon is decoration.
 */
export function MenuToggle({ ctx }: { ctx: MenuContext }) {
  return (
    <>
      <input type="checkbox" id="nav-toggle" class="nav-toggle" />
      <label for="nav-toggle" class="mnav-toggle">
        <span class="mnav-icon" aria-hidden="true"></span>
        <span class="visually-hidden">{ctx.state.t("site.openMenu")}</span>
      </label>
    </>
  );
}

/** The left menu of the `sub` layout: the current section's children, grandchildren under the active one. */
export function SectionNav({ ctx }: { ctx: MenuContext }) {
  const section = sectionOf(ctx.state.menu, ctx.path) ??
    ctx.state.menu.find((item) => ctx.active.has(item.id));
  if (!section || !section.children.length) return null;
  const title = menuTitle(section, ctx.state.locale);
  return (
    <nav class="snb" aria-labelledby="snb-title">
      <h2 class="snb-title" id="snb-title">{title}</h2>
      <ul class="snb-list">
        <MenuItems
          items={section.children}
          ctx={ctx}
          item="snb-item"
          link="snb-link"
          sub="snb-sub"
          open={(item) => ctx.active.has(item.id)}
        />
      </ul>
    </nav>
  );
}

// The layouts of SPEC §2.3 per sub-site, with English variants (/management/layout, issue 15 §4): for each
// named layout and language, the page shell it uses and a notice shown above the content and a note below
// it. A content page names its layout (pages.layout); the audit screens, my page and the builder are the
// pages of the audit, user and builder layouts (ROUTE_LAYOUTS, applied by the root middleware). Without a
// row a layout draws its usual shell (DEFAULT_SHELLS) and no notes.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { type SiteLayoutRow, siteLayouts } from "../../db/schema/builder.ts";
import { LOCALES } from "../../fresh.config.ts";
import { plainProperty } from "./tree.ts";

/** SPEC §2.3's per-sub-site layouts. */
export const SITE_LAYOUTS = ["default", "sub", "audit", "user", "print", "builder", "home"] as const;
export type SiteLayoutName = typeof SITE_LAYOUTS[number];
/** The shells a layout can use (components/layouts); `authenticated` is the member frame with the my-page band. */
export const SHELLS = ["default", "sub", "home", "print", "authenticated"] as const;
export type Shell = typeof SHELLS[number];

/** The shell each layout draws while its site has not set one: what those pages have always used. */
export const DEFAULT_SHELLS: Record<SiteLayoutName, Shell> = {
  default: "default",
  sub: "sub",
  audit: "default",
  user: "authenticated",
  print: "print",
  builder: "default",
  home: "home",
};

/**
 * The application's screens that are a layout's pages (path prefixes, locale prefix already removed):
 * the judges' audit screens, my page, the page builder.
 */
const ROUTE_LAYOUTS: readonly [string, SiteLayoutName][] = [
  ["/audit", "audit"],
  ["/audit-award", "audit"],
  ["/mypage", "user"],
  ["/builder", "builder"],
];

/** The layout a screen of the application belongs to, or null (content pages name theirs). */
export function routeLayoutName(path: string): SiteLayoutName | null {
  for (const [prefix, name] of ROUTE_LAYOUTS) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return name;
  }
  return null;
}

/** What a screen of a layout draws: the site's row for the layout and language, when it has one. */
export interface SiteLayoutView {
  name: SiteLayoutName;
  shell: Shell;
  notice: string;
  footerNote: string;
}

export function siteLayoutView(rows: readonly SiteLayoutRow[], name: SiteLayoutName, locale: string) {
  const row = rows.find((r) => r.name === name && r.locale === locale);
  if (!row) return null;
  const shell = (SHELLS as readonly string[]).includes(row.shell) ? row.shell as Shell : DEFAULT_SHELLS[name];
  return { name, shell, notice: row.notice, footerNote: row.footerNote } satisfies SiteLayoutView;
}

export const LayoutInput = z.object({
  name: z.enum(SITE_LAYOUTS, "builder.option_invalid"),
  locale: z.enum(LOCALES, "builder.option_invalid"),
  shell: z.enum(SHELLS, "builder.option_invalid"),
  notice: z.string().max(500, "builder.too_long").transform(plainProperty).default(""),
  footer_note: z.string().max(500, "builder.too_long").transform(plainProperty).default(""),
});
export type LayoutInput = z.infer<typeof LayoutInput>;

export async function layoutRows(tx: Tx, siteId: number): Promise<SiteLayoutRow[]> {
  return await tx.select().from(siteLayouts).where(eq(siteLayouts.siteId, siteId));
}

export async function saveLayout(tx: Tx, siteId: number, input: LayoutInput): Promise<void> {
  await tx.insert(siteLayouts).values({
    siteId,
    name: input.name,
    locale: input.locale,
    shell: input.shell,
    notice: input.notice,
    footerNote: input.footer_note,
  }).onConflictDoUpdate({
    target: [siteLayouts.siteId, siteLayouts.name, siteLayouts.locale],
    set: { shell: input.shell, notice: input.notice, footerNote: input.footer_note, updatedAt: new Date() },
  });
}

/** The layout a page renders with in a language: its row's shell and notes, or the name's own shell. */
export async function layoutFor(tx: Tx, siteId: number, name: string, locale: string) {
  const [row] = await tx.select().from(siteLayouts)
    .where(and(eq(siteLayouts.siteId, siteId), eq(siteLayouts.name, name), eq(siteLayouts.locale, locale))).limit(1);
  return row ?? null;
}

// The layouts of SPEC §2.3 per sub-site, with English variants (/management/layout, issue 15 §4): for each
// named layout and language, the page shell it uses and a notice shown above the content and a note below
// it. A page names its layout (pages.layout); without a row the layout is its own shell.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { type SiteLayoutRow, siteLayouts } from "../../db/schema/builder.ts";
import { LOCALES } from "../../fresh.config.ts";
import { plainProperty } from "./tree.ts";

/** SPEC §2.3's per-sub-site layouts. */
export const SITE_LAYOUTS = ["default", "sub", "audit", "user", "print", "builder", "home"] as const;
/** The shells a layout can use (components/layouts). */
export const SHELLS = ["default", "sub", "home", "print"] as const;
export type Shell = typeof SHELLS[number];

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

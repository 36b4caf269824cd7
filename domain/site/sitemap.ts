// The rows a site's sitemap lists (domain/site/seo.ts writes it): the site's published content pages
// (pages_site_path_idx) and the awards of both families (a small table). Two queries; the answer is kept
// in the page cache like any anonymous page, so an edit to pages or awards (NOTIFY site_cache) renews it.
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { awards } from "../../db/schema/award.ts";
import { pages } from "../../db/schema/site.ts";
import { AWARD_FAMILIES } from "../award/options.ts";
import { awardPages, type SitemapPage } from "./seo.ts";

export async function sitemapPages(tx: Tx, siteId: number, now: Date): Promise<SitemapPage[]> {
  const [contentRows, awardRows] = await Promise.all([
    tx.select({ path: pages.path, lastmod: pages.updatedAt }).from(pages)
      .where(and(eq(pages.siteId, siteId), eq(pages.published, true))).orderBy(asc(pages.path)),
    tx.select({
      family: awards.family,
      year: awards.year,
      updatedAt: awards.updatedAt,
      submitFrom: awards.submitFrom,
      submitTo: awards.submitTo,
      auditAt: awards.auditAt,
      preAt: awards.preAt,
      offTo: awards.offTo,
      resultAt: awards.resultAt,
      displayFrom: awards.displayFrom,
      displayTo: awards.displayTo,
      closeAt: awards.closeAt,
    }).from(awards),
  ]);
  return [...contentRows, ...awardPages(AWARD_FAMILIES, awardRows, now)];
}

// How sites and pages are shown: the localized view of a page and the JSON shapes of SPEC §3.
import type { PageRow, Site } from "../../db/schema/site.ts";
import type { Locale } from "../../fresh.config.ts";
import type { LayoutName } from "../../state.ts";

const PAGE_LAYOUTS: LayoutName[] = ["default", "sub", "home", "print"];

export function pageLayout(name: string | null | undefined): LayoutName {
  return PAGE_LAYOUTS.includes(name as LayoutName) ? name as LayoutName : "default";
}

export interface PageView {
  id: number;
  path: string;
  title: string;
  description: string;
  layout: LayoutName;
  /** Sanitised on write; shown as HTML. An English page without English content shows the Korean one. */
  content: string;
  updated_at: string;
}

export function localizePage(row: PageRow, locale: Locale): PageView {
  const en = locale === "en";
  return {
    id: row.id,
    path: row.path,
    title: (en && row.titleEn) || row.title,
    description: (en && row.descriptionEn) || row.description,
    layout: pageLayout(row.layout),
    content: (en && row.contentEn) || row.content,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function siteJson(site: Site, locale: Locale) {
  const en = locale === "en";
  return {
    id: site.id,
    name: (en && site.nameEn) || site.name,
    title: (en && site.titleEn) || site.title,
    description: (en && site.descriptionEn) || site.description,
    keywords: site.keywords,
    og_image: site.ogImage ? `/storage/public/${site.ogImage}` : null,
    locale: site.locale,
    home_url: site.homeUrl,
    pay: { module: site.payModule },
  };
}

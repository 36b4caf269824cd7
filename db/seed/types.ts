// Shapes of the demo seed data (db/seed.ts). Page content is written as trusted, hand-written HTML in the
// design system's class vocabulary (hero, section, card-grid, stats, lead, table, timeline, callout) and
// rebuilt as builder trees when seeded (db/seed/html-tree.ts): every seeded page is a builder page.

/** One menu item; its `sort` follows the array order (10, 20, 30 …) among its siblings. */
export interface MenuSeed {
  title: string;
  titleEn: string;
  /** A site path such as `/about/greeting`; the English renderer adds `/en` itself. */
  url: string;
  layout?: string | null;
  hidden?: boolean;
  children?: readonly MenuSeed[];
}

/** One content page of a site. */
export interface PageSeed {
  /** Percent-encoded ASCII path, `/` for the home page. */
  path: string;
  layout: "home" | "sub" | "default";
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
  /**
   * The page's words as HTML, under 4 KB per language, turned into its builder trees by the seed. Links are
   * site-relative and the same in both languages (the English ones under /en).
   */
  content: string;
  contentEn: string;
  published?: boolean;
}

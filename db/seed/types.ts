// Shapes of the demo seed data (db/seed.ts). Content is trusted, hand-written HTML using the design
// system's class vocabulary (hero, section, card-grid, stats, notice-list, lead, table, timeline, callout).

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
  /** HTML, under 4 KB per language. Links are site-relative and identical in both languages. */
  content: string;
  contentEn: string;
  published?: boolean;
}

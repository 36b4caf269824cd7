// The award's option lists and constants (SPEC §3 option lists, §4 states, §9). Browser-safe: no imports,
// so islands, routes, the schema and the database seed all read the same values. Labels are message keys
// (`award.<group>.<value>`), translated by i18n; this file only names them.

/** The two award families: same lists, judges and entries, served under /api/award and /api/ibda. */
export const AWARD_FAMILIES = ["award", "ibda"] as const;
export type AwardFamily = typeof AWARD_FAMILIES[number];

/** Design branches; the numbers are the stored category values. */
export const DESIGN_CATEGORIES = [10, 20, 30, 40, 50, 110] as const;
export type DesignCategory = typeof DESIGN_CATEGORIES[number];
/** English slugs of the branches, for CSS classes, CSV headers and URLs. */
export const CATEGORY_SLUGS: Record<DesignCategory, string> = {
  10: "product",
  20: "communication",
  30: "craft",
  40: "environment",
  50: "fashion",
  110: "service",
};
/** SPEC §3/§9 "ranking category 6": how many categories the ranked lists group winners by. */
export const RANKING_CATEGORY_COUNT = 6;

/**
 * SPEC §3 judge categories of each judge role: the IBDA's general and student panels, DCB's 11 design fields
 * and the shoes (footwear) panel. Stored on the panel row; labels `judging.judgeCategory.<value>`.
 */
export const JUDGE_CATEGORIES = {
  ibda: ["general", "student"],
  dcb: [
    "product",
    "visual",
    "packaging",
    "digital",
    "environment",
    "interior",
    "craft",
    "fashion",
    "textile",
    "service",
    "brand",
  ],
  shoes: ["shoes"],
} as const;
export type PanelRole = keyof typeof JUDGE_CATEGORIES;
/** The judge roles that sit on each family's panels: the IBDA its own judges, the design award DCB and shoes. */
export const PANEL_ROLES: Record<AwardFamily, readonly PanelRole[]> = { ibda: ["ibda"], award: ["dcb", "shoes"] };

/** SPEC §3 exhibitor categories. Only `company` pays the entry fee. */
export const EXHIBITOR_TYPES = ["company", "general", "student", "invited", "recommended"] as const;
export type ExhibitorType = typeof EXHIBITOR_TYPES[number];
/** Invited or recommended designers may enter one work only. */
export const INVITED_EXHIBITOR_TYPES: readonly ExhibitorType[] = ["invited", "recommended"];

/** SPEC §3 "elementary, middle, high, etc.": asked of student entrants. */
export const SCHOOL_TYPES = ["elementary", "middle", "high", "university", "graduate", "other"] as const;
export type SchoolType = typeof SCHOOL_TYPES[number];

/** Work types: an image work, a data (document) work, digital content (video, web, app at a URL). */
export const WORK_TYPES = ["image", "data", "digital"] as const;
export type WorkType = typeof WORK_TYPES[number];

/** SPEC §4 my-page entry states, stored as they are named there. */
export const ENTRY_STATUSES = [
  "submitted",
  "cancel",
  "complete",
  "pay_incomplete",
  "pay_complete",
  "display",
  "waiting",
  "approved",
  "rejected",
  "selected",
  "eliminated",
  "progress",
  "terminated",
  "scheduled",
  "result",
  "examine",
  "final",
] as const;
export type EntryStatus = typeof ENTRY_STATUSES[number];

/** Prize ranks that also exist as a special-topic variant (`<rank>_s`). */
const TOPIC_RANKS = [
  "grand",
  "gold",
  "silver",
  "bronze",
  "excellence",
  "prize",
  "special",
  "idea",
  "selected",
] as const;
type TopicRank = `${typeof TOPIC_RANKS[number]}_s`;
/** SPEC §3 award ranks, special-topic variants ending `_s` included. */
export const AWARD_RANKS = [
  "grand",
  "gold",
  "silver",
  "bronze",
  "grand2",
  "excellence",
  "prize",
  "special",
  "idea",
  "selected",
  "sponsor",
  "nominee",
  ...TOPIC_RANKS.map((r): TopicRank => `${r}_s`),
  "invited",
  "recommended",
] as const;
export type AwardRank = typeof AWARD_RANKS[number];

/** SPEC §4 award phase and award status (derived from the dates, never stored). */
export const AWARD_PHASES = ["submit", "judge", "off", "result", "none"] as const;
export type AwardPhase = typeof AWARD_PHASES[number];
export const AWARD_STATUSES = ["scheduled", "ongoing", "terminated"] as const;
export type AwardStatus = typeof AWARD_STATUSES[number];

// ---------- Constants (SPEC §9) ----------

/** The phase is read from the clock minus this (a grace period after each date). */
export const PHASE_OFFSET_MS = 2 * 60 * 60 * 1000;
/** Award dates are wall-clock times in UTC+9 (Korea has no daylight saving time). */
export const AWARD_UTC_OFFSET_MINUTES = 9 * 60;
/** Integer KRW, added to a company entrant's entry. */
export const COMPANY_ENTRY_FEE = 100_000;
export const MAX_ENTRIES = 2;
/** The limit when entering as an invited or recommended designer. */
export const MAX_ENTRIES_INVITED = 1;
export const MAX_SUB_DESIGNERS = 3;
export const MAX_VIDEO_SECONDS = 3 * 60;
export const DEFAULT_PER_PAGE = 8;
/** The award list a select box loads at once. */
export const SELECTION_PER_PAGE = 1000;
/** Caps on the file ids one entry names, as the files domain's entry_image and entry_attachment rules. */
export const MAX_DETAIL_IMAGES = 5;
export const MAX_ATTACHMENTS = 5;

// ---------- Label keys ----------

export const LABEL_GROUPS = {
  family: AWARD_FAMILIES,
  category: DESIGN_CATEGORIES,
  exhibitor: EXHIBITOR_TYPES,
  school: SCHOOL_TYPES,
  work_type: WORK_TYPES,
  entry_status: ENTRY_STATUSES,
  rank: AWARD_RANKS,
  phase: AWARD_PHASES,
  status: AWARD_STATUSES,
} as const;
export type LabelGroup = keyof typeof LABEL_GROUPS;
export type LabelValue<G extends LabelGroup> = typeof LABEL_GROUPS[G][number];

/** The message key of an option's label: `labelKey("category", 10)` → `award.category.10`. */
export function labelKey<G extends LabelGroup>(group: G, value: LabelValue<G>): `award.${G}.${LabelValue<G>}` {
  return `award.${group}.${value}`;
}

/** Every label key, for a test that i18n translates them all. */
export function allLabelKeys(): string[] {
  return Object.entries(LABEL_GROUPS).flatMap(([group, values]) =>
    (values as readonly (string | number)[]).map((v) => `award.${group}.${v}`)
  );
}

const oneOf = <T extends string | number>(list: readonly T[]) => (v: unknown): v is T =>
  (list as readonly unknown[]).includes(v);
export const isAwardFamily = oneOf(AWARD_FAMILIES);
export const isDesignCategory = oneOf<DesignCategory>(DESIGN_CATEGORIES);
export const isExhibitorType = oneOf(EXHIBITOR_TYPES);
export const isWorkType = oneOf(WORK_TYPES);
export const isEntryStatus = oneOf(ENTRY_STATUSES);
export const isAwardRank = oneOf<AwardRank>(AWARD_RANKS);
export const isInvitedExhibitor = (t: ExhibitorType): boolean => INVITED_EXHIBITOR_TYPES.includes(t);

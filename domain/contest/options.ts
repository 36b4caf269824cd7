// The contest area's option lists and constants (SPEC §3 contest design fields, logo and website styles,
// contest ranks; §9 extension, tax, latest 4). Browser-safe: the wizard island reads the same lists.

/** SPEC §3 "Contest design fields: brand, edit, product, web, arch, etc., with subfields". */
export const CONTEST_FIELDS = ["brand", "edit", "product", "web", "arch", "etc"] as const;
export type ContestField = typeof CONTEST_FIELDS[number];

export const SUB_FIELDS: Record<ContestField, readonly string[]> = {
  brand: ["logo", "ci", "bi", "naming"],
  edit: ["poster", "leaflet", "book", "package"],
  product: ["product", "goods", "character"],
  web: ["website", "app", "banner"],
  arch: ["interior", "exterior", "signage"],
  etc: ["etc"],
};

/** Fields whose images are for the web or an app: 72 dpi instead of 300 (SPEC §5). */
export const WEB_FIELDS: readonly ContestField[] = ["web"];

export const LOGO_STYLES = ["text", "symbol", "emblem", "calligraphy"] as const;
export type LogoStyle = typeof LOGO_STYLES[number];
export const WEBSITE_STYLES = ["pc", "mobile", "responsive"] as const;
export type WebsiteStyle = typeof WEBSITE_STYLES[number];

export const CONTEST_LANGUAGES = ["ko", "en"] as const;
export type ContestLanguage = typeof CONTEST_LANGUAGES[number];

/** Who may enter (SPEC §6 "some contests restrict entry to a member type"). */
export const ENTRY_RESTRICTIONS = ["any", "member", "company"] as const;
export type EntryRestriction = typeof ENTRY_RESTRICTIONS[number];

/** SPEC §3 contest ranks. */
export const CONTEST_RANKS = [
  "grand",
  "gold",
  "silver",
  "bronze",
  "best",
  "excellence",
  "participation",
  "selected",
  "sponsor",
  "nominee",
] as const;
export type ContestRank = typeof CONTEST_RANKS[number];

/** The council's side of a contest: unpaid (prize not paid yet) → pending → approved | rejected. */
export const CONTEST_APPROVALS = ["unpaid", "pending", "approved", "rejected"] as const;
export type ContestApproval = typeof CONTEST_APPROVALS[number];

/** SPEC §4 contest statuses (derived). */
export const CONTEST_STATUSES = ["preparing", "ongoing", "judging", "terminated"] as const;
export type ContestStatus = typeof CONTEST_STATUSES[number];

export const CONTEST_ENTRY_STATUSES = ["submitted", "withdrawn"] as const;
export type ContestEntryStatus = typeof CONTEST_ENTRY_STATUSES[number];

export const PAYOUT_STATUSES = ["pending", "paid"] as const;
export type PayoutStatus = typeof PAYOUT_STATUSES[number];

/** The prize places (first mandatory, second and third optional). */
export const PRIZE_PLACES = [1, 2, 3] as const;
export type PrizePlace = typeof PRIZE_PLACES[number];

/** The payments row's target_type of a contest's prize money (db/schema/pay.ts). */
export const TARGET_CONTEST_PRIZE = "contest_prize";

// ---------- Constants (SPEC §9; "fee percentage and minimum prize total: configured elsewhere") ----------

/** The smallest prize total a contest may offer (integer KRW), shown in the wizard. */
export const MIN_PRIZE_TOTAL = 1_000_000;
/** The registration fee kept from a refund when nobody entered (integer KRW). */
export const REGISTRATION_FEE = 100_000;
/** The card company's fee kept from a refund, in tenths of a percent (3.3 %). */
export const CARD_FEE_PER_MILLE = 33;
/** Withholding tax on prize money, in tenths of a percent (4.4 %). */
export const WITHHOLDING_PER_MILLE = 44;
/** Extension: at most 2, each 15 days, while fewer than 5 entries (SPEC §4, §9). */
export const MAX_EXTENSIONS = 2;
export const EXTENSION_DAYS = 15;
export const EXTENSION_ENTRY_LIMIT = 5;
/** Entrant counts 1–4: half the prize comes back and the works are not used. */
export const PARTIAL_REFUND_PERCENT = 50;
/** SPEC §5: a counselling opinion has at least 50 characters. */
export const COUNSEL_MIN_LENGTH = 50;
/** SPEC §9: the contest list shows the latest 4 first. */
export const LATEST_CONTESTS = 4;

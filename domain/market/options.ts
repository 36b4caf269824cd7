// The market's option lists and pure rules (SPEC §1 design market, §3 Market product, §4 market statuses,
// §9): the two kinds of goods, their categories, the price range and the shape of a Korean rights number.
// Browser-safe (no imports): the wizard island checks the same rules before the server checks again.

/** Design goods, or intellectual property (a registered design, a patent …). */
export const MARKET_TYPES = ["design", "intellect"] as const;
export type MarketType = typeof MARKET_TYPES[number];

/** Categories of design goods (the award's design branches, SPEC §3 option lists). */
export const DESIGN_CATEGORIES = ["product", "communication", "craft", "environment", "fashion", "service"] as const;

/**
 * Kinds of intellectual property and the right code KIPO numbers begin with: 10 patent, 20 utility model,
 * 30 design, 40 trademark.
 */
export const RIGHT_CODES = { patent: "10", utility: "20", design_right: "30", trademark: "40" } as const;
export type RightKind = keyof typeof RIGHT_CODES;
export const INTELLECT_CATEGORIES = Object.keys(RIGHT_CODES) as RightKind[];

export const CATEGORIES: Record<MarketType, readonly string[]> = {
  design: DESIGN_CATEGORIES,
  intellect: INTELLECT_CATEGORIES,
};

export function isCategoryOf(type: MarketType, category: string): boolean {
  return CATEGORIES[type].includes(category);
}

/** Wanted price in integer KRW: from 0 (price on request) up to one trillion won. */
export const PRICE_MAX = 1_000_000_000_000;

export function isValidPrice(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= PRICE_MAX;
}

/**
 * The shape of a Korean industrial-property number for its kind (KIPO): an application number
 * `CC-YYYY-NNNNNNN` (right code, filing year, serial) or a registration number `CC-NNNNNNN` with an
 * optional `-0000` suffix, where CC is the kind's right code. Spaces around the hyphens are tolerated.
 */
export function rightsNumberShape(kind: RightKind, value: string): "application" | "registration" | null {
  const code = RIGHT_CODES[kind];
  const v = value.trim().replace(/\s*-\s*/g, "-");
  const application = /^(\d{2})-(\d{4})-(\d{7})$/.exec(v);
  if (application) {
    const year = Number(application[2]);
    return application[1] === code && year >= 1946 && year <= 2100 ? "application" : null;
  }
  const registration = /^(\d{2})-(\d{7})(-0000)?$/.exec(v);
  if (registration) return registration[1] === code && registration[2] !== "0000000" ? "registration" : null;
  return null;
}

/** The rights number as stored: trimmed, hyphens without spaces. */
export const normalRightsNumber = (value: string) => value.trim().replace(/\s*-\s*/g, "-");

export const PRODUCT_STATUSES = ["waiting", "approved", "rejected", "finished"] as const;
export type ProductStatus = typeof PRODUCT_STATUSES[number];

export const REQUEST_STATUSES = ["requested", "on_going", "finished", "canceled"] as const;
export type RequestStatus = typeof REQUEST_STATUSES[number];

/** Images of a product (the thumbnail is the first). */
export const MAX_IMAGES = 5;

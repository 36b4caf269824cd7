// The market's payloads (SPEC §2.5 market registration, §5, §7), shared by the plain forms, the JSON calls and
// the registration wizard's island (browser-safe: zod and the option lists only). Field names are the forms'
// (snake_case); every refusal is a message key of i18n/<locale>/market.ts.
import { z } from "zod";
import {
  CATEGORIES,
  INTELLECT_CATEGORIES,
  isCategoryOf,
  MARKET_TYPES,
  MAX_IMAGES,
  normalRightsNumber,
  PRICE_MAX,
  type RightKind,
  rightsNumberShape,
} from "./options.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (max: number) => z.string().trim().max(max, "market.too_long").default("");
const required = (max: number) => z.string().trim().min(1, "market.required").max(max, "market.too_long");
const id = z.coerce.number().int().min(1).max(2_147_483_647);
/** One value or a repeated form field, as a list. */
const list = <T extends z.ZodType>(item: T, max: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(item).max(max, message),
  );

/** Integer KRW from a form ("1,200,000") or JSON: 0 (price on request) up to PRICE_MAX. */
export const Price = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const clean = v.replace(/[,\s₩원]/g, "");
    return /^\d{1,16}$/.test(clean) ? Number(clean) : Number.NaN;
  },
  z.number({ message: "market.price_invalid" }).int("market.price_invalid").min(0, "market.price_invalid")
    .max(PRICE_MAX, "market.price_invalid"),
);

/** A calendar day (YYYY-MM-DD) that exists and is not in the future (a filing date). */
export const PastDay = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, "market.date_invalid").refine((day) => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day &&
    date.getTime() <= Date.now() + 86_400_000 && day >= "1946-01-01";
}, "market.date_invalid");

// ---------- Registration wizard (SPEC §2.5: goods type, product info, completion) ----------

export const TypeStep = z.object({
  type: z.enum(MARKET_TYPES, { message: "market.type_required" }),
});

const DetailsBase = z.object({
  type: z.enum(MARKET_TYPES, { message: "market.type_required" }),
  category: z.string().trim().min(1, "market.category_required").max(40),
  title: required(200),
  title_en: text(200),
  summary: required(500),
  summary_en: text(500),
  description: text(5000),
  description_en: text(5000),
  price: Price,
  thumbnail_id: z.preprocess(blank, id.optional()),
  image_ids: list(id, MAX_IMAGES - 1, "market.too_many_images"),
  rights_number: text(40),
  application_date: z.preprocess(blank, PastDay.optional()),
  ip_file_id: z.preprocess(blank, id.optional()),
});

/**
 * The product's details for its type: a category of the type; a thumbnail; for intellectual property the
 * rights number in the shape of its kind (KIPO application `CC-YYYY-NNNNNNN` or registration `CC-NNNNNNN`),
 * the application date and the IP file (PDF). Design goods carry none of the three.
 */
export const DetailsStep = DetailsBase.superRefine((v, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (!isCategoryOf(v.type, v.category)) issue("category", "market.category_required");
  if (!v.thumbnail_id) issue("thumbnail_id", "market.thumbnail_required");
  if (v.type !== "intellect") return;
  if (!v.rights_number) issue("rights_number", "market.rights_required");
  else if (
    (INTELLECT_CATEGORIES as string[]).includes(v.category) &&
    !rightsNumberShape(v.category as RightKind, v.rights_number)
  ) issue("rights_number", "market.rights_shape");
  if (!v.application_date) issue("application_date", "market.date_invalid");
  if (!v.ip_file_id) issue("ip_file_id", "market.ip_required");
}).transform((v) => ({
  ...v,
  rights_number: v.type === "intellect" ? normalRightsNumber(v.rights_number) : "",
  application_date: v.type === "intellect" ? v.application_date ?? null : null,
  ip_file_id: v.type === "intellect" ? v.ip_file_id ?? null : null,
}));

export const MARKET_STEPS = { 1: TypeStep, 2: DetailsStep } as const;
export type MarketStep = keyof typeof MARKET_STEPS;
export type ProductInput = z.infer<typeof DetailsStep>;

/** The fields a registration draft may keep. */
export const MARKET_DRAFT_FIELDS: ReadonlySet<string> = new Set([
  "type",
  "category",
  "title",
  "title_en",
  "summary",
  "summary_en",
  "description",
  "description_en",
  "price",
  "thumbnail_id",
  "image_ids",
  "rights_number",
  "application_date",
  "ip_file_id",
]);

/** The file fields of the details step: the form's file input, the id field it fills, its upload purpose. */
export const PRODUCT_FILES = {
  thumbnail_id: { input: "thumbnail_file", purpose: "market_image", many: false },
  image_ids: { input: "image_files", purpose: "market_image", many: true },
  ip_file_id: { input: "ip_file", purpose: "market_ip", many: false },
} as const;
export type ProductFileField = keyof typeof PRODUCT_FILES;

// ---------- Purchase requests ----------

export const RequestInput = z.object({
  message: required(2000),
  contact: required(200),
});
export type RequestInput = z.infer<typeof RequestInput>;

export const BanInput = z.object({ reason: required(1000) });

// ---------- Public lists (SPEC §7 GET /api/market/{type}) ----------

export const MARKET_ORDERS = ["newest", "price_asc", "price_desc"] as const;
export type MarketOrder = typeof MARKET_ORDERS[number];
/** On sale (approved) by default; `sold` lists the finished ones. */
export const LIST_STATUSES = ["on_sale", "sold"] as const;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

export const ProductListQuery = z.object({
  page: optional(z.coerce.number().int().min(1).max(1_000_000)).transform((v) => v ?? 1),
  perpage: optional(z.coerce.number().int().min(1).max(100)).transform((v) => v ?? 8),
  q: z.preprocess(blank, z.string().trim().min(2, "manage.search_short").max(100).optional()),
  category: optional(z.string().trim().max(40)),
  price_min: optional(Price),
  price_max: optional(Price),
  award: optional(z.enum(["1", "true", "on"])).transform((v) => v !== undefined),
  order: optional(z.enum(MARKET_ORDERS)).transform((v) => v ?? "newest"),
  status: optional(z.enum(LIST_STATUSES)).transform((v) => v ?? "on_sale"),
  lang: optional(z.enum(["ko", "en"])),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** The categories a list may filter by (an unknown one is a bad query). */
export function checkListCategory(type: (typeof MARKET_TYPES)[number], category: string | undefined): boolean {
  return category === undefined || CATEGORIES[type].includes(category);
}

/** The `{type}` of a market path: design or intellect; anything else is no market (null, answered 404). */
export function marketTypeOf(value: unknown): (typeof MARKET_TYPES)[number] | null {
  return (MARKET_TYPES as readonly unknown[]).includes(value) ? value as (typeof MARKET_TYPES)[number] : null;
}

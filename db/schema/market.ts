// The design market (SPEC §1, §3 Market product, §4 market statuses): products of two types (design goods,
// intellectual property) that members register and the council approves, and the buyers' purchase
// requests. The request count is kept on the product in the transaction of every request; at most one
// request of a product is on_going or finished (a partial unique index), so two sellers' clicks taking two
// requests forward at once cannot both win.
import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, label, now } from "./columns.ts";
import { users } from "./member.ts";
import { files } from "./file.ts";
import { entries } from "./award.ts";
import type { MarketType, ProductStatus, RequestStatus } from "../../domain/market/options.ts";

const fileRef = (name: string) => integer(name).references(() => files.id, { onDelete: "set null" });

export const marketProducts = pgTable("market_products", {
  id: serial("id").primaryKey(),
  sellerId: integer("seller_id").notNull().references(() => users.id, { onDelete: "restrict" }),
  type: text("type").$type<MarketType>().notNull(),
  /** A design-goods category, or the kind of right for intellectual property (domain/market/options.ts). */
  category: text("category").notNull(),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  summary: label("summary"),
  summaryEn: label("summary_en"),
  description: label("description"),
  descriptionEn: label("description_en"),
  thumbnailId: fileRef("thumbnail_id"),
  imageIds: integer("image_ids").array().notNull().default(sql`'{}'::integer[]`),
  /** The IP file (PDF): the seller, administrators and a buyer whose request is on_going read it. */
  ipFileId: fileRef("ip_file_id"),
  /** Intellectual property: the KIPO application or registration number and the application date. */
  rightsNumber: label("rights_number"),
  applicationDate: date("application_date", { mode: "string" }),
  /** Wanted price in integer KRW (0 = on request). */
  price: bigint("price", { mode: "number" }).notNull(),
  /**
   * An award winner's work: registered from an award entry (SPEC §3 Entry: market auto-register flag) that
   * won a prize; the lists' "award winner" filter. `entryId` links every product registered from an entry.
   */
  awardFlag: boolean("award_flag").notNull().default(false),
  entryId: integer("entry_id").references(() => entries.id, { onDelete: "set null" }),
  requestCount: integer("request_count").notNull().default(0),
  status: text("status").$type<ProductStatus>().notNull().default("waiting"),
  rejectReason: label("reject_reason"),
  decidedAt: at("decided_at"),
  decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
  soldAt: at("sold_at"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  // Public lists: newest and by price, per type and status, optionally per category and award flag.
  index("market_products_list_idx").on(t.type, t.status, t.id),
  index("market_products_price_idx").on(t.type, t.status, t.price, t.id),
  index("market_products_category_idx").on(t.type, t.status, t.category, t.id),
  // Award winners (1 in 20) with the other filters inside the index: their count reads the index alone
  // (580 of 100,000 rows in 0.2 ms, where the heap read took 7 ms), and it serves every award order.
  index("market_products_award_idx").on(t.type, t.status, t.category, t.price, t.id).where(sql`${t.awardFlag}`),
  index("market_products_seller_idx").on(t.sellerId, t.id),
  index("market_products_queue_idx").on(t.status, t.id),
  uniqueIndex("market_products_entry_idx").on(t.entryId).where(sql`${t.entryId} is not null`),
  // The file routes ask which product an IP file belongs to (domain/market/files.ts).
  index("market_products_ip_file_idx").on(t.ipFileId).where(sql`${t.ipFileId} is not null`),
]);

export const marketRequests = pgTable("market_requests", {
  id: serial("id").primaryKey(),
  productId: integer("product_id").notNull().references(() => marketProducts.id, { onDelete: "cascade" }),
  buyerId: integer("buyer_id").notNull().references(() => users.id, { onDelete: "restrict" }),
  message: label("message"),
  contact: label("contact"),
  status: text("status").$type<RequestStatus>().notNull().default("requested"),
  forwardedAt: at("forwarded_at"),
  finishedAt: at("finished_at"),
  canceledAt: at("canceled_at"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  index("market_requests_product_idx").on(t.productId, t.status, t.id),
  index("market_requests_buyer_idx").on(t.buyerId, t.id),
  // One request taken forward (or finished) per product: the second of two at once fails here.
  uniqueIndex("market_requests_winner_idx").on(t.productId).where(sql`${t.status} in ('on_going', 'finished')`),
  // One open request per buyer and product.
  uniqueIndex("market_requests_open_idx").on(t.productId, t.buyerId).where(
    sql`${t.status} in ('requested', 'on_going')`,
  ),
]);

export type MarketProductRow = typeof marketProducts.$inferSelect;
export type MarketRequestRow = typeof marketRequests.$inferSelect;

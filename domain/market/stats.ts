// /management/statistics/market (SPEC §2.2, issue 18 §5): products by status and type, purchase requests by
// status, and the sales of the last twelve months (products sold, and their wanted prices summed), each drawn
// as a server-side SVG chart with its data table (components/chart/BarChart.tsx).
import { and, eq, gte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { marketProducts, marketRequests } from "../../db/schema/market.ts";
import { MARKET_TYPES, PRODUCT_STATUSES, REQUEST_STATUSES } from "./options.ts";

export interface MarketStatistics {
  /** Products per type and status. */
  products: { type: string; status: string; n: number }[];
  requests: { key: string; n: number }[];
  /** Per month (YYYY-MM in Seoul), oldest first: products sold and the sum of their prices. */
  sales: { month: string; n: number; amount: number }[];
}

/** The twelve months up to `now`'s, as YYYY-MM in Asia/Seoul. */
export function lastMonths(now: Date, count = 12): string[] {
  const seoul = new Date(now.getTime() + 9 * 3600_000);
  const y = seoul.getUTCFullYear(), m = seoul.getUTCMonth();
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

export async function marketStatistics(db: Tx, now = new Date()): Promise<MarketStatistics> {
  const products = await db.select({
    type: marketProducts.type,
    status: marketProducts.status,
    n: sql<number>`count(*)::int`,
  }).from(marketProducts).groupBy(marketProducts.type, marketProducts.status);
  const requests = await db.select({ key: marketRequests.status, n: sql<number>`count(*)::int` })
    .from(marketRequests).groupBy(marketRequests.status);
  const months = lastMonths(now);
  const since = new Date(`${months[0]}-01T00:00:00+09:00`);
  const month = sql<string>`to_char(${marketProducts.soldAt} at time zone 'Asia/Seoul', 'YYYY-MM')`;
  const sold = await db.select({
    month,
    n: sql<number>`count(*)::int`,
    amount: sql<number>`coalesce(sum(${marketProducts.price}), 0)::bigint`,
  }).from(marketProducts).where(and(eq(marketProducts.status, "finished"), gte(marketProducts.soldAt, since)))
    .groupBy(sql`1`);
  return {
    products: MARKET_TYPES.flatMap((type) =>
      PRODUCT_STATUSES.map((status) => ({
        type,
        status,
        n: Number(products.find((r) => r.type === type && r.status === status)?.n ?? 0),
      }))
    ),
    requests: REQUEST_STATUSES.map((key) => ({ key, n: Number(requests.find((r) => r.key === key)?.n ?? 0) })),
    sales: months.map((m) => {
      const row = sold.find((r) => r.month === m);
      return { month: m, n: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
    }),
  };
}

// Uniqueness checks (SPEC §5, §7 GET /api/validation/unique): how many rows already hold a value, for a
// table and column named by the client. Only the pairs below may be asked about; a name is never put
// into SQL, it only picks one of these prepared conditions.
import { and, count, eq, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { users } from "../../db/schema/member.ts";
import { consume } from "./rate-limit.ts";

const UNIQUE_COLUMNS = {
  "users.username": (value: string) => eq(users.username, value.toLowerCase()),
  // e-mail addresses are unique whatever their case (the index is on lower(email))
  "users.email": (value: string) => sql`lower(${users.email}) = ${value.toLowerCase()}`,
} satisfies Record<string, (value: string) => SQL | undefined>;

export type UniqueColumn = keyof typeof UNIQUE_COLUMNS;

export const UniqueQuery = z.object({
  table: z.string().max(64),
  column: z.string().max(64),
  value: z.string().trim().min(1, "error.validation").max(254, "error.validation"),
  id: z.string().regex(/^\d{1,10}$/, "error.validation").transform(Number).optional(),
}).superRefine((q, ctx) => {
  if (!(`${q.table}.${q.column}` in UNIQUE_COLUMNS)) {
    ctx.addIssue({ code: "custom", path: ["column"], message: "error.validation" });
  }
});
export type UniqueQuery = z.infer<typeof UniqueQuery>;

/** 60 checks a minute per client address (research/security.md: no bulk enumeration of accounts). */
export const uniqueLimit = (clientIp: string) => ({ bucket: `unique:ip:${clientIp}`, max: 60, windowSeconds: 60 });

/** Rows holding `value` in that column, leaving out row `excludeId` (the member editing their own data). */
export async function countTaken(tx: Tx, column: UniqueColumn, value: string, excludeId?: number): Promise<number> {
  const condition = UNIQUE_COLUMNS[column](value.trim());
  const [row] = await tx.select({ n: count() }).from(users)
    .where(excludeId ? and(condition, ne(users.id, excludeId)) : condition);
  return Number(row.n);
}

/** GET /api/validation/unique: rate limited, then the count (valid when below 1). */
export async function checkUnique(tx: Tx, query: UniqueQuery, clientIp: string): Promise<{ count: number }> {
  await consume(tx, [uniqueLimit(clientIp)]);
  const column = `${query.table}.${query.column}` as UniqueColumn;
  return { count: await countTaken(tx, column, query.value, query.id) };
}

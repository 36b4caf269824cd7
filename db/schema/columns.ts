// Column shapes every area's schema uses: a moment with its time zone, its creation-time default, and a
// text that is empty rather than null. (It imports no table, so every schema file may import it.)
import { text, timestamp } from "drizzle-orm/pg-core";

export const at = (name: string) => timestamp(name, { withTimezone: true });
export const now = (name: string) => at(name).notNull().defaultNow();
export const label = (name: string) => text(name).notNull().default("");

// The key sessions are signed with: SESSION_SECRET when set, otherwise one generated on first start and
// kept in the database, so every instance on that database signs and verifies alike.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appSettings } from "../../db/schema/settings.ts";

export async function sessionSecret(db: Db, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("SESSION_SECRET must be at least 32 characters");
    return new TextEncoder().encode(fromEnv);
  }
  const generated = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48))));
  await db.insert(appSettings).values({ key: "session_secret", value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, sql`'session_secret'`));
  return new TextEncoder().encode(row.value);
}

// Server keys: SESSION_SECRET (or CERTIFICATE_SECRET) when set, otherwise one generated on first start and kept
// in the database, so every instance on that database signs and verifies alike. Certificates have a key of
// their own: a printed certificate's QR code must stay valid when the session key is rotated.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appSettings } from "../../db/schema/settings.ts";

async function keptSecret(db: Db, name: string, fromEnv: string | undefined, envName: string): Promise<Uint8Array> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error(`${envName} must be at least 32 characters`);
    return new TextEncoder().encode(fromEnv);
  }
  const generated = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48))));
  await db.insert(appSettings).values({ key: name, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, name));
  return new TextEncoder().encode(row.value);
}

export function sessionSecret(db: Db, fromEnv?: string): Promise<Uint8Array> {
  return keptSecret(db, "session_secret", fromEnv, "SESSION_SECRET");
}

/** The key certificate codes are signed with (domain/judging/certificates.ts), never rotated with sessions. */
export function certificateSecret(db: Db, fromEnv?: string): Promise<Uint8Array> {
  return keptSecret(db, "certificate_secret", fromEnv, "CERTIFICATE_SECRET");
}

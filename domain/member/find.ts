// Finding the user ID (SPEC §2.1 /find): by name and e-mail, answered by mail in the member's language.
// The screen says the same thing, in about the same time, whether or not a member matched (ASVS 6.3.8);
// limits as for reset links (limitMailRequest).
import { and, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";
import { queueMail } from "../mail/outbox.ts";
import { findUsernameMail } from "../mail/templates.ts";
import { answerAfter, EmailInput, limitMailRequest, MIN_ANSWER_MS } from "./password-reset.ts";

export const FindInput = EmailInput.extend({
  name: z.string({ error: "account.required" }).trim().min(1, "account.required").max(100, "account.too_long"),
});
export type FindInput = z.infer<typeof FindInput>;

export async function findUsername(
  db: Db,
  config: Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">,
  input: FindInput,
  clientIp: string,
) {
  const email = input.email.toLowerCase();
  const mayMail = await limitMailRequest(db, "find", email, clientIp);
  await answerAfter(MIN_ANSWER_MS, async () => {
    await db.transaction(async (tx) => {
      // The name as registered in Korean or in English, ignoring case and surrounding spaces.
      const name = input.name.toLowerCase();
      const [user] = await tx.select().from(users).where(and(
        sql`lower(${users.email}) = ${email}`,
        or(sql`lower(trim(${users.name})) = ${name}`, sql`lower(trim(${users.nameEn})) = ${name}`),
        isNull(users.withdrawnAt),
      )).limit(1);
      if (user && mayMail) await queueMail(tx, config, findUsernameMail(config, user));
    });
  });
}

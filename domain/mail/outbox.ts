// Mail is written to the outbox in the same transaction as the change that causes it (DESIGN §3 "nothing
// lost"); domain/mail/deliver.ts sends it. Bodies are plain text in the member's language.
import type { Tx } from "../../db/client.ts";
import { outbox } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";
import { type Push, queuePush } from "../notify/push.ts";

export interface Mail {
  to: string;
  subject: string;
  body: string;
  locale: string;
  /** SPEC §3 Notification payload: 2 is "other notification". */
  type?: number;
  /** The same event as a push notification to the member's devices (issue 23 §10), written alongside. */
  push?: Push;
}

export async function queueMail(tx: Tx, config: Pick<Config, "mailFrom" | "mailFromName">, mail: Mail) {
  const [row] = await tx.insert(outbox).values({
    to: mail.to,
    fromName: config.mailFromName,
    fromEmail: config.mailFrom,
    subject: mail.subject,
    body: mail.body,
    locale: mail.locale,
    type: mail.type ?? 1,
  }).returning({ id: outbox.id });
  if (mail.push) await queuePush(tx, mail.push);
  return row.id;
}

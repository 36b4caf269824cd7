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

type Sender = Pick<Config, "mailFrom" | "mailFromName">;

/** The outbox row of a mail. */
const outboxRow = (config: Sender, mail: Mail) => ({
  to: mail.to,
  fromName: config.mailFromName,
  fromEmail: config.mailFrom,
  subject: mail.subject,
  body: mail.body,
  locale: mail.locale,
  type: mail.type ?? 1,
});

export async function queueMail(tx: Tx, config: Sender, mail: Mail) {
  const [row] = await tx.insert(outbox).values(outboxRow(config, mail)).returning({ id: outbox.id });
  if (mail.push) await queuePush(tx, mail.push);
  return row.id;
}

/**
 * Many mails in one statement (a change that tells hundreds of members at once, as a market request taken
 * forward cancels every other one): the same rows as queueMail each, without a round trip per mail.
 */
export async function queueMails(tx: Tx, config: Sender, mails: Mail[]) {
  // 7 parameters a row: 1,000 rows a statement stay far below PostgreSQL's 65,535.
  for (let i = 0; i < mails.length; i += 1000) {
    await tx.insert(outbox).values(mails.slice(i, i + 1000).map((mail) => outboxRow(config, mail)));
  }
  for (const mail of mails) if (mail.push) await queuePush(tx, mail.push);
}

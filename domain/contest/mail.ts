// The contest area's mails (issue 12 §7), in each member's own language, through the outbox in the
// transaction of the change that causes them: approval or rejection to the host, new entries to the host,
// the closing reminder to the host, the results to every entrant, the counselling answer to the host.
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { users } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";
import type { Locale } from "../../fresh.config.ts";
import { createTranslator, formatDate, type MessageKey, toLocale, type Translate } from "../../i18n/mod.ts";
import { queueMail } from "../mail/outbox.ts";
import { pushOfMail } from "../notify/push.ts";
import { mailLink } from "../mail/templates.ts";

type Params = Record<string, string | number>;
type MailConfig = Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">;

export interface ContestMailFacts {
  id: number;
  title: string;
  titleEn: string;
}

/** Queues one mail to a member: subject and body keys of `contest.mail`, with the contest's title. */
export async function mailMember(
  tx: Tx,
  config: MailConfig,
  userId: number,
  contest: ContestMailFacts,
  kind: "approved" | "rejected" | "entry" | "result" | "closing" | "counsel",
  /** Extra placeholders; a function when they depend on the member's language (dates, rank names). */
  params: Params | ((locale: Locale, t: Translate) => Params) = {},
  path = `/contest/${contest.id}`,
): Promise<void> {
  const [to] = await tx.select({ email: users.email, name: users.name, nameEn: users.nameEn, locale: users.locale })
    .from(users).where(eq(users.id, userId));
  if (!to?.email) return;
  const locale = toLocale(to.locale);
  const t = createTranslator(locale);
  const title = locale === "en" && contest.titleEn ? contest.titleEn : contest.title;
  const name = locale === "en" && to.nameEn ? to.nameEn : to.name;
  const extra = typeof params === "function" ? params(locale, t) : params;
  const all = { title, name, link: mailLink(config, locale, path), ...extra };
  const subject = t(`contest.mail.${kind}Subject` as MessageKey, all);
  await queueMail(tx, config, {
    to: to.email,
    subject,
    body: `${t(`contest.mail.${kind}Body` as MessageKey, all)}\n\n--\n${t("account.mail.signature")}\n`,
    locale,
    push: pushOfMail(userId, "contest", locale, subject, path),
  });
}

export function mailDate(date: Date, locale: Locale): string {
  return formatDate(date, locale);
}

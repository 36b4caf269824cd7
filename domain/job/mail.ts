// The job portal's and talent sharing's mails (issue 19 §5), in each member's own language, through the
// outbox in the transaction of the change that causes them: a new application (to the company or the
// share's owner), the decision (to the applicant), "your posting closes tomorrow" (to the company), and
// "your resume was removed" with the administrator's reason (to its owner).
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { users } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";
import { createTranslator, formatDate, type MessageKey, toLocale } from "../../i18n/mod.ts";
import { queueMail } from "../mail/outbox.ts";
import { mailLink } from "../mail/templates.ts";

export type MailConfig = Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">;
export type JobMailKind = "application" | "accepted" | "declined" | "closing" | "removed";

/** A title in both languages: the mail picks the member's. */
export interface Titled {
  title: string;
  titleEn: string;
}

/**
 * Queues one mail to a member: `job.mail.<kind>Subject/Body` (or `job.share.mail.…` for `area` share),
 * with the title and the member's name, and a link to `path` on the site of their language.
 */
export async function mailMember(
  tx: Tx,
  config: MailConfig,
  userId: number,
  area: "job" | "share",
  kind: JobMailKind,
  subject: Titled,
  path: string,
  params: Record<string, string | number> = {},
  /** The applicant's name in both languages (the mail picks the member's). */
  applicant?: { ko: string; en: string },
): Promise<void> {
  const [to] = await tx.select({ email: users.email, name: users.name, nameEn: users.nameEn, locale: users.locale })
    .from(users).where(eq(users.id, userId));
  if (!to?.email) return;
  const locale = toLocale(to.locale);
  const t = createTranslator(locale);
  const all = {
    title: locale === "en" && subject.titleEn ? subject.titleEn : subject.title,
    name: locale === "en" && to.nameEn ? to.nameEn : to.name,
    link: mailLink(config, locale, path),
    ...params,
    ...(applicant ? { applicant: locale === "en" ? applicant.en : applicant.ko } : {}),
    ...(typeof params.close === "string" ? { close: formatDate(params.close, locale) } : {}),
  };
  const prefix = area === "job" ? "job.mail" : "job.share.mail";
  await queueMail(tx, config, {
    to: to.email,
    subject: t(`${prefix}.${kind}Subject` as MessageKey, all),
    body: `${t(`${prefix}.${kind}Body` as MessageKey, all)}\n\n--\n${t("account.mail.signature")}\n`,
    locale,
  });
}

/** The applicant's name as the receiver reads it. */
export async function memberName(tx: Tx, userId: number): Promise<{ ko: string; en: string }> {
  const [row] = await tx.select({ name: users.name, nameEn: users.nameEn }).from(users).where(eq(users.id, userId));
  return { ko: row?.name ?? "", en: row?.nameEn || row?.name || "" };
}

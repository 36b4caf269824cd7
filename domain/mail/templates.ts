// The mails members get, in the member's own language (users.locale), texts from i18n `account.mail.*`.
// Links are built from config.publicUrl, never from the request's Host header (research/security.md §1.7).
import type { Config } from "../../fresh.config.ts";
import { createTranslator, formatDate, type MessageKey, toLocale } from "../../i18n/mod.ts";
import { TOKEN_LIFETIME_MS } from "../member/tokens.ts";
import type { Mail } from "./outbox.ts";

/** What a template needs of the member it writes to. */
export interface Recipient {
  /** The member, when the mail is one of theirs: it then goes to their devices too (domain/notify/push.ts). */
  id?: number;
  email: string;
  name: string;
  nameEn: string;
  locale: string;
}

type MailConfig = Pick<Config, "publicUrl">;

/** An absolute link to a screen of the member's language site (`/en/…` for English). */
export function mailLink(config: MailConfig, locale: string, path: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const base = toLocale(locale) === "en" ? "/en" : "";
  return `${config.publicUrl}${base}${path}${search ? `?${search}` : ""}`;
}

function compose(
  to: Recipient,
  subject: MessageKey,
  body: MessageKey,
  params: Record<string, string | number>,
  address = to.email,
): Mail {
  const locale = toLocale(to.locale);
  const t = createTranslator(locale);
  const name = locale === "en" && to.nameEn ? to.nameEn : to.name;
  return {
    to: address,
    subject: t(subject),
    body: `${t(body, { name, ...params })}\n\n--\n${t("account.mail.signature")}\n`,
    locale,
  };
}

const minutes = (ms: number) => Math.round(ms / 60_000);

export function passwordResetMail(config: MailConfig, to: Recipient, token: string): Mail {
  const link = mailLink(config, to.locale, "/password/reset", { email: to.email, token });
  return compose(to, "account.mail.resetSubject", "account.mail.resetBody", {
    link,
    minutes: minutes(TOKEN_LIFETIME_MS.reset),
  });
}

export function findUsernameMail(config: MailConfig, to: Recipient & { username: string }): Mail {
  const link = mailLink(config, to.locale, "/login");
  return compose(to, "account.mail.findSubject", "account.mail.findBody", { username: to.username, link });
}

/** ASVS 6.3.7: the member hears of a password change they may not have made. */
export function passwordChangedMail(config: MailConfig, to: Recipient, when = new Date()): Mail {
  const link = mailLink(config, to.locale, "/password/forgot");
  return compose(to, "account.mail.changedSubject", "account.mail.changedBody", {
    date: formatDate(when, toLocale(to.locale), "datetime"),
    link,
  });
}

/**
 * Repeated wrong passwords for the member's account (issue 20 §2): the account is not locked, so its owner
 * hears of the guessing instead; domain/member/login.ts sends at most one an hour.
 */
export function loginFailuresMail(
  config: MailConfig,
  to: Recipient & { username: string },
  failures: { count: number; address: string; when: Date },
): Mail {
  return compose(to, "account.mail.loginFailuresSubject", "account.mail.loginFailuresBody", {
    username: to.username,
    count: failures.count,
    address: failures.address,
    date: formatDate(failures.when, toLocale(to.locale), "datetime"),
    link: mailLink(config, to.locale, "/profile"),
  });
}

/** Sent to the old address when the email changes (ASVS 6.3.7). */
export function emailChangedMail(to: Recipient, oldEmail: string, when = new Date()): Mail {
  return compose(to, "account.mail.emailChangedSubject", "account.mail.emailChangedBody", {
    date: formatDate(when, toLocale(to.locale), "datetime"),
    email: to.email,
  }, oldEmail);
}

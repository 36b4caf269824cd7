// The mails an applicant waits on (issue 14 §2–§4): received (or placed on a course's waiting list),
// under review, accepted, rejected with the reason, moved up from the waiting list, and a message staff
// write. In the applicant's language, through the outbox in the transaction of the change.
import type { ApplicationRow, ProgrammeRow } from "../../db/schema/programme.ts";
import type { Config } from "../../fresh.config.ts";
import { createTranslator, formatDate, type MessageKey, toLocale } from "../../i18n/mod.ts";
import { mailLink, type Recipient } from "../mail/templates.ts";
import type { Mail } from "../mail/outbox.ts";
import { pushOfMail } from "../notify/push.ts";
import { titleOf } from "./programmes.ts";

type MailConfig = Pick<Config, "publicUrl">;

function compose(
  to: Recipient,
  subject: MessageKey,
  body: MessageKey,
  params: Record<string, string>,
  path = "/mypage/supports",
): Mail {
  const locale = toLocale(to.locale);
  const t = createTranslator(locale);
  const name = locale === "en" && to.nameEn ? to.nameEn : to.name;
  const title = t(subject, params);
  return {
    to: to.email,
    subject: title,
    body: `${t(body, { name, ...params })}\n\n--\n${t("account.mail.signature")}\n`,
    locale,
    push: to.id ? pushOfMail(to.id, "application", locale, title, path) : undefined,
  };
}

/** The mail of an application's current status (received, waiting, reviewing, accepted, rejected). */
export function applicationMail(
  config: MailConfig,
  to: Recipient,
  programme: Pick<ProgrammeRow, "title" | "titleEn">,
  application: Pick<ApplicationRow, "status" | "reason"> & Partial<Pick<ApplicationRow, "payDue" | "paidAt">>,
  promoted = false,
): Mail {
  const locale = toLocale(to.locale);
  const status = promoted ? "promoted" : application.status;
  // A place held unpaid (domain/programme/fees.ts): the mail says until when to pay.
  const due = (status === "received" || status === "promoted") && application.payDue && !application.paidAt
    ? application.payDue
    : null;
  return compose(
    to,
    `programme.mail.${status}Subject` as MessageKey,
    `programme.mail.${status}${due ? "Pay" : ""}Body` as MessageKey,
    {
      title: titleOf(programme, locale),
      reason: application.reason,
      due: due ? formatDate(due, locale, "datetime") : "",
      link: mailLink(config, locale, "/mypage/supports"),
    },
  );
}

/** A completed course, with the link to the completion certificate in my page. */
export function completionMail(
  config: MailConfig,
  to: Recipient,
  programme: Pick<ProgrammeRow, "title" | "titleEn">,
  applicationId: number,
): Mail {
  const locale = toLocale(to.locale);
  const path = `/mypage/supports/${applicationId}`;
  return compose(to, "programme.mail.completedSubject", "programme.mail.completedBody", {
    title: titleOf(programme, locale),
    link: mailLink(config, locale, path),
  }, path);
}

/** A message staff write to applicants from the review screen. */
export function staffMessageMail(
  to: Recipient,
  programme: Pick<ProgrammeRow, "title" | "titleEn">,
  subject: string,
  message: string,
): Mail {
  const locale = toLocale(to.locale);
  return compose(to, "programme.mail.messageSubject", "programme.mail.messageBody", {
    title: titleOf(programme, locale),
    subject,
    message,
  });
}

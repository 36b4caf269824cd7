// What a certificate says in one language (issue 11 part 7): shared by the print page, the verification
// page and the PDF, so all three always say the same.
import { type AwardRank, labelKey } from "../award/options.ts";
import { createTranslator, formatDate, type Locale } from "../../i18n/mod.ts";
import type { CertificateView } from "./certificates.ts";

/** What the certificate says, in one language. */
export function certificateLines(view: CertificateView, locale: Locale) {
  const t = createTranslator(locale);
  const en = locale === "en";
  const rank = view.rank ? t(labelKey("rank", view.rank as AwardRank)) : "";
  const award = en ? view.award.titleEn : view.award.title;
  const holder = en ? view.holder.nameEn : view.holder.name;
  const work = view.work ? (en ? view.work.titleEn : view.work.title) : "";
  if (view.kind === "completion") {
    // A course's certificate of completion (domain/programme/certificate.ts): the course in the award's place.
    return {
      heading: t("programme.certificate.title"),
      holder,
      work: "",
      rank: "",
      award,
      body: t("programme.certificate.text", { course: award }),
      date: formatDate(view.issuedAt, locale, "long"),
      labels: {
        holder: t("programme.certificate.name"),
        work: t("judging.certificate.work"),
        rank: t("judging.certificate.rank"),
        award: t("programme.certificate.course"),
        date: t("programme.certificate.date"),
        serial: t("programme.certificate.number"),
      },
    };
  }
  return {
    heading: t(view.kind === "prize" ? "judging.certificate.prize" : "judging.certificate.appointment"),
    holder,
    work,
    rank,
    award,
    body: view.kind === "prize"
      ? t("judging.certificate.prizeBody", { award, work, rank })
      : t("judging.certificate.appointmentBody", { award, classification: view.appointment?.classification ?? "" }),
    date: formatDate(view.issuedAt, locale, "long"),
    labels: {
      holder: t("judging.certificate.holder"),
      work: t("judging.certificate.work"),
      rank: t("judging.certificate.rank"),
      award: t("judging.certificate.award"),
      date: t("judging.certificate.date"),
      serial: t("judging.certificate.serial"),
    },
  };
}

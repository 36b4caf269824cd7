// /mypage/supports/{id} (SPEC §2.5 my page: supports): one of the member's own applications — its state,
// a rejection's reason, the answers as given (in the form version they were given in), a course's
// attendance and fee (with the pay button while due), and once the course is completed the certificate of
// completion: signed, with its QR code and verification address like the award certificates, and its A4
// print page (/print). Another member's application is 404 (ids reveal nothing).
import { z } from "zod";
import { page } from "../../../framework/define.ts";
import { Answers } from "../../../components/form/Answers.tsx";
import { ApplicationBadge, FeeStatus, ProgrammeStyles } from "../../../components/programme/Labels.tsx";
import { BASE } from "../../../components/programme/ProgrammePage.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import type { ApplicationRow, ProgrammeRow } from "../../../db/schema/programme.ts";
import { requireForm } from "../../../domain/form/forms.ts";
import type { FormComponent } from "../../../domain/form/model.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { ownApplication } from "../../../domain/programme/applications.ts";
import { certificateCode } from "../../../domain/judging/certificates.ts";
import { certificateQr } from "../../../domain/judging/print.ts";
import { issueCompletionCertificate } from "../../../domain/programme/certificate.ts";
import { sessionCount } from "../../../domain/programme/completion.ts";
import { feeState } from "../../../domain/programme/fees.ts";
import { titleOf } from "../../../domain/programme/programmes.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { formatDate } from "../../../i18n/mod.ts";
import { define, href } from "../../../state.ts";

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2 ** 31 - 1) });

interface View {
  application: ApplicationRow;
  programme: ProgrammeRow;
  tree: FormComponent[];
  /** A completed course's certificate (the judging area's certificates): serial, verification address, QR. */
  certificate: { id: number; serial: string; verifyUrl: string; qr: { size: number; path: string } } | null;
}

export const handler = define.handlers({
  async GET({ state, params }) {
    requireSignedIn(state.viewer);
    const { id } = parseOrThrow(IdParam, params, 400);
    const { a, p } = await ownApplication(state.db, state.viewer, id);
    const form = a.formId ? await requireForm(state.db, a.formId, a.formVersion ?? undefined).catch(() => null) : null;
    const issued = p.kind === "course" ? await issueCompletionCertificate(state.db, a) : null;
    let certificate: View["certificate"] = null;
    if (issued) {
      const qr = certificateQr(state.config.publicUrl, await certificateCode(state.certificateSecret, issued));
      certificate = { id: issued.id, serial: issued.serial, verifyUrl: qr.url, qr: { size: qr.size, path: qr.path } };
    }
    state.layout = "authenticated";
    state.title = titleOf(p, state.locale);
    return page<View>({ application: a, programme: p, tree: form?.version.components ?? [], certificate }, {
      headers: { "cache-control": "no-store" },
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t, locale, user } = state;
  const a = data.application;
  const p = data.programme;
  const sessions = sessionCount(p.sessions);
  const name = locale === "en" && user?.nameEn ? user.nameEn : user?.name ?? "";
  return (
    <>
      <ProgrammeStyles state={state} />
      <p>
        <ApplicationBadge state={state} status={a.status} /> {t("programme.field.appliedAt")}{" "}
        {formatDate(a.createdAt, locale)} · <a href={href(state, `${BASE[p.kind]}/${p.id}`)}>{titleOf(p, locale)}</a>
      </p>
      {a.status === "rejected" && a.reason && (
        <Alert kind="info">{`${t("programme.field.reason")}: ${a.reason}`}</Alert>
      )}
      {p.kind === "course" && <p>{`${t("programme.manage.attendance")}: ${a.attended} / ${sessions}`}</p>}
      {p.kind === "course" && a.fee > 0 && (
        <p>
          {`${t("programme.pay.column")}: `}
          <FeeStatus state={state} application={{ ...a, pay: feeState(a) }} />
        </p>
      )}
      {a.completedAt && data.certificate && (
        <section class="completion-certificate" aria-labelledby="certificate-title">
          <h2 id="certificate-title" class="certificate-title">{t("programme.certificate.title")}</h2>
          <dl class="detail-list">
            <div>
              <dt>{t("programme.certificate.number")}</dt>
              <dd>{data.certificate.serial}</dd>
            </div>
            <div>
              <dt>{t("programme.certificate.name")}</dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>{t("programme.certificate.course")}</dt>
              <dd>{titleOf(p, locale)}</dd>
            </div>
            <div>
              <dt>{t("programme.manage.attendance")}</dt>
              <dd>{`${a.attended} / ${sessions}`}</dd>
            </div>
            <div>
              <dt>{t("programme.certificate.date")}</dt>
              <dd>{formatDate(a.completedAt, locale, "long")}</dd>
            </div>
          </dl>
          <p class="certificate-text">{t("programme.certificate.text", { course: titleOf(p, locale) })}</p>
          <p class="certificate-issuer">
            {locale === "en" && state.site?.nameEn ? state.site.nameEn : state.site?.name}
          </p>
          <svg
            class="completion-qr"
            viewBox={`-2 -2 ${data.certificate.qr.size + 4} ${data.certificate.qr.size + 4}`}
            role="img"
            aria-label={t("judging.certificate.qr")}
            shape-rendering="crispEdges"
          >
            <rect
              x="-2"
              y="-2"
              width={data.certificate.qr.size + 4}
              height={data.certificate.qr.size + 4}
              fill="#fff"
            />
            <path d={data.certificate.qr.path} fill="#000" />
          </svg>
          <p class="certificate-verify">
            {t("judging.certificate.verifyAt")} <a href={data.certificate.verifyUrl}>{data.certificate.verifyUrl}</a>
          </p>
        </section>
      )}
      {data.certificate && (
        <p class="actions">
          <a class="button button-primary" href={href(state, `/print?certificate=${data.certificate.id}`)}>
            {t("programme.certificate.print")}
          </a>
        </p>
      )}
      <h2 class="section-title">{t("programme.manage.answers")}</h2>
      <Answers state={state} tree={data.tree} answers={a.answers} />
      <p class="actions">
        <a class="button button-secondary" href={href(state, "/mypage/supports")}>{t("mypage.section.supports")}</a>
      </p>
    </>
  );
});

// A certificate as an A4 sheet (the /print page: print CSS, no site chrome) and the public verification
// page of /certificate/{code} (issue 11 part 7). Both name the holder, the work, the rank, the award and the
// date in Korean and English; the sheet carries the serial and a QR code of the verification address.
import type { CertificateView } from "../../domain/judging/certificates.ts";
import type { Locale } from "../../i18n/mod.ts";
import { certificateLines } from "../../domain/judging/lines.ts";
import { href, type State } from "../../state.ts";

export type SheetLanguage = "ko" | "en" | "both";

/** Judging's own stylesheet (print sheet, seal, verification page); the site's CSP allows no inline style. */
export function JudgingStyles({ state }: { state: State }) {
  return <link rel="stylesheet" href={state.staticFiles?.url("/css/judging.css") ?? "/css/judging.css"} />;
}

/** Where the print page loads an uploaded seal: the original, inline (the seal's file is public). */
export const sealSrc = (fileId: number) => `/api/file/image/${fileId}`;

function Seal({ view }: { view: CertificateView }) {
  // The award's uploaded seal image when it has one (issue 11 part 7).
  if (view.award.sealId) {
    return <img class="cert-seal" src={sealSrc(view.award.sealId)} alt={`${view.award.titleEn} seal`} />;
  }
  // Otherwise the seal drawn by the server: two rings and the award's family and year.
  return (
    <svg class="cert-seal" viewBox="0 0 120 120" role="img" aria-label={`${view.award.titleEn} seal`}>
      <circle cx="60" cy="60" r="56" fill="none" stroke="#b3261e" stroke-width="4" />
      <circle cx="60" cy="60" r="44" fill="none" stroke="#b3261e" stroke-width="2" />
      <text x="60" y="56" text-anchor="middle" font-size="18" font-weight="700" fill="#b3261e">
        {view.award.family.toUpperCase()}
      </text>
      <text x="60" y="78" text-anchor="middle" font-size="16" fill="#b3261e">{view.award.year}</text>
    </svg>
  );
}

function Side({ view, locale }: { view: CertificateView; locale: Locale }) {
  const l = certificateLines(view, locale);
  return (
    <div class="cert-side" lang={locale}>
      <h2 class="cert-heading">{l.heading}</h2>
      <dl class="cert-facts">
        <div>
          <dt>{l.labels.holder}</dt>
          <dd class="cert-holder">{l.holder}</dd>
        </div>
        {l.work && (
          <div>
            <dt>{l.labels.work}</dt>
            <dd>{l.work}</dd>
          </div>
        )}
        {l.rank && (
          <div>
            <dt>{l.labels.rank}</dt>
            <dd>{l.rank}</dd>
          </div>
        )}
        <div>
          <dt>{l.labels.award}</dt>
          <dd>{l.award}</dd>
        </div>
      </dl>
      <p class="cert-body">{l.body}</p>
      <p class="cert-date">{l.date}</p>
    </div>
  );
}

export interface SheetData {
  view: CertificateView;
  lang: SheetLanguage;
  qr: { size: number; path: string };
  verifyUrl: string;
}

export function CertificateSheet({ state, data }: { state: State; data: SheetData }) {
  const { t } = state;
  const { view } = data;
  const sides: Locale[] = data.lang === "both" ? ["ko", "en"] : [data.lang];
  return (
    <>
      <JudgingStyles state={state} />
      <p class="cert-actions no-print">
        <a href={`?certificate=${view.id}&lang=ko`}>{t("judging.certificate.korean")}</a>
        {" · "}
        <a href={`?certificate=${view.id}&lang=en`}>{t("judging.certificate.english")}</a>
        {" · "}
        <a href={`?certificate=${view.id}&lang=both`}>{t("judging.certificate.both")}</a>
        {" · "}
        <a href={href(state, `/print.pdf?certificate=${view.id}&lang=${data.lang}`)}>{t("judging.certificate.pdf")}</a>
      </p>
      {view.revokedAt && <p class="cert-revoked" role="alert">{t("judging.certificate.revoked")}</p>}
      <article class="cert-sheet" aria-label={t("judging.certificate.title")}>
        <Seal view={view} />
        <div class="cert-sides">
          {sides.map((l) => <Side key={l} view={view} locale={l} />)}
        </div>
        <footer class="cert-footer">
          <svg
            class="cert-qr"
            viewBox={`-2 -2 ${data.qr.size + 4} ${data.qr.size + 4}`}
            role="img"
            aria-label={t("judging.certificate.qr")}
            shape-rendering="crispEdges"
          >
            <rect x="-2" y="-2" width={data.qr.size + 4} height={data.qr.size + 4} fill="#fff" />
            <path d={data.qr.path} fill="#000" />
          </svg>
          <p class="cert-serial">
            {t("judging.certificate.serial")}: <span>{view.serial}</span>
            <br />
            {t("judging.certificate.verifyAt")} <span class="cert-url">{data.verifyUrl}</span>
          </p>
        </footer>
      </article>
    </>
  );
}

export type VerifyData =
  | { state: "valid" | "revoked"; view: CertificateView }
  | { state: "invalid"; code: string };

export function VerificationPage({ state, data }: { state: State; data: VerifyData }) {
  const { t } = state;
  return (
    <>
      <JudgingStyles state={state} />
      <div class="page-header">
        <h1 class="page-title">{t("judging.certificate.verifyTitle")}</h1>
      </div>
      <p class={`verify-state verify-${data.state}`} data-verify={data.state} role="status">
        {t(`judging.certificate.states.${data.state}`)}
      </p>
      {data.state !== "invalid" && (
        <div class="verify-sides">
          {(["ko", "en"] as const).map((locale) => {
            const l = certificateLines(data.view, locale);
            return (
              <section key={locale} lang={locale} class="verify-side" aria-label={l.heading}>
                <h2 class="section-title">{l.heading}</h2>
                <dl class="detail-list">
                  <div>
                    <dt>{l.labels.holder}</dt>
                    <dd>{l.holder}</dd>
                  </div>
                  {l.work && (
                    <div>
                      <dt>{l.labels.work}</dt>
                      <dd>{l.work}</dd>
                    </div>
                  )}
                  {l.rank && (
                    <div>
                      <dt>{l.labels.rank}</dt>
                      <dd>{l.rank}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{l.labels.award}</dt>
                    <dd>{l.award}</dd>
                  </div>
                  <div>
                    <dt>{l.labels.date}</dt>
                    <dd>{l.date}</dd>
                  </div>
                  <div>
                    <dt>{l.labels.serial}</dt>
                    <dd>{data.view.serial}</dd>
                  </div>
                </dl>
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}

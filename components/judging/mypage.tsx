// My page's judging sections (SPEC §2.5: judge, prizes, certificates; issue 11 part 7).
import { type AwardRank, type DesignCategory, labelKey } from "../../domain/award/options.ts";
import type { MyJudging, MyResult } from "../../domain/judging/calls.ts";
import type { CertificateRow } from "../../db/schema/judging.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { MemberStyles } from "../management/Frame.tsx";
import { Table } from "../ui/Table.tsx";

const local = (state: State, ko: string, en: string) => (state.locale === "en" && en ? en : ko);
const when = (state: State, iso: string | null) => (iso ? formatDate(new Date(iso), state.locale, "datetime") : "–");

export function MyJudgePage({ state, data }: { state: State; data: MyJudging[] }) {
  const { t } = state;
  return (
    <>
      <MemberStyles state={state} />
      {data.length === 0 && <p>{t("judging.mypage.noJudging")}</p>}
      {data.map((j) => (
        <section key={j.award.id} aria-labelledby={`judge-${j.award.id}`}>
          <h2 id={`judge-${j.award.id}`} class="section-title">
            {local(state, j.award.title, j.award.title_en)} · {t(`judging.roles.${j.role as "ibda"}`)}
            {j.excluded ? ` (${t("judging.manage.excluded")})` : ""}
          </h2>
          <Table
            caption={t("judging.mypage.pools")}
            captionHidden
            stack
            rows={j.pools}
            rowKey={(p) => p.id}
            columns={[
              {
                header: t("judging.mypage.pools"),
                rowHeader: true,
                cell: (p) => t(`judging.round.${p.kind as "first"}`),
              },
              {
                header: t("judging.col.period"),
                cell: (p) => `${when(state, p.start_at)} ~ ${when(state, p.finish_at)}`,
              },
              {
                header: t("judging.col.progress"),
                cell: (
                  p,
                ) => (p.progress ? t("judging.mypage.progress", { ...p.progress }) : t("judging.mypage.notOpen")),
              },
              {
                header: t("judging.mypage.go"),
                cell: (p) => (p.open ? <a href={href(state, p.link)}>{t("judging.mypage.go")}</a> : "–"),
              },
            ]}
          />
        </section>
      ))}
    </>
  );
}

export function MyPrizesPage({ state, data }: { state: State; data: MyResult[] }) {
  const { t } = state;
  return (
    <>
      <MemberStyles state={state} />
      <Table
        caption={t("mypage.section.prizes")}
        captionHidden
        stack
        rows={data}
        rowKey={(r) => r.entry.id}
        empty={t("judging.mypage.noPrizes")}
        columns={[
          { header: t("judging.certificate.award"), cell: (r) => local(state, r.award.title, r.award.title_en) },
          {
            header: t("judging.col.title"),
            rowHeader: true,
            align: "start",
            cell: (r) => local(state, r.entry.title, r.entry.title_en),
          },
          {
            header: t("judging.col.category"),
            cell: (r) => t(labelKey("category", r.entry.category as DesignCategory)),
          },
          {
            header: t("judging.mypage.result"),
            cell: (
              r,
            ) => (r.rank ? t(labelKey("rank", r.rank as AwardRank)) : r.nominee ? t("award.rank.nominee") : "–"),
          },
          {
            header: t("judging.mypage.certificate"),
            cell: (r) =>
              r.certificate
                ? (
                  <>
                    <a href={href(state, r.certificate.print)}>{t("judging.mypage.print")}</a>
                    {" · "}
                    <a href={href(state, `/print.pdf?certificate=${r.certificate.id}&lang=both`)}>PDF</a>
                    {" · "}
                    {t("judging.mypage.label")}:{" "}
                    <a href={href(state, `/print/label.svg?entry=${r.entry.id}&lang=${state.locale}`)}>SVG</a>{" "}
                    <a href={href(state, `/print/label.png?entry=${r.entry.id}&lang=${state.locale}`)}>PNG</a>
                  </>
                )
                : "–",
          },
        ]}
      />
    </>
  );
}

export interface MyCertificate {
  row: CertificateRow;
  award: string;
  verify: string;
}

const CERTIFICATE_KIND_LABEL = {
  prize: "judging.certificate.prize",
  appointment: "judging.certificate.appointment",
  completion: "judging.certificate.completion",
} as const;

export function MyCertificatesPage({ state, data }: { state: State; data: MyCertificate[] }) {
  const { t } = state;
  return (
    <>
      <MemberStyles state={state} />
      <Table
        caption={t("mypage.section.certificates")}
        captionHidden
        stack
        rows={data}
        rowKey={(c) => c.row.id}
        empty={t("judging.mypage.noCertificates")}
        columns={[
          { header: t("judging.certificate.serial"), rowHeader: true, cell: (c) => c.row.serial },
          {
            header: t("judging.mypage.kind"),
            cell: (c) => t(CERTIFICATE_KIND_LABEL[c.row.kind]),
          },
          { header: t("judging.certificate.award"), cell: (c) => c.award },
          {
            header: t("judging.certificate.rank"),
            cell: (c) => (c.row.rank ? t(labelKey("rank", c.row.rank as AwardRank)) : "–"),
          },
          { header: t("judging.certificate.date"), cell: (c) => formatDate(c.row.issuedAt, state.locale) },
          {
            header: t("judging.mypage.state"),
            cell: (c) => t(c.row.revokedAt ? "judging.mypage.revoked" : "judging.mypage.valid"),
          },
          {
            header: t("judging.mypage.print"),
            cell: (c) =>
              c.row.revokedAt ? "–" : (
                <>
                  <a href={href(state, `/print?certificate=${c.row.id}`)}>{t("judging.mypage.print")}</a>
                  {" · "}
                  <a href={c.verify}>{t("judging.mypage.verify")}</a>
                </>
              ),
          },
        ]}
      />
    </>
  );
}

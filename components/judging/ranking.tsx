// /management/pool/{id}/ranking (issue 11 part 5): a pool's entries with raw, trimmed and calibrated scores,
// the number of scores and the spread (a high spread flagged), sortable and filtered by category, with the
// CSV of the same; bulk decisions in the first round, ranks and nominees in the final round, and publishing
// the award's results.
import { type DesignCategory, labelKey } from "../../domain/award/options.ts";
import { PRIZE_RANKS } from "../../domain/judging/decisions.ts";
import { RANKING_SORTS, type RankingSort } from "../../domain/judging/aggregate.ts";
import type { PoolDetail, RankingRow } from "../../domain/judging/manage.ts";
import type { EntryStatus } from "../../domain/award/options.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { ManageHeader } from "../management/Frame.tsx";
import { Alert } from "../ui/Alert.tsx";
import { Button } from "../ui/Button.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { FormActions } from "../ui/FormField.tsx";
import { Table } from "../ui/Table.tsx";

export interface RankingData {
  detail: PoolDetail;
  rows: RankingRow[];
  sort: RankingSort;
  category: number | null;
  error?: string;
}

const figure = (v: number | null) => (v === null ? "–" : v.toFixed(2));

export function RankingPage({ state, data }: { state: State; data: RankingData }) {
  const { t } = state;
  const { detail, rows } = data;
  const base = `/management/pool/${detail.pool.id}/ranking`;
  const final = detail.pool.kind === "final";
  const query = (sort: RankingSort) =>
    href(state, `${base}?sort=${sort}${data.category ? `&category=${data.category}` : ""}`);
  const sortHeader = (key: RankingSort, label: string) => `${label}${data.sort === key ? " ▼" : ""}`;
  return (
    <>
      <ManageHeader
        state={state}
        title={t("judging.manage.rankingOf", {
          pool: `${detail.award.title} · ${t(`judging.round.${detail.pool.kind}`)}`,
        })}
        trail={[
          { label: t("judging.manage.pools"), href: href(state, "/management/pool") },
          { label: t(`judging.round.${detail.pool.kind}`), href: href(state, `/management/pool/${detail.pool.id}`) },
        ]}
        actions={
          <Button
            href={href(state, `${base}.csv?sort=${data.sort}${data.category ? `&category=${data.category}` : ""}`)}
            variant="secondary"
            download
          >
            {t("judging.manage.csv")}
          </Button>
        }
      />
      <p class="page-lead">{t("judging.manage.rankingLead")}</p>
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="get" action={href(state, base)} class="filter-bar">
        <input type="hidden" name="sort" value={data.sort} />
        <label for="ranking-category" class="field-label">{t("judging.col.category")}</label>
        <select id="ranking-category" name="category" class="select">
          <option value="" selected={!data.category}>{t("judging.audit.all")}</option>
          {(detail.categories.length ? detail.categories : detail.offered).map((c) => (
            <option key={c} value={c} selected={data.category === c}>
              {t(labelKey("category", c as DesignCategory))}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" size="sm">{t("judging.audit.apply")}</Button>
      </form>
      <nav class="sort-links" aria-label={t("judging.manage.sortBy")}>
        {t("judging.manage.sortBy")}:{" "}
        {RANKING_SORTS.map((key) => (
          <a key={key} href={query(key)} class="sort-link" aria-current={data.sort === key ? "true" : undefined}>
            {t(`judging.sort.${key}`)}
          </a>
        ))}
      </nav>
      <form method="post" action={href(state, `${base}?sort=${data.sort}`)} id="decide-form">
        <CsrfField state={state} />
        <input type="hidden" name="action" value={final ? "ranks" : "decide"} />
      </form>
      <Table
        caption={t("judging.manage.ranking")}
        captionHidden
        stack
        rows={rows}
        rowKey={(r) => r.entryId}
        empty={t("judging.manage.noEntries")}
        columns={[
          {
            header: t("judging.manage.choose"),
            cell: (r) =>
              final ? `${rows.indexOf(r) + 1}` : (
                <input
                  type="checkbox"
                  name="entries[]"
                  value={r.entryId}
                  form="decide-form"
                  aria-label={t("judging.manage.chooseEntry", { title: r.title })}
                />
              ),
          },
          { header: t("judging.col.no"), cell: (r) => r.entryId },
          {
            header: t("judging.col.title"),
            rowHeader: true,
            align: "start",
            cell: (r) => (state.locale === "en" && r.titleEn ? r.titleEn : r.title),
          },
          { header: t("judging.col.category"), cell: (r) => t(labelKey("category", r.category as DesignCategory)) },
          { header: sortHeader("raw", t("judging.col.raw")), cell: (r) => figure(r.raw) },
          { header: sortHeader("trimmed", t("judging.col.trimmed")), cell: (r) => figure(r.trimmed) },
          {
            header: sortHeader("calibrated", t("judging.col.calibrated")),
            cell: (r) => <span data-calibrated={r.entryId}>{figure(r.calibrated)}</span>,
          },
          {
            header: sortHeader("spread", t("judging.col.spread")),
            cell: (r) => (
              <>
                {figure(r.spread)}
                {r.disagreement && <span class="badge badge-warning">{t("judging.manage.disagreement")}</span>}
              </>
            ),
          },
          { header: sortHeader("count", t("judging.col.count")), cell: (r) => `${r.count} (${r.abstentions})` },
          {
            header: t("judging.col.status"),
            cell: (r) => <span data-status={r.entryId}>{t(`award.entry_status.${r.status as EntryStatus}`)}</span>,
          },
          ...(final
            ? [
              {
                header: t("judging.col.rank"),
                cell: (r: RankingRow) => (
                  <select
                    name={`rank_${r.entryId}`}
                    form="decide-form"
                    class="select"
                    aria-label={t("judging.manage.rankOf", { title: r.title })}
                  >
                    <option value="" selected={!r.rank}>{t("judging.manage.noRank")}</option>
                    {PRIZE_RANKS.map((k) => (
                      <option key={k} value={k} selected={r.rank === k}>{t(labelKey("rank", k))}</option>
                    ))}
                  </select>
                ),
              },
              {
                header: t("judging.col.nominee"),
                cell: (r: RankingRow) => (
                  <input
                    type="checkbox"
                    name="nominee[]"
                    value={r.entryId}
                    form="decide-form"
                    checked={r.nominee}
                    aria-label={t("judging.manage.nomineeOf", { title: r.title })}
                  />
                ),
              },
            ]
            : []),
        ]}
      />
      <FormActions>
        {final
          ? <Button type="submit" form="decide-form" name="go" value="ranks">{t("judging.manage.saveRanks")}</Button>
          : (
            <>
              <Button type="submit" form="decide-form" name="decision" value="final">
                {t("judging.manage.toFinal")}
              </Button>
              <Button type="submit" form="decide-form" name="decision" value="eliminated" variant="secondary">
                {t("judging.manage.toEliminated")}
              </Button>
            </>
          )}
      </FormActions>
      <section aria-labelledby="publish-title">
        <h2 id="publish-title" class="section-title">{t("judging.manage.publish")}</h2>
        {detail.published
          ? <Alert kind="info">{t("judging.manage.published")}</Alert>
          : (
            <form method="post" action={href(state, base)} class="form">
              <CsrfField state={state} />
              <input type="hidden" name="action" value="publish" />
              <p>
                {t("judging.manage.publishLead", {
                  date: detail.award.resultAt ? formatDate(detail.award.resultAt, state.locale, "datetime") : "–",
                })}
              </p>
              <Button type="submit">{t("judging.manage.publishNow")}</Button>
            </form>
          )}
      </section>
    </>
  );
}

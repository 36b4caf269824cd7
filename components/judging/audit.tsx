// The judge's screens (issue 11 part 3): the list of a pool's entries with progress, and the plain score
// form of one entry. Server-rendered and complete without JavaScript; blind (no entrant, company, e-mail or
// file name is ever given to these components).
import type { AwardFamily } from "../../domain/award/options.ts";
import { labelKey } from "../../domain/award/options.ts";
import { type DesignCategory } from "../../domain/award/options.ts";
import type { CriterionRow } from "../../db/schema/judging.ts";
import type { JudgeEntry, JudgePool, Progress } from "../../domain/judging/scoring.ts";
import { VERDICTS } from "../../domain/judging/aggregate.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { Alert } from "../ui/Alert.tsx";
import { Button } from "../ui/Button.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Checkbox, FormActions, RadioGroup, Textarea, TextField } from "../ui/FormField.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Table } from "../ui/Table.tsx";
import { MemberStyles } from "../management/Frame.tsx";
import ScoringBoard, { type ScoringBoardProps } from "../../islands/ScoringBoard.tsx";
import { JudgingStyles } from "./certificate.tsx";
import { Tabs } from "../ui/Tabs.tsx";

/** The list screen of each family: /audit judges the IBDA, /audit-award the design award. */
export const AUDIT_PATH: Record<AwardFamily, string> = { ibda: "/audit", award: "/audit-award" };

export const ENTRY_STATES = ["todo", "scored", "abstained"] as const;
export type EntryState = typeof ENTRY_STATES[number];
export const stateOf = (e: JudgeEntry): EntryState => (!e.score ? "todo" : e.score.abstained ? "abstained" : "scored");

const localTitle = (state: State, e: { title: string; title_en: string }) =>
  state.locale === "en" && e.title_en ? e.title_en : e.title;

export function PoolPicker({ state, family, pools, current }: {
  state: State;
  family: AwardFamily;
  pools: JudgePool[];
  current: number | null;
}) {
  const { t } = state;
  if (pools.length < 2) return null;
  return (
    <Tabs
      class="audit-pools"
      label={t("judging.audit.pools")}
      tabs={pools.map((p) => ({
        key: p.poolId,
        href: href(state, `${AUDIT_PATH[family]}?pool=${p.poolId}`),
        label: `${p.year} · ${t(`judging.round.${p.kind}`)}${p.open ? "" : ` (${t("judging.audit.closed")})`}`,
        current: p.poolId === current,
      }))}
    />
  );
}

export function ProgressSummary({ state, progress }: { state: State; progress: Progress }) {
  const { t } = state;
  const done = progress.total ? Math.round(((progress.scored + progress.abstained) / progress.total) * 100) : 0;
  return (
    <section class="audit-progress" aria-labelledby="audit-progress-title">
      <h2 id="audit-progress-title" class="section-title">{t("judging.audit.progress")}</h2>
      <progress max={100} value={done} aria-labelledby="audit-progress-title">{done}%</progress>
      <dl class="detail-list detail-list-compact">
        <div>
          <dt>{t("judging.state.scored")}</dt>
          <dd data-progress="scored">{progress.scored}</dd>
        </div>
        <div>
          <dt>{t("judging.state.abstained")}</dt>
          <dd data-progress="abstained">{progress.abstained}</dd>
        </div>
        <div>
          <dt>{t("judging.state.todo")}</dt>
          <dd data-progress="todo">{progress.todo}</dd>
        </div>
      </dl>
    </section>
  );
}

export function AuditEntryTable({ state, pool, list }: { state: State; pool: number; list: JudgeEntry[] }) {
  const { t } = state;
  return (
    <Table
      caption={t("judging.audit.entries")}
      stack
      rows={list}
      rowKey={(e) => e.id}
      empty={t("judging.audit.noEntries")}
      columns={[
        { header: t("judging.col.no"), cell: (e) => e.id },
        { header: t("judging.col.category"), cell: (e) => t(labelKey("category", e.category as DesignCategory)) },
        {
          header: t("judging.col.title"),
          rowHeader: true,
          align: "start",
          cell: (e) => <a href={href(state, `/audit/${pool}/${e.id}`)}>{localTitle(state, e)}</a>,
        },
        {
          header: t("judging.col.state"),
          cell: (e) => (
            <span class={`badge badge-${stateOf(e)}`} data-entry-state={stateOf(e)}>
              {t(`judging.state.${stateOf(e)}`)}
            </span>
          ),
        },
        { header: t("judging.col.total"), cell: (e) => (e.score?.total ?? "–") },
      ]}
    />
  );
}

export interface AuditListData {
  family: AwardFamily;
  pools: JudgePool[];
  pool: JudgePool | null;
  list: JudgeEntry[];
  progress: Progress | null;
  filter: EntryState | "";
  criteria: CriterionRow[];
  refusal?: string;
}

const BOARD_LABELS = [
  "board",
  "filter",
  "all",
  "works",
  "position",
  "saved",
  "saving",
  "offline",
  "pending",
  "conflict",
  "conflictDetail",
  "keepServer",
  "keepMine",
  "error",
  "outOfScale",
  "reasonRequired",
  "zoom",
  "comment",
  "abstain",
  "reason",
  "previous",
  "save",
  "next",
  "shortcuts",
  "shortcutsText",
  "status_todo",
  "status_saved",
  "status_pending",
  "status_conflict",
  "status_error",
  "signedOut",
  "signIn",
] as const;

/**
 * The scoring island's props: the judge, the pool's entries and criteria, the sign-in page that comes back to
 * this pool (its `redirect` is locale-relative, as the login route takes it), and its texts already translated.
 */
export function scoringProps(
  state: State,
  family: AwardFamily,
  pool: number,
  list: JudgeEntry[],
  criteria: CriterionRow[],
): ScoringBoardProps {
  const { t } = state;
  const back = `${AUDIT_PATH[family]}?pool=${pool}`;
  return {
    pool,
    judge: state.viewer.id,
    login: href(state, `/login?redirect=${encodeURIComponent(back)}`),
    entries: list.map((e) => ({
      id: e.id,
      title: localTitle(state, e),
      category: t(labelKey("category", e.category as DesignCategory)),
      description: e.description,
      images: e.images.slice(0, 1),
      score: e.score,
    })),
    criteria: criteria.map((c) => ({
      id: c.id,
      name: state.locale === "en" && c.nameEn ? c.nameEn : c.name,
      scale: c.scale,
      weight: c.weight,
      verdict: c.kind === "verdict",
    })),
    labels: Object.fromEntries(BOARD_LABELS.map((k) => [k, t(`judging.board.${k}`)])),
    verdicts: VERDICTS.map((v) => t(`judging.verdict.${v}`)),
  };
}

export function AuditListPage({ state, data }: { state: State; data: AuditListData }) {
  const { t } = state;
  const shown = data.filter ? data.list.filter((e) => stateOf(e) === data.filter) : data.list;
  const pool = data.pool;
  return (
    <>
      <MemberStyles state={state} />
      <PageHeader
        t={t}
        title={t(`judging.audit.title.${data.family}`)}
        lead={pool
          ? t("judging.audit.lead", {
            award: state.locale === "en" && pool.titleEn ? pool.titleEn : pool.title,
            round: t(`judging.round.${pool.kind}`),
            from: pool.startAt ? formatDate(pool.startAt, state.locale, "datetime") : "–",
            to: pool.finishAt ? formatDate(pool.finishAt, state.locale, "datetime") : "–",
          })
          : t("judging.audit.noPools")}
      />
      <PoolPicker state={state} family={data.family} pools={data.pools} current={pool?.poolId ?? null} />
      {data.refusal && <Alert kind="error">{data.refusal}</Alert>}
      {data.progress && <ProgressSummary state={state} progress={data.progress} />}
      {pool && !data.refusal && (
        <>
          <form method="get" action={href(state, AUDIT_PATH[data.family])} class="filter-bar">
            <input type="hidden" name="pool" value={pool.poolId} />
            <label for="audit-filter" class="field-label">{t("judging.audit.filter")}</label>
            <select id="audit-filter" name="state" class="select">
              <option value="" selected={!data.filter}>{t("judging.audit.all")}</option>
              {ENTRY_STATES.map((s) => (
                <option key={s} value={s} selected={data.filter === s}>{t(`judging.state.${s}`)}</option>
              ))}
            </select>
            <Button type="submit" variant="secondary" size="sm">{t("judging.audit.apply")}</Button>
          </form>
          {data.list.length > 0 && data.criteria.length > 0 && (
            <>
              <JudgingStyles state={state} />
              <ScoringBoard {...scoringProps(state, data.family, pool.poolId, data.list, data.criteria)} />
            </>
          )}
          <AuditEntryTable state={state} pool={pool.poolId} list={shown} />
        </>
      )}
    </>
  );
}

export interface ScoreFormData {
  family: AwardFamily;
  pool: JudgePool;
  entry: JudgeEntry;
  criteria: CriterionRow[];
  previous: number | null;
  next: number | null;
  /** A fresh idempotency key for this render of the form. */
  key: string;
  error?: string;
  fields?: Record<string, string>;
  /** The values sent with a refused post, shown again. */
  sent?: Record<string, string>;
  position: { index: number; total: number };
}

export function ScoreForm({ state, data }: { state: State; data: ScoreFormData }) {
  const { t } = state;
  const { entry, criteria, pool } = data;
  const score = entry.score;
  const sent = data.sent ?? {};
  const value = (id: number) =>
    sent[`c${id}`] ?? (score && !score.abstained ? String(score.values[String(id)] ?? "") : "");
  return (
    <form
      method="post"
      action={href(state, `/audit/${pool.poolId}/${entry.id}`)}
      class="form score-form"
      data-score-form
    >
      <CsrfField state={state} />
      <input type="hidden" name="pool" value={pool.poolId} />
      <input type="hidden" name="entry" value={entry.id} />
      <input type="hidden" name="key" value={data.key} />
      <input type="hidden" name="version" value={score?.version ?? 0} />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      {criteria.length === 0 && <Alert kind="info">{t("judging.audit.noCriteria")}</Alert>}
      {criteria.map((c) => {
        const name = state.locale === "en" && c.nameEn ? c.nameEn : c.name;
        return c.kind === "verdict"
          ? (
            <RadioGroup
              key={c.id}
              name={`c${c.id}`}
              label={name}
              inline
              value={value(c.id)}
              error={data.fields?.[`c${c.id}`]}
              options={VERDICTS.map((v, i) => ({ value: String(i), label: t(`judging.verdict.${v}`) }))}
            />
          )
          : (
            <TextField
              key={c.id}
              name={`c${c.id}`}
              type="number"
              label={`${name} (0–${c.scale})`}
              hint={t("judging.audit.weight", { weight: c.weight })}
              min={0}
              max={c.scale}
              step={1}
              inputMode="numeric"
              value={value(c.id)}
              error={data.fields?.[`c${c.id}`]}
            />
          );
      })}
      <Textarea
        name="comment"
        label={t("judging.audit.comment")}
        rows={3}
        maxLength={2000}
        value={sent.comment ?? score?.comment ?? ""}
      />
      <Checkbox
        name="abstain"
        label={t("judging.audit.abstain")}
        hint={t("judging.audit.abstainHint")}
        checked={sent.abstain ? true : score?.abstained ?? false}
      />
      <TextField
        name="reason"
        label={t("judging.audit.reason")}
        maxLength={500}
        value={sent.reason ?? score?.reason ?? ""}
        error={data.fields?.reason}
      />
      <FormActions>
        <Button type="submit">{t("judging.audit.save")}</Button>
      </FormActions>
    </form>
  );
}

export function ScoreEntryPage({ state, data }: { state: State; data: ScoreFormData }) {
  const { t } = state;
  const { entry } = data;
  const list = href(state, `${AUDIT_PATH[data.family]}?pool=${data.pool.poolId}`);
  return (
    <>
      <MemberStyles state={state} />
      <PageHeader
        t={t}
        title={localTitle(state, entry)}
        eyebrow={t("judging.audit.position", { index: data.position.index, total: data.position.total })}
        crumbs={[{ label: t(`judging.audit.title.${data.family}`), href: list }, { label: localTitle(state, entry) }]}
      />
      <div class="score-layout">
        <section class="score-work" aria-labelledby="score-work-title">
          <h2 id="score-work-title" class="section-title">{t("judging.audit.work")}</h2>
          <dl class="detail-list detail-list-compact">
            <div>
              <dt>{t("judging.col.no")}</dt>
              <dd>{entry.id}</dd>
            </div>
            <div>
              <dt>{t("judging.col.category")}</dt>
              <dd>{t(labelKey("category", entry.category as DesignCategory))}</dd>
            </div>
            <div>
              <dt>{t("judging.col.state")}</dt>
              <dd data-entry-state={stateOf(entry)}>{t(`judging.state.${stateOf(entry)}`)}</dd>
            </div>
          </dl>
          {entry.images.map((src, i) => (
            <a key={src} href={src} class="score-image" target="_blank" rel="noopener">
              <img
                src={src}
                alt={t("judging.audit.image", { index: i + 1, title: localTitle(state, entry) })}
                loading={i === 0 ? "eager" : "lazy"}
                width={800}
                height={600}
              />
            </a>
          ))}
          {entry.description && <p class="score-description">{entry.description}</p>}
          {entry.url && (
            <p>
              <a href={entry.url} rel="noopener noreferrer" target="_blank">{t("judging.audit.openUrl")}</a>
            </p>
          )}
        </section>
        <section class="score-panel" aria-labelledby="score-form-title">
          <h2 id="score-form-title" class="section-title">{t("judging.audit.scoreTitle")}</h2>
          <ScoreForm state={state} data={data} />
          <nav class="score-nav" aria-label={t("judging.audit.entryNav")}>
            {data.previous && (
              <Button variant="ghost" href={href(state, `/audit/${data.pool.poolId}/${data.previous}`)}>
                {t("judging.audit.previous")}
              </Button>
            )}
            <Button variant="ghost" href={list}>{t("judging.audit.backToList")}</Button>
            {data.next && (
              <Button variant="ghost" href={href(state, `/audit/${data.pool.poolId}/${data.next}`)}>
                {t("judging.audit.next")}
              </Button>
            )}
          </nav>
        </section>
      </div>
    </>
  );
}

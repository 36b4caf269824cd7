// The award pages' pieces (routes/award, routes/ibda): schedule, year menu, category tabs, entry cards,
// judges, the no-JavaScript "load more" link. Server-rendered; every text from i18n.
import type { ComponentChildren } from "preact";
import { Picture } from "../ui/Picture.tsx";
import { formatDate } from "../../i18n/mod.ts";
import { type AwardFamily, type DesignCategory, labelKey } from "../../domain/award/options.ts";
import type { AwardJson, EntryJson, JudgeJson } from "../../domain/award/public.ts";
import { href, type State } from "../../state.ts";

export function AwardStyles({ state }: { state: State }) {
  return <link rel="stylesheet" href={state.staticFiles?.url("/css/award.css") ?? "/css/award.css"} />;
}

/** The family's public base path: /award or /ibda (locale prefix added by `href`). */
export const familyPath = (state: State, family: AwardFamily, rest = "") => href(state, `/${family}${rest}`);
export const yearPath = (state: State, family: AwardFamily, year: number, tab = "") =>
  familyPath(state, family, `/years/${year}${tab ? `/${tab}` : ""}`);
export const entryPath = (state: State, family: AwardFamily, id: number) => familyPath(state, family, `/entries/${id}`);

export const when = (state: State, iso: string | null) => iso ? formatDate(iso, state.locale, "datetime") : "—";

const DATE_ROWS = [
  ["submit_from", "submit_from"],
  ["submit_to", "submit_to"],
  ["audit_at", "audit_at"],
  ["pre_at", "pre_at"],
  ["off_to", "off_to"],
  ["result_at", "result_at"],
  ["display_from", "display_from"],
  ["display_to", "display_to"],
  ["close_at", "close_at"],
] as const;

export function ScheduleTable({ state, award }: { state: State; award: AwardJson }) {
  const { t } = state;
  return (
    <table class="award-schedule">
      <caption class="visually-hidden">{t("award.page.schedule")}</caption>
      <tbody>
        {DATE_ROWS.filter(([field]) => award[field]).map(([field, label]) => (
          <tr key={field}>
            <th scope="row">{t(`award.date.${label}`)}</th>
            <td>
              <time datetime={award[field]!}>{when(state, award[field])}</time>
            </td>
          </tr>
        ))}
        {award.pools.map((p) => (
          <tr key={`pool${p.id}`}>
            <th scope="row">{t(p.kind === "final" ? "award.pool.final" : "award.pool.first")}</th>
            <td>{when(state, p.start_at)} ~ {when(state, p.finish_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PhaseBadges({ state, award }: { state: State; award: AwardJson }) {
  const { t } = state;
  return (
    <ul class="award-badges">
      <li class="award-badge award-badge-phase">
        <span class="visually-hidden">{t("award.page.phaseNow")}:</span> {t(labelKey("phase", award.phase))}
      </li>
      <li class="award-badge">
        <span class="visually-hidden">{t("award.page.statusNow")}:</span> {t(labelKey("status", award.status))}
      </li>
    </ul>
  );
}

export function AwardFacts({ state, award }: { state: State; award: AwardJson }) {
  const { t } = state;
  const en = state.locale === "en";
  const rows: [string, string][] = [
    [t("award.info.subject"), en && award.subject_en ? award.subject_en : award.subject],
    [t("award.info.host"), en && award.host_en ? award.host_en : award.host],
    [t("award.info.sponsor"), en && award.sponsor_en ? award.sponsor_en : award.sponsor],
    [t("award.info.place"), en && award.place_en ? award.place_en : award.place],
    [t("award.page.categories"), award.categories.map((c) => t(labelKey("category", c))).join(", ")],
  ];
  return (
    <dl class="award-facts">
      {rows.filter(([, v]) => v).map(([k, v]) => [<dt key={`${k}t`}>{k}</dt>, <dd key={`${k}d`}>{v}</dd>])}
    </dl>
  );
}

export type YearTab = "" | "winners" | "nominees" | "judges";

/** The year's menu: exhibition, winners, nominees, judges. */
export function YearTabs(
  { state, family, year, current }: { state: State; family: AwardFamily; year: number; current: YearTab },
) {
  const { t } = state;
  const tabs: [YearTab, string][] = [
    ["", t("award.page.entries")],
    ["winners", t("award.page.winners")],
    ["nominees", t("award.page.nominees")],
    ["judges", t("award.page.judges")],
  ];
  return (
    <nav class="award-tabs" aria-label={t("award.page.yearNav", { year })}>
      <ul>
        {tabs.map(([tab, label]) => (
          <li key={tab}>
            <a href={yearPath(state, family, year, tab)} aria-current={tab === current ? "page" : undefined}>{label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function CategoryTabs(
  { state, base, categories, current, counts }: {
    state: State;
    base: string;
    categories: DesignCategory[];
    current?: DesignCategory;
    counts: Map<number, number>;
  },
) {
  const { t } = state;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const link = (c?: number) => (c ? `${base}?category=${c}` : base);
  return (
    <nav class="award-categories" aria-label={t("award.page.categories")}>
      <ul>
        <li>
          <a href={link()} aria-current={current ? undefined : "page"}>{t("award.page.allCategories")} ({total})</a>
        </li>
        {categories.map((c) => (
          <li key={c}>
            <a href={link(c)} aria-current={current === c ? "page" : undefined}>
              {t(labelKey("category", c))} ({counts.get(c) ?? 0})
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function EntryCard(
  { state, family, entry, eager = false, anchor }: {
    state: State;
    family: AwardFamily;
    entry: EntryJson;
    eager?: boolean;
    /** The id "load more" lands on (the first card of a page after the first). */
    anchor?: string;
  },
) {
  const { t } = state;
  return (
    <li class="entry-card" id={`entry-${entry.id}`}>
      {anchor && <span id={anchor} />}
      <Picture file={entry.thumbnail} alt="" kind="thumbnail" eager={eager} sizes="(max-width: 720px) 50vw, 260px" />
      <div class="entry-card-body">
        {entry.rank && entry.rank !== "nominee" && <span class="entry-rank">{t(labelKey("rank", entry.rank))}</span>}
        {/* the grid sits right under the page's h1: each card is a section of it */}
        <h2 class="entry-card-title">
          <a href={entryPath(state, family, entry.id)}>{entry.name}</a>
        </h2>
        <p class="entry-card-meta">
          {t(labelKey("category", entry.category))} · {entry.designer}
        </p>
      </div>
    </li>
  );
}

export function EntryGrid(
  { state, family, list, perPage }: { state: State; family: AwardFamily; list: EntryJson[]; perPage: number },
) {
  if (!list.length) return <p class="award-notice">{state.t("award.page.noEntries")}</p>;
  return (
    <ul class="entry-grid">
      {list.map((e, i) => (
        <EntryCard
          key={e.id}
          state={state}
          family={family}
          entry={e}
          eager={i < 4}
          anchor={i > 0 && i % perPage === 0 ? `entry-more-${i / perPage + 1}` : undefined}
        />
      ))}
    </ul>
  );
}

/**
 * "Load more" without JavaScript: `?page=N` shows the first N pages, so the link is an ordinary link to
 * the next N and lands on the first new card.
 */
export function LoadMore(
  { state, base, shown, total, pages, query }: {
    state: State;
    base: string;
    shown: EntryJson[];
    total: number;
    pages: number;
    query: Record<string, string | number | undefined>;
  },
) {
  if (shown.length >= total) return null;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") params.set(k, String(v));
  params.set("page", String(pages + 1));
  return (
    <p class="award-more">
      <a class="button button-secondary" href={`${base}?${params}#entry-more-${pages + 1}`} rel="next">
        {state.t("award.page.loadMore")} ({shown.length}/{total})
      </a>
    </p>
  );
}

export function JudgeList({ state, judges }: { state: State; judges: JudgeJson[] }) {
  const { t } = state;
  if (!judges.length) return <p class="award-notice">{t("award.page.noJudges")}</p>;
  const en = state.locale === "en";
  return (
    <ul class="judge-grid">
      {judges.map((j) => (
        <li key={j.id} class="judge-card">
          <Picture file={j.photo} alt="" kind="thumbnail" sizes="200px" />
          <h2 class="judge-name">{en && j.name_en ? j.name_en : j.name}</h2>
          <p class="judge-meta">{en && j.affiliation_en ? j.affiliation_en : j.affiliation}</p>
          <p class="judge-meta">
            {en && j.position_en ? j.position_en : j.position}
            {j.category ? ` · ${t(labelKey("category", j.category))}` : ` · ${t("award.page.chair")}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function Notice({ children }: { children: ComponentChildren }) {
  return <p class="award-notice" role="status">{children}</p>;
}

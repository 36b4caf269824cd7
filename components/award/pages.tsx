// The award family's public pages, shared by /award and /ibda (routes/award, routes/ibda re-export these):
// the home with the current award, a year's exhibition, winners and nominees (category tabs, 8 per page,
// "load more" without JavaScript), the judges, one entry. Anonymous answers are cached
// (state.cacheable); the phase shown may lag the clock by the page cache's life at most.
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { Picture } from "../ui/Picture.tsx";
import { parseQuery } from "../../domain/validation.ts";
import { type AwardFamily, DEFAULT_PER_PAGE, type DesignCategory, labelKey } from "../../domain/award/options.ts";
import { familyOfPath, YearParam } from "../../domain/award/queries.ts";
import {
  awardByYear,
  type AwardJson,
  categoryCounts,
  currentAward,
  type EntryJson,
  type EntryListKind,
  familyYears,
  type JudgeJson,
  listEntries,
  listJudges,
  presentAwards,
  publicEntry,
} from "../../domain/award/public.ts";
import type { AwardRow } from "../../db/schema/award.ts";
import { define, href, type State } from "../../state.ts";
import {
  AwardFacts,
  AwardStyles,
  CategoryTabs,
  EntryGrid,
  familyPath,
  JudgeList,
  LoadMore,
  Notice,
  PhaseBadges,
  ScheduleTable,
  when,
  yearPath,
  type YearTab,
  YearTabs,
} from "./views.tsx";

const familyName = (state: State, family: AwardFamily) => state.t(labelKey("family", family));

// ---------- Home ----------

interface HomeData {
  family: AwardFamily;
  award: AwardJson | null;
  years: { id: number; year: number; title: string; title_en: string }[];
}

export const homeHandler = define.handlers<HomeData>({
  async GET({ state, url }) {
    const family = familyOfPath(url.pathname);
    const now = new Date();
    const row = await currentAward(state.db, family, now);
    const [award] = row ? await presentAwards(state.db, [row], state.locale, now) : [];
    state.layout = "sub";
    state.title = award?.name ?? familyName(state, family);
    state.cacheable = true;
    return page({ family, award: award ?? null, years: await familyYears(state.db, family) });
  },
});

export const HomePage = define.page<typeof homeHandler>(({ data, state }) => {
  const { t } = state;
  const { award, family } = data;
  const en = state.locale === "en";
  return (
    <>
      <AwardStyles state={state} />
      {!award ? <Notice>{t("award.page.noAward")}</Notice> : (
        <>
          <section class="award-intro">
            <div>
              <PhaseBadges state={state} award={award} />
              <p class="lead-text">{en && award.description_en ? award.description_en : award.description}</p>
              <AwardFacts state={state} award={award} />
              <p class="actions">
                {award.phase === "submit" && (
                  <a class="button" href={href(state, `/entry?award=${award.id}`)}>{t("award.page.enter")}</a>
                )}
                <a class="button button-secondary" href={yearPath(state, family, award.year)}>
                  {t("award.page.entries")}
                </a>
                <a class="button button-ghost" href={yearPath(state, family, award.year, "judges")}>
                  {t("award.page.judges")}
                </a>
              </p>
            </div>
            {award.poster && (
              <Picture
                file={award.poster}
                alt={t("award.page.poster", { title: award.name })}
                eager
                sizes="(max-width: 720px) 100vw, 320px"
              />
            )}
          </section>
          <h2 id="schedule">{t("award.page.schedule")}</h2>
          <ScheduleTable state={state} award={award} />
        </>
      )}
      {data.years.length > 0 && (
        <section>
          <h2 id="years">{t("award.page.years")}</h2>
          <ul class="award-years">
            {data.years.map((y) => (
              <li key={y.id}>
                <a href={yearPath(state, family, y.year)}>{y.year}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
});

// ---------- A year's lists ----------

/** Pages a "load more" list shows at once: 125 × 8 = the 1000 a selection may ask for. */
const MAX_PAGES = 125;
const ListQuery = z.object({
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).optional())
    .transform((v) => Math.min(v ?? 1, MAX_PAGES)),
  category: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().optional(),
  ),
});

/** The award of the year in the path; 404 for a malformed year or a year without an award. */
async function yearAward(state: State, url: URL, params: Record<string, string>): Promise<AwardRow> {
  const parsed = YearParam.safeParse(params);
  if (!parsed.success) throw new HttpError(404, "award.not_found");
  const award = await awardByYear(state.db, familyOfPath(url.pathname), parsed.data.year);
  if (!award) throw new HttpError(404, "award.not_found");
  return award;
}

interface ListData {
  family: AwardFamily;
  kind: EntryListKind;
  award: AwardJson;
  list: EntryJson[];
  total: number;
  pages: number;
  category?: DesignCategory;
  counts: [number, number][];
}

const TAB_OF: Record<EntryListKind, YearTab> = { exhibition: "", winners: "winners", nominees: "nominees" };
const TITLE_OF = {
  exhibition: "award.page.entries",
  winners: "award.page.winners",
  nominees: "award.page.nominees",
} as const;

export function listHandler(kind: EntryListKind) {
  return define.handlers<ListData>({
    async GET({ state, url, params }) {
      const row = await yearAward(state, url, params);
      const q = parseQuery(ListQuery, url);
      const now = new Date();
      const [award] = await presentAwards(state.db, [row], state.locale, now);
      const category = award.categories.find((c) => c === q.category);
      if (q.category !== undefined && !category) throw new HttpError(400, "award.category_invalid");
      const list = await listEntries(
        state.db,
        kind,
        row,
        { page: 1, perpage: q.page * DEFAULT_PER_PAGE, category },
        state.locale,
        now,
        () => "",
      );
      state.layout = "sub";
      state.title = `${award.name} — ${state.t(TITLE_OF[kind])}`;
      state.cacheable = true;
      return page({
        family: award.family,
        kind,
        award,
        list: list.data,
        total: list.total,
        pages: q.page,
        category,
        counts: [...(await categoryCounts(state.db, kind, row, now))],
      });
    },
  });
}

export const ListPage = define.page<ReturnType<typeof listHandler>>(({ data, state }) => {
  const { t } = state;
  const { award, family, kind } = data;
  const base = yearPath(state, family, award.year, TAB_OF[kind]);
  const published = kind === "exhibition"
    ? award.display_period
    : kind === "winners"
    ? award.results_published
    : award.nominees_published;
  return (
    <>
      <AwardStyles state={state} />
      <YearTabs state={state} family={family} year={award.year} current={TAB_OF[kind]} />
      {!published
        ? (
          <Notice>
            {kind === "exhibition"
              ? (
                <>
                  {t("award.page.exhibitionClosed")} {award.display_from &&
                    t("award.page.exhibitionPeriod", {
                      from: when(state, award.display_from),
                      to: when(state, award.display_to),
                    })}
                </>
              )
              : kind === "winners"
              ? (award.result_at
                ? t("award.page.resultsPending", { date: when(state, award.result_at) })
                : t("award.page.notAnnounced"))
              : (award.pre_at
                ? t("award.page.nomineesPending", { date: when(state, award.pre_at) })
                : t("award.page.notAnnounced"))}
          </Notice>
        )
        : (
          <>
            <CategoryTabs
              state={state}
              base={base}
              categories={award.categories}
              current={data.category}
              counts={new Map(data.counts)}
            />
            <p class="visually-hidden" role="status">{t("award.page.count", { count: data.total })}</p>
            <EntryGrid state={state} family={family} list={data.list} perPage={DEFAULT_PER_PAGE} />
            <LoadMore
              state={state}
              base={base}
              shown={data.list}
              total={data.total}
              pages={data.pages}
              query={{ category: data.category }}
            />
          </>
        )}
    </>
  );
});

// ---------- Judges ----------

interface JudgesData {
  family: AwardFamily;
  award: AwardJson;
  judges: JudgeJson[];
}

export const judgesHandler = define.handlers<JudgesData>({
  async GET({ state, url, params }) {
    const row = await yearAward(state, url, params);
    const [award] = await presentAwards(state.db, [row], state.locale, new Date());
    state.layout = "sub";
    state.title = `${award.name} — ${state.t("award.page.judges")}`;
    state.cacheable = true;
    return page({ family: award.family, award, judges: await listJudges(state.db, row) });
  },
});

export const JudgesPage = define.page<typeof judgesHandler>(({ data, state }) => (
  <>
    <AwardStyles state={state} />
    <YearTabs state={state} family={data.family} year={data.award.year} current="judges" />
    <JudgeList state={state} judges={data.judges} />
  </>
));

// ---------- One entry ----------

interface EntryData {
  family: AwardFamily;
  entry: EntryJson;
  award: { id: number; year: number; name: string };
}

const EntryParam = z.object({ id: z.coerce.number().int().min(1).max(2 ** 31 - 1) });

export const entryHandler = define.handlers<EntryData>({
  async GET({ state, url, params }) {
    const parsed = EntryParam.safeParse(params);
    if (!parsed.success) throw new HttpError(404, "award.entry_not_found");
    const family = familyOfPath(url.pathname);
    const { entry, award } = await publicEntry(state.db, family, parsed.data.id, state.locale, new Date());
    state.layout = "sub";
    state.title = entry.name;
    state.description = entry.description.slice(0, 160);
    state.cacheable = true;
    const name = state.locale === "en" && award.titleEn ? award.titleEn : award.title;
    return page({ family, entry, award: { id: award.id, year: award.year, name } });
  },
});

export const EntryPage = define.page<typeof entryHandler>(({ data, state }) => {
  const { t } = state;
  const { entry, family } = data;
  const en = state.locale === "en";
  const facts: [string, string][] = [
    [t("award.page.category"), t(labelKey("category", entry.category))],
    [t("award.page.designer"), entry.designer],
    [
      t("award.page.subDesigners"),
      entry.sub_designers.map((s) => (en && s.name_en ? s.name_en : s.name)).join(", "),
    ],
    [t("award.page.company"), entry.company],
    [t("award.page.workType"), t(labelKey("work_type", entry.work_type))],
  ];
  if (entry.rank && entry.rank !== "nominee") {
    facts.unshift([t("award.page.rank"), t(labelKey("rank", entry.rank))]);
  }
  const images = [entry.preview ?? entry.thumbnail, ...entry.images].filter((i) => i !== null);
  return (
    <>
      <AwardStyles state={state} />
      <article class="entry-detail">
        <p class="page-eyebrow">{data.award.name}</p>
        {!en && entry.title_en && <p lang="en">{entry.title_en}</p>}
        <dl class="award-facts">
          {facts.filter(([, v]) => v).map(([k, v]) => [<dt key={`${k}t`}>{k}</dt>, <dd key={`${k}d`}>{v}</dd>])}
        </dl>
        <p>{entry.description}</p>
        {entry.url && (
          <p>
            <a href={entry.url} rel="noopener noreferrer nofollow" target="_blank">{t("award.page.openUrl")}</a>
          </p>
        )}
        <section aria-label={t("award.page.images")} class="entry-detail-images">
          {images.map((img, i) => (
            <Picture key={img.id} file={img} alt="" eager={i === 0} sizes="(max-width: 960px) 100vw, 880px" />
          ))}
        </section>
        <p>
          <a class="button button-secondary" href={yearPath(state, family, data.award.year)}>
            {t("award.page.backToList")}
          </a>{" "}
          <a class="button button-ghost" href={familyPath(state, family)}>{familyName(state, family)}</a>
        </p>
      </article>
    </>
  );
});

// The public lists of issue 14: support calls (/support: the latest 4 on page 1, SPEC §9, then every
// call 8 to a page), programmes (/program) and courses (/education), newest first, each with its status
// from the dates. Anonymous answers are cached like content pages (edits clear the cache).
import { z } from "zod";
import { page } from "../../framework/define.ts";
import type { ProgrammeRow } from "../../db/schema/programme.ts";
import type { Paginated } from "../../domain/common/list.ts";
import type { ProgrammeKind } from "../../domain/programme/kinds.ts";
import {
  courseTeachers,
  latestProgrammes,
  listProgrammes,
  placeCounts,
  programmeCategories,
  titleOf,
} from "../../domain/programme/programmes.ts";
import { supportStatus } from "../../domain/programme/status.ts";
import { formatDate } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";
import { Card, CardGrid } from "../ui/Card.tsx";
import { pageHref, Pagination } from "../ui/Pagination.tsx";
import { Table } from "../ui/Table.tsx";
import { ProgrammeStyles, StatusBadge } from "./Labels.tsx";
import { BASE } from "./ProgrammePage.tsx";

const PageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const TITLES = { support: "programme.support", program: "programme.program", course: "programme.education" } as const;

interface ListView {
  kind: ProgrammeKind;
  latest: ProgrammeRow[];
  list: Paginated<ProgrammeRow>;
  places: Record<number, number>;
  /** Courses: the categories (a filter) and the teachers with their profiles. */
  categories: { category: string; categoryEn: string }[];
  category: string;
  teachers: { name: string; nameEn: string; profile: string; profileEn: string }[];
}

const Category = z.string().trim().max(100).catch("");

export function programmeListHandler(kind: ProgrammeKind) {
  return define.handlers<ListView>({
    async GET({ state, url }) {
      const p = PageNumber.parse(url.searchParams.get("page") ?? 1);
      const base = href(state, BASE[kind]);
      const category = kind === "course" ? Category.parse(url.searchParams.get("category") ?? "") : "";
      const list = await listProgrammes(state.db, kind, p, 8, (n) => pageHref(base, n, "page", { category }), category);
      const latest = kind === "support" && p === 1 ? await latestProgrammes(state.db, "support") : [];
      const counts = kind === "course" ? await placeCounts(state.db, list.data.map((r) => r.id)) : new Map();
      const places = Object.fromEntries(
        list.data.filter((r) => r.capacity > 0).map((
          r,
        ) => [r.id, Math.max(0, r.capacity - (counts.get(r.id)?.holding ?? 0))]),
      );
      state.title = state.t(`${TITLES[kind]}.title`);
      state.layout = "sub";
      // Anonymous answers are cached like content pages (edits clear the cache); a course list shows the
      // places left, which every enrolment changes, so it is always read fresh.
      state.cacheable = kind !== "course";
      const categories = kind === "course" ? await programmeCategories(state.db, kind) : [];
      const teachers = kind === "course" ? await courseTeachers(state.db) : [];
      return page<ListView>({ kind, latest, list, places, categories, category, teachers });
    },
  });
}

function period(state: State, r: ProgrammeRow) {
  const f = (d: Date | null) => (d ? formatDate(d, state.locale) : "—");
  return `${f(r.applyFrom)} ~ ${f(r.applyTo)}`;
}

export function ProgrammeList({ data, state }: { data: ListView; state: State }) {
  const { t, locale } = state;
  const titles = TITLES[data.kind];
  const link = (r: ProgrammeRow) => href(state, `${BASE[data.kind]}/${r.id}`);
  return (
    <>
      <ProgrammeStyles state={state} />
      <p class="lead-text">{t(`${titles}.lead`)}</p>
      {data.latest.length > 0 && (
        <section class="programme-latest" aria-labelledby="programme-latest">
          <h2 id="programme-latest" class="section-title">{t("programme.support.latest")}</h2>
          <CardGrid>
            {data.latest.map((r) => (
              <Card
                key={r.id}
                title={titleOf(r, locale)}
                href={link(r)}
                eyebrow={<StatusBadge state={state} status={supportStatus(r)} />}
                text={locale === "en" && r.summaryEn ? r.summaryEn : r.summary}
                meta={`${t("programme.field.applyPeriod")} ${period(state, r)}`}
              />
            ))}
          </CardGrid>
        </section>
      )}
      {data.categories.length > 0 && (
        <nav class="programme-categories" aria-label={t("programme.field.category")}>
          <ul class="chips">
            {[{ category: "", categoryEn: "" }, ...data.categories].map((c) => {
              const label = c.category
                ? (locale === "en" && c.categoryEn ? c.categoryEn : c.category)
                : t("programme.education.all");
              const link = pageHref(href(state, BASE[data.kind]), 1, "page", { category: c.category });
              return (
                <li key={c.category} class="chip">
                  <a href={link} aria-current={data.category === c.category ? "page" : undefined}>{label}</a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <section aria-labelledby="programme-all">
        <h2 id="programme-all" class="section-title">
          {data.kind === "support" ? t("programme.support.all") : t(`${titles}.title`)}
        </h2>
        <Table
          caption={t(`${titles}.title`)}
          captionHidden
          rows={data.list.data}
          rowKey={(r) => r.id}
          empty={t(`${titles}.empty`)}
          stack
          columns={[
            {
              header: t("programme.field.status"),
              cell: (r) => <StatusBadge state={state} status={supportStatus(r)} />,
            },
            {
              header: t("programme.field.title"),
              rowHeader: true,
              align: "start",
              cell: (r) => <a href={link(r)}>{titleOf(r, locale)}</a>,
            },
            {
              header: t("programme.field.category"),
              cell: (r) => (locale === "en" && r.categoryEn ? r.categoryEn : r.category),
            },
            { header: t("programme.field.applyPeriod"), cell: (r) => period(state, r) },
            ...(data.kind === "course"
              ? [{
                header: t("programme.field.placesLeft"),
                cell: (
                  r: ProgrammeRow,
                ) => (r.capacity > 0 ? String(data.places[r.id] ?? 0) : t("programme.field.unlimited")),
              }]
              : []),
          ]}
        />
        <Pagination
          t={t}
          current_page={data.list.current_page}
          last_page={data.list.last_page}
          baseHref={href(state, BASE[data.kind])}
          query={{ category: data.category }}
        />
      </section>
      {data.teachers.length > 0 && (
        <section aria-labelledby="programme-teachers">
          <h2 id="programme-teachers" class="section-title">{t("programme.education.teachers")}</h2>
          <dl class="detail-list">
            {data.teachers.map((teacher) => (
              <div key={teacher.name}>
                <dt>{locale === "en" && teacher.nameEn ? teacher.nameEn : teacher.name}</dt>
                <dd>{locale === "en" && teacher.profileEn ? teacher.profileEn : teacher.profile}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}

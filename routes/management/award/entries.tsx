// /management/{award,ibda}/entries: one award's entries (the year picks it, the newest by default)
// filtered by category, status, payment and a search text, twenty to a page, with the CSV of the same
// filter; each row saves its exhibition, nominee and rank (displaying makes the entry's images public).
import { page, redirect } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { AwardTabs, familyBase } from "../../../components/management/award/AwardNav.tsx";
import {
  EntryFilterBar,
  type EntryQuery,
  entryQuery,
  EntryTable,
} from "../../../components/management/award/EntryTable.tsx";
import { refusalView } from "../../../components/management/award/refusal.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { ExportButton } from "../../../components/management/ExportButton.tsx";
import { pageHref, Pagination } from "../../../components/ui/Pagination.tsx";
import type { AwardRow } from "../../../db/schema/award.ts";
import { runEntryFlags } from "../../../domain/award/manage-actions.ts";
import { familyAwards, familyOfManagementPath } from "../../../domain/award/manage-awards.ts";
import {
  awardForYear,
  EntryFilter,
  listManagedEntries,
  type ManagedEntry,
} from "../../../domain/award/manage-entries.ts";
import type { AwardFamily } from "../../../domain/award/options.ts";
import { offeredCategories } from "../../../domain/award/public.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import type { Paginated } from "../../../domain/member/management.ts";
import { readBody } from "../../../domain/request.ts";
import { fieldErrors } from "../../../domain/validation.ts";
import { hasMessage } from "../../../i18n/mod.ts";
import { define, href, type State } from "../../../state.ts";

interface EntriesPage {
  family: AwardFamily;
  award: AwardRow | null;
  years: number[];
  query: EntryQuery;
  list: Paginated<ManagedEntry> | null;
  error?: string;
}

async function load(state: State, url: URL, error?: string, status = 200) {
  const family = familyOfManagementPath(url.pathname);
  state.title = state.t(`awardAdmin.title.${family}`);
  const query = entryQuery(url);
  const parsed = EntryFilter.safeParse({ ...query, page: url.searchParams.get("page") ?? "" });
  const filter = parsed.success ? parsed.data : { page: 1 };
  const years = (await familyAwards(state.db, family)).map((a) => a.award.year);
  const award = await awardForYear(state.db, family, parsed.success ? parsed.data.year : undefined);
  if (award) query.year = String(award.year);
  const base = href(state, `${familyBase(family)}/entries`);
  const list = award
    ? await listManagedEntries(state.db, award, filter, (p) => pageHref(base, p, "page", query))
    : null;
  if (!parsed.success) {
    const key = Object.values(fieldErrors(parsed.error)).flat()[0] ?? "error.validation";
    error = state.t(hasMessage(key) ? key : "error.validation");
    status = 400;
  }
  return page<EntriesPage>({ family, award, years, query, list, error }, { status });
}

export const handler = define.handlers({
  GET({ state, url }) {
    return load(state, url);
  },
  async POST({ req, state, url }) {
    const family = familyOfManagementPath(url.pathname);
    try {
      const sent = await readBody(req, 64 * 1024);
      const done = await runEntryFlags({ db: state.db, files: state.files, viewer: state.viewer }, family, sent);
      state.sites.clear();
      const res = redirect(href(state, url.pathname + url.search));
      res.headers.append("set-cookie", flashCookie(done, state.https));
      return res;
    } catch (err) {
      const view = refusalView(err, state.t);
      return load(state, url, view.message, view.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state, url }) => {
  const { t } = state;
  const base = familyBase(data.family);
  const action = href(state, `${base}/entries`);
  const award = data.award;
  const title = award ? t("awardAdmin.entries.title", { award: String(award.year) }) : t("awardAdmin.tabs.entries");
  return (
    <>
      <ManageHeader
        state={state}
        title={title}
        lead={t("awardAdmin.lead.entries")}
        trail={[{ label: t(`awardAdmin.title.${data.family}`), href: href(state, base) }]}
        actions={award && (
          <ExportButton
            state={state}
            path={href(state, `${base}/entries.csv`)}
            query={data.query}
            label="awardAdmin.entries.export"
            rows="awardAdmin.entries.exportRows"
            rowsAbout="awardAdmin.entries.exportRowsAbout"
            list={data.list}
          />
        )}
      />
      <AwardTabs state={state} family={data.family} current="entries" />
      {!award && <Alert kind="info">{t("awardAdmin.entries.noAward")}</Alert>}
      {award && (
        <>
          <EntryFilterBar
            state={state}
            action={action}
            query={data.query}
            years={data.years}
            categories={offeredCategories(award)}
            error={data.error}
          />
          {data.error && <Alert kind="error">{data.error}</Alert>}
          {data.list && (
            <>
              <p class="list-total">
                {t(data.list.estimated ? "awardAdmin.entries.totalAbout" : "awardAdmin.entries.total", {
                  total: data.list.total.toLocaleString("en-US"),
                })}
              </p>
              <EntryTable state={state} action={href(state, url.pathname + url.search)} list={data.list} />
              <Pagination
                t={t}
                current_page={data.list.current_page}
                last_page={data.list.last_page}
                baseHref={action}
                query={data.query}
              />
            </>
          )}
        </>
      )}
    </>
  );
});

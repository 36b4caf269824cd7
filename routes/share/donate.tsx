// /share/donate (SPEC §2.5 share lists): talent shares of this type that are not inactive, newest first, with
// the list kit's filter bar (region, field, keyword of at least 2 characters) and "load more"
// (islands/LoadMore.tsx over a link to the next page, which shows every page so far without JavaScript).
import { page } from "../../framework/define.ts";
import { ListState } from "../../components/list/mod.tsx";
import { CountLine, JobStyles, ShareCard, ShareFilters } from "../../components/job/views.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import LoadMore from "../../islands/LoadMore.tsx";
import { loadMoreTexts } from "../../components/list/mod.tsx";
import { cumulativeWindow, nextPageHref, parseListQuery } from "../../domain/job/list-page.ts";
import { ShareListQuery } from "../../domain/job/schema.ts";
import { listShares, type ShareSummary } from "../../domain/share/shares.ts";
import type { Paginated } from "../../domain/common/list.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

interface ListPage {
  q: ShareListQuery;
  list: Paginated<ShareSummary>;
  more: boolean;
  next: string;
  keywordError?: string;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    const { q, keywordError } = parseListQuery(ShareListQuery, url);
    const list = await listShares(state.db, "donate", { ...q, ...cumulativeWindow(q.page) }, state.locale, String);
    state.layout = "default";
    state.title = state.t("job.share.donateTitle");
    state.cacheable = true;
    return page<ListPage>({
      q,
      list,
      keywordError,
      more: list.total > q.page * 8,
      next: nextPageHref(href(state, "/share/donate"), url, q.page),
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  return (
    <>
      <JobStyles state={state} />
      <PageHeader
        t={t}
        title={t("job.share.donateTitle")}
        lead={t("job.share.donateLead")}
        actions={
          <>
            <Button href={href(state, "/share/register")}>{t("job.share.register")}</Button>{" "}
            <Button href={href(state, "/share/request")} variant="secondary">{t("job.share.requestTitle")}</Button>
          </>
        }
      />
      <ShareFilters
        state={state}
        action={href(state, "/share/donate")}
        filters={data.q}
        error={data.keywordError ? t(data.keywordError as MessageKey) : undefined}
      />
      <CountLine state={state} total={data.list.total} estimated={Boolean(data.list.estimated)} />
      <ListState status={data.list.data.length ? "ready" : "empty"} empty={t("job.share.none")}>
        <ul class="card-grid" id="share-donate-list">
          {data.list.data.map((s) => <ShareCard key={s.id} state={state} share={s} />)}
        </ul>
      </ListState>
      {data.more && (
        <p class="load-more">
          <LoadMore
            href={data.next}
            listId="share-donate-list"
            label={t("job.loadMore")}
            unavailable={loadMoreTexts(t)}
          />
        </p>
      )}
    </>
  );
});

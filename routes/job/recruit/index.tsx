// /job/recruit (SPEC §2.5 job lists: recruit): recruiting postings, newest first, with the list kit's filter
// bar (the 17 regions, occupation, career, employment type, a keyword of at least 2 characters) and "load
// more" (islands/LoadMore.tsx over a link to the next page, which shows every page so far without JavaScript).
import { page } from "../../../framework/define.ts";
import { ListState } from "../../../components/list/mod.tsx";
import { CountLine, JobFilters, JobStyles, PostingCard } from "../../../components/job/views.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import LoadMore from "../../../islands/LoadMore.tsx";
import { loadMoreTexts } from "../../../components/list/mod.tsx";
import { cumulativeWindow, nextPageHref, parseListQuery } from "../../../domain/job/list-page.ts";
import { listPostings, type PostingSummary } from "../../../domain/job/postings.ts";
import { PostingListQuery } from "../../../domain/job/schema.ts";
import type { Paginated } from "../../../domain/common/list.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

interface ListPage {
  q: PostingListQuery;
  list: Paginated<PostingSummary>;
  more: boolean;
  next: string;
  keywordError?: string;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    const { q, keywordError } = parseListQuery(PostingListQuery, url);
    const list = await listPostings(state.db, { ...q, ...cumulativeWindow(q.page) }, state.locale, new Date(), String);
    state.layout = "default";
    state.title = state.t("job.recruitTitle");
    state.cacheable = true;
    return page<ListPage>({
      q,
      list,
      keywordError,
      more: list.total > q.page * 8,
      next: nextPageHref(href(state, "/job/recruit"), url, q.page),
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
        title={t("job.recruitTitle")}
        lead={t("job.recruitLead")}
        actions={
          <>
            <Button href={href(state, "/job/recruit/register")}>{t("job.postJob")}</Button>{" "}
            <Button href={href(state, "/job/search")} variant="secondary">{t("job.searchTitle")}</Button>
          </>
        }
      />
      <JobFilters
        state={state}
        action={href(state, "/job/recruit")}
        filters={data.q}
        error={data.keywordError ? t(data.keywordError as MessageKey) : undefined}
      />
      <CountLine state={state} total={data.list.total} estimated={Boolean(data.list.estimated)} />
      <ListState status={data.list.data.length ? "ready" : "empty"} empty={t("job.noPostings")}>
        <ul class="card-grid" id="job-recruit-list">
          {data.list.data.map((p) => <PostingCard key={p.id} state={state} posting={p} />)}
        </ul>
      </ListState>
      {data.more && (
        <p class="load-more">
          <LoadMore
            href={data.next}
            listId="job-recruit-list"
            label={t("job.loadMore")}
            unavailable={loadMoreTexts(t)}
          />
        </p>
      )}
    </>
  );
});

// /job/recruit (SPEC §2.5 job lists: recruit): recruiting postings, newest first, with the filter bar (the 17
// regions, occupation, career, employment type, a keyword of at least 2 characters) and "load more".
import { cardListRoute } from "../../../components/job/list-route.tsx";
import { JobFilters, PostingCard } from "../../../components/job/views.tsx";
import { listPostings } from "../../../domain/job/postings.ts";
import { PostingListQuery } from "../../../domain/job/schema.ts";

const route = cardListRoute({
  path: "/job/recruit",
  schema: PostingListQuery,
  load: (state, q) => listPostings(state.db, q, state.locale, new Date(), String),
  title: "job.recruitTitle",
  lead: "job.recruitLead",
  primary: { path: "/job/recruit/register", label: "job.postJob" },
  sibling: { path: "/job/search", label: "job.searchTitle" },
  empty: "job.noPostings",
  filters: JobFilters,
  card: (state, p) => <PostingCard key={p.id} state={state} posting={p} />,
});

export const config = route.config;
export const handler = route.handler;
export default route.Page;

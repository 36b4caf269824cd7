// /job/search (SPEC §2.5 job lists: search): the resumes of members who are looking, newest first, with the
// filter bar and "load more".
import { cardListRoute } from "../../../components/job/list-route.tsx";
import { JobFilters, ResumeCard } from "../../../components/job/views.tsx";
import { listResumes } from "../../../domain/job/resumes.ts";
import { ResumeListQuery } from "../../../domain/job/schema.ts";

const route = cardListRoute({
  path: "/job/search",
  schema: ResumeListQuery,
  load: (state, q) => listResumes(state.db, q, state.locale, String),
  title: "job.searchTitle",
  lead: "job.searchLead",
  primary: { path: "/job/search/register", label: "job.writeResume" },
  sibling: { path: "/job/recruit", label: "job.recruitTitle" },
  empty: "job.noResumes",
  filters: JobFilters,
  card: (state, r) => <ResumeCard key={r.id} state={state} resume={r} />,
});

export const config = route.config;
export const handler = route.handler;
export default route.Page;

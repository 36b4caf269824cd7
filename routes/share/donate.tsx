// /share/donate (SPEC §2.5 share lists): talent shares of this type that are not inactive, newest first, with the
// filter bar (region, field, keyword of at least 2 characters) and "load more".
import { cardListRoute } from "../../components/job/list-route.tsx";
import { ShareCard, ShareFilters } from "../../components/job/views.tsx";
import { ShareListQuery } from "../../domain/job/schema.ts";
import { listShares } from "../../domain/share/shares.ts";

const route = cardListRoute({
  path: "/share/donate",
  schema: ShareListQuery,
  load: (state, q) => listShares(state.db, "donate", q, state.locale, String),
  title: "job.share.donateTitle",
  lead: "job.share.donateLead",
  primary: { path: "/share/register", label: "job.share.register" },
  sibling: { path: "/share/request", label: "job.share.requestTitle" },
  empty: "job.share.none",
  filters: ShareFilters,
  card: (state, s) => <ShareCard key={s.id} state={state} share={s} />,
});

export const config = route.config;
export const handler = route.handler;
export default route.Page;

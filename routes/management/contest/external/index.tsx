// /management/contest/external (issue 23 §12): the external contests and the form that adds one.
import { ExternalContestsPage, externalHandlers } from "../../../../components/management/contest/ExternalContests.tsx";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = externalHandlers(false);

export default define.page<typeof handler>(({ data, state }) => <ExternalContestsPage state={state} data={data} />);

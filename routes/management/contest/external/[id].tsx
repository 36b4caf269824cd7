// /management/contest/external/{id} (issue 23 §12): one external contest, saved or deleted.
import { ExternalContestsPage, externalHandlers } from "../../../../components/management/contest/ExternalContests.tsx";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = externalHandlers(true);

export default define.page<typeof handler>(({ data, state }) => <ExternalContestsPage state={state} data={data} />);

// /audit (SPEC §2.1): the IBDA judge's scoring list — their pools, the entries of their categories with
// progress, each opening the plain score form (issue 11 part 3).
import { AuditListPage } from "../components/judging/audit.tsx";
import { auditListHandler } from "../components/judging/audit-routes.ts";
import { define, type RouteConfig } from "../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = auditListHandler("ibda");

export default define.page<typeof handler>(({ data, state }) => <AuditListPage state={state} data={data} />);

// /audit-award (SPEC §2.1): the design award judge's scoring list — as /audit, for the award family.
import { AuditListPage } from "../components/judging/audit.tsx";
import { auditListHandler } from "../components/judging/audit-routes.ts";
import { define, type RouteConfig } from "../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = auditListHandler("award");

export default define.page<typeof handler>(({ data, state }) => <AuditListPage state={state} data={data} />);

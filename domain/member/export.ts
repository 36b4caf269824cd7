// The members export (/management/user/members.csv, issue 22 §4): the members the list's filter keeps, every
// page, streamed in keyset batches of the CSV kit. A whole register of personal data leaves the site, so each
// export is written to the audit log with its filter (who took which members, and when).
import { and, asc, gt } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/member.ts";
import { csvStream, type CsvValue } from "../common/csv.ts";
import type { Viewer } from "./permissions.ts";
import {
  type ApprovalState,
  type RoleState,
  roleStates,
  roleStatus,
  userCondition,
  type UserFilter,
} from "./member-list.ts";

const EXPORT_COLUMNS = {
  id: users.id,
  username: users.username,
  name: users.name,
  nameEn: users.nameEn,
  email: users.email,
  phone: users.phone,
  country: users.country,
  affiliation: users.affiliation,
  approvalState: users.approvalState,
  marketingEmail: users.marketingEmail,
  marketingSms: users.marketingSms,
  createdAt: users.createdAt,
};

/** One member's line: the columns above, the approval state typed, and their roles with each one's state. */
export type MemberExportRow = Omit<ExportedColumns, "approvalState"> & {
  approvalState: ApprovalState;
  roles: (RoleState & { status: ApprovalState })[];
};
type ExportedColumns = { [K in keyof typeof EXPORT_COLUMNS]: (typeof EXPORT_COLUMNS)[K]["_"]["data"] };

/** Records the export (the audit log), then streams its rows; `cells` writes one member's line. */
export async function membersCsv(
  tx: Tx,
  actor: Viewer,
  filter: Omit<UserFilter, "page">,
  header: string[],
  cells: (member: MemberExportRow) => CsvValue[],
): Promise<ReadableStream<Uint8Array>> {
  const condition = await userCondition(tx, filter);
  await tx.insert(auditLog).values({
    actorId: actor.id,
    action: "members.exported",
    detail: { q: filter.q ?? "", role: filter.role ?? "", state: filter.state ?? "" },
  });
  const batch = async (after: number, limit: number): Promise<MemberExportRow[]> => {
    const rows = await tx.select(EXPORT_COLUMNS).from(users).where(and(condition, gt(users.id, after)))
      .orderBy(asc(users.id)).limit(limit);
    const states = await roleStates(tx, rows.map((r) => r.id));
    return rows.map((r) => ({
      ...r,
      approvalState: r.approvalState as ApprovalState,
      roles: (states.get(r.id) ?? []).map((role) => ({ ...role, status: roleStatus(role) })),
    }));
  };
  return csvStream(header, batch, (r) => r.id, cells);
}

// /management/role (SPEC §2.2): the roles of SPEC §3 with how many members hold each (approved, waiting,
// rejected), and which management sections each staff role may reach (administrators edit it).
import { page } from "../../framework/define.ts";
import { ManageHeader } from "../../components/management/Frame.tsx";
import { GrantsForm, postGrants, sectionLabel } from "../../components/management/GrantsForm.tsx";
import { roleLabel } from "../../components/management/Labels.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Table } from "../../components/ui/Table.tsx";
import { grantTable, MANAGER_ROLES, type RoleSummary, roleSummary } from "../../domain/member/management.ts";
import { define, href, type State } from "../../state.ts";

interface RolePage {
  roles: RoleSummary[];
  grants: Record<string, string[]>;
  error?: string;
}

async function load(state: State, error?: string, status = 200) {
  state.title = state.t("manage.nav.role");
  const [roles, grants] = await Promise.all([roleSummary(state.db), grantTable(state.db)]);
  return page<RolePage>({ roles, grants, error }, { status });
}

export const handler = define.handlers({
  GET({ state }) {
    return load(state);
  },
  POST(ctx) {
    return postGrants(ctx, (error, status) => load(ctx.state, error, status));
  },
});

export default define.page<typeof handler>(({ data, state, url }) => {
  const { t } = state;
  const userList = (query: string) => href(state, `/management/user?${query}`);
  return (
    <>
      <ManageHeader state={state} title={t("manage.nav.role")} lead={t("manage.roleLead")} />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <Table
        caption={t("manage.nav.role")}
        captionHidden
        rows={data.roles}
        rowKey={(r) => r.code}
        stack
        columns={[
          { header: t("manage.col.role"), rowHeader: true, align: "start", cell: (r) => roleLabel(state, r) },
          { header: t("manage.col.code"), cell: (r) => <code>{r.code}</code> },
          { header: t("manage.col.needsApproval"), cell: (r) => (r.needsApproval ? t("manage.yes") : t("manage.no")) },
          {
            header: t("manage.state.approved"),
            align: "end",
            cell: (r) => <a href={userList(`role=${r.code}&state=approved`)}>{r.approved}</a>,
          },
          {
            header: t("manage.state.waiting"),
            align: "end",
            cell: (r) => <a href={userList(`role=${r.code}&state=waiting`)}>{r.waiting}</a>,
          },
          {
            header: t("manage.state.rejected"),
            align: "end",
            cell: (r) => <a href={userList(`role=${r.code}&state=rejected`)}>{r.rejected}</a>,
          },
          {
            header: t("manage.col.sections"),
            align: "start",
            cell: (r) =>
              r.code === "administrator"
                ? t("manage.allSections")
                : MANAGER_ROLES.includes(r.code)
                ? (data.grants[r.code] ?? []).map((s) => sectionLabel(state, s)).join(", ") || t("manage.homeOnly")
                : t("manage.noManagement"),
          },
        ]}
      />
      <GrantsForm
        state={state}
        action={href(state, url.pathname)}
        grants={data.grants}
        roles={data.roles.filter((r) => MANAGER_ROLES.includes(r.code))}
      />
    </>
  );
});

// /management/manager (SPEC §2.2; administrators only, SPEC §6): the people who run the management area
// — administrators and support staff — with the sections each reaches, and the per-role grants editor.
import { page } from "../../framework/define.ts";
import { ManageHeader } from "../../components/management/Frame.tsx";
import { GrantsForm, postGrants, sectionLabel } from "../../components/management/GrantsForm.tsx";
import { roleLabel, StateBadge } from "../../components/management/Labels.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Table } from "../../components/ui/Table.tsx";
import {
  grantTable,
  MANAGER_ROLES,
  managerList,
  type RoleSummary,
  roleSummary,
} from "../../domain/member/management.ts";
import { roleStatus } from "../../domain/member/member-list.ts";
import { define, href, type State } from "../../state.ts";

interface ManagerPage {
  managers: Awaited<ReturnType<typeof managerList>>;
  roles: RoleSummary[];
  grants: Record<string, string[]>;
  error?: string;
}

async function load(state: State, error?: string, status = 200) {
  state.title = state.t("manage.nav.manager");
  const [managers, roles, grants] = await Promise.all([
    managerList(state.db),
    roleSummary(state.db),
    grantTable(state.db),
  ]);
  return page<ManagerPage>({ managers, roles, grants, error }, { status });
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
  const reach = (codes: string[]) => {
    if (codes.includes("administrator")) return t("manage.allSections");
    const sections = [...new Set(codes.flatMap((c) => data.grants[c] ?? []))].sort();
    return sections.map((s) => sectionLabel(state, s)).join(", ") || t("manage.homeOnly");
  };
  return (
    <>
      <ManageHeader state={state} title={t("manage.nav.manager")} lead={t("manage.managerLead")} />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <Table
        caption={t("manage.nav.manager")}
        captionHidden
        rows={data.managers}
        rowKey={(m) => m.id}
        empty={t("manage.noUsers")}
        stack
        columns={[
          {
            header: t("manage.col.name"),
            rowHeader: true,
            align: "start",
            cell: (m) => <a href={href(state, `/management/user/${m.id}`)}>{m.name}</a>,
          },
          { header: t("manage.col.username"), cell: (m) => m.username },
          {
            header: t("manage.col.roles"),
            align: "start",
            cell: (m) => (
              <ul class="chips">
                {m.roles.map((r) => (
                  <li key={r.code} class="chip">
                    {roleLabel(state, r)} <StateBadge state={state} status={roleStatus(r)} />
                  </li>
                ))}
              </ul>
            ),
          },
          {
            header: t("manage.col.sections"),
            align: "start",
            cell: (m) => reach(m.roles.filter((r) => roleStatus(r) === "approved").map((r) => r.code)),
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

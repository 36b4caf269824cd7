// /management/user (SPEC §2.2): members found by name, user ID or e-mail, filtered by role and approval
// state (waiting, approved, rejected), twenty to a page. Plain GET form; no JavaScript.
import { page } from "../../../framework/define.ts";
import { DateText, roleLabel, StateBadge } from "../../../components/management/Labels.tsx";
import { ExportButton } from "../../../components/management/ExportButton.tsx";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Select, TextField } from "../../../components/ui/FormField.tsx";
import { pageHref, Pagination } from "../../../components/ui/Pagination.tsx";
import { Table } from "../../../components/ui/Table.tsx";
import type { Paginated } from "../../../domain/common/list.ts";
import { roleSummary } from "../../../domain/member/management.ts";
import {
  APPROVAL_STATES,
  roleStatus,
  searchUsers,
  UserFilter,
  type UserRow,
} from "../../../domain/member/member-list.ts";
import { fieldErrors } from "../../../domain/validation.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define, href } from "../../../state.ts";

const PER_PAGE = 20;

interface UserList {
  query: Record<string, string>;
  list: Paginated<UserRow>;
  roles: { code: string; name: string; nameEn: string }[];
  error?: string;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    state.title = state.t("manage.nav.user");
    const query = Object.fromEntries(
      ["q", "role", "state"].map((k) => [k, url.searchParams.get(k)?.slice(0, 100) ?? ""]),
    );
    const parsed = UserFilter.safeParse({ ...query, page: url.searchParams.get("page") ?? 1 });
    const base = href(state, "/management/user");
    const filter = parsed.success ? parsed.data : { page: 1 };
    const list = await searchUsers(state.db, filter, PER_PAGE, (p) => pageHref(base, p, "page", query));
    const roles = await roleSummary(state.db);
    const error = parsed.success ? undefined : Object.values(fieldErrors(parsed.error)).flat()[0];
    return page<UserList>({ query, list, roles, error }, { status: parsed.success ? 200 : 400 });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { list, query } = data;
  const base = href(state, "/management/user");
  return (
    <>
      <ManageHeader
        state={state}
        title={t("manage.nav.user")}
        lead={t("manage.userLead")}
        actions={
          <ExportButton
            state={state}
            path={`${base}/members.csv`}
            query={data.error ? {} : query}
            label="manage.export"
            rows="manage.exportRows"
            rowsAbout="manage.exportRowsAbout"
            list={data.error ? undefined : list}
          />
        }
      />
      <form method="get" action={base} class="filter-bar" role="search">
        <TextField
          name="q"
          type="search"
          label={t("manage.searchLabel")}
          value={query.q}
          placeholder={t("manage.searchPlaceholder")}
          minLength={2}
          maxLength={100}
          error={data.error ? t(data.error as MessageKey) : undefined}
        />
        <Select
          name="role"
          label={t("manage.col.roles")}
          value={query.role}
          placeholder={t("manage.allRoles")}
          options={data.roles.map((r) => ({ value: r.code, label: roleLabel(state, r) }))}
        />
        <Select
          name="state"
          label={t("manage.col.state")}
          value={query.state}
          placeholder={t("manage.allStates")}
          options={APPROVAL_STATES.map((s) => ({ value: s, label: t(`manage.state.${s}`) }))}
        />
        <div class="filter-actions">
          <button type="submit" class="button button-primary">{t("common.search")}</button>
          <a class="button button-ghost" href={base}>{t("manage.reset")}</a>
        </div>
      </form>
      {data.error && <Alert kind="error">{t(data.error as MessageKey)}</Alert>}
      <p class="list-total">
        {t(list.estimated ? "manage.totalAbout" : "manage.total", { total: list.total.toLocaleString("en-US") })}
      </p>
      <Table
        caption={t("manage.nav.user")}
        captionHidden
        rows={list.data}
        rowKey={(r) => r.id}
        empty={t("manage.noUsers")}
        stack
        columns={[
          {
            header: t("manage.col.no"),
            hideOnMobile: true,
            cell: (_r, i) => list.total - (list.current_page - 1) * list.per_page - i,
          },
          {
            header: t("manage.col.name"),
            rowHeader: true,
            align: "start",
            cell: (r) => (
              <a href={href(state, `/management/user/${r.id}`)}>
                {r.name}
                {r.nameEn && r.nameEn !== r.name && <span class="muted">({r.nameEn})</span>}
              </a>
            ),
          },
          { header: t("manage.col.username"), class: "nowrap", cell: (r) => r.username },
          { header: t("manage.col.email"), align: "start", hideOnMobile: true, cell: (r) => r.email },
          {
            header: t("manage.col.roles"),
            align: "start",
            cell: (r) => (
              <ul class="chips">
                {r.roles.map((role) => {
                  const status = roleStatus(role);
                  return (
                    <li key={role.code} class={`chip chip-${status}`}>
                      {roleLabel(state, role)}
                      {status !== "approved" && <span class="visually-hidden">({t(`manage.state.${status}`)})</span>}
                    </li>
                  );
                })}
              </ul>
            ),
          },
          {
            header: t("manage.col.joined"),
            hideOnMobile: true,
            class: "nowrap",
            cell: (r) => <DateText state={state} value={r.createdAt} style="date" />,
          },
          {
            header: t("manage.col.state"),
            class: "nowrap",
            cell: (r) => <StateBadge state={state} status={r.state} />,
          },
        ]}
      />
      <Pagination
        t={t}
        current_page={list.current_page}
        last_page={list.last_page}
        baseHref={base}
        query={query}
      />
    </>
  );
});

// /management: the home of the management area — what waits for a decision, and the way to it.
import { page } from "../../framework/define.ts";
import { DateText, StateBadge } from "../../components/management/Labels.tsx";
import { ManageHeader, menuFor } from "../../components/management/Frame.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { BoundedCount } from "../../domain/common/list.ts";
import { managementCounts, searchUsers, type UserRow } from "../../domain/member/member-list.ts";
import { managementAccess } from "../../domain/member/permissions.ts";
import { define, href } from "../../state.ts";
import { requestGrants } from "./_middleware.ts";

interface Home {
  counts: Awaited<ReturnType<typeof managementCounts>> | null;
  waiting: UserRow[];
}

export const handler = define.handlers({
  async GET({ state }) {
    state.title = state.t("manage.title");
    // The numbers and names of members belong to the `user` section: only its holders see them here.
    if (!managementAccess(state.viewer, "/user", requestGrants(state)).accessible) {
      return page<Home>({ counts: null, waiting: [] });
    }
    const counts = await managementCounts(state.db);
    const waiting = await searchUsers(state.db, { state: "waiting", page: 1 }, 10, () => "");
    return page<Home>({ counts, waiting: waiting.data });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const userHref = (query = "") => href(state, `/management/user${query}`);
  const countText = (c: BoundedCount) => {
    const n = c.total.toLocaleString("en-US");
    return c.estimated ? t("manage.about", { n }) : n;
  };
  const menu = menuFor(state.viewer, requestGrants(state)).filter((m) => m.path !== "/");
  return (
    <>
      <ManageHeader state={state} title={t("manage.title")} lead={t("manage.homeLead")} />
      {data.counts && (
        <>
          <dl class="stats">
            <div class="stat">
              <dt>{t("manage.count.waitingUsers")}</dt>
              <dd>
                <a href={userHref("?state=waiting")}>{countText(data.counts.waitingUsers)}</a>
              </dd>
            </div>
            <div class="stat">
              <dt>{t("manage.count.conversions")}</dt>
              <dd>{countText(data.counts.waitingConversions)}</dd>
            </div>
            <div class="stat">
              <dt>{t("manage.count.judgeFields")}</dt>
              <dd>{countText(data.counts.waitingJudgeFields)}</dd>
            </div>
            <div class="stat">
              <dt>{t("manage.count.members")}</dt>
              <dd>
                <a href={userHref()}>{countText(data.counts.members)}</a>
              </dd>
            </div>
          </dl>
          <h2 class="manage-section-title">{t("manage.waitingTitle")}</h2>
          <Table
            caption={t("manage.waitingTitle")}
            captionHidden
            rows={data.waiting}
            empty={t("manage.nothingWaiting")}
            rowKey={(r) => r.id}
            stack
            columns={[
              {
                header: t("manage.col.name"),
                rowHeader: true,
                align: "start",
                cell: (r) => <a href={href(state, `/management/user/${r.id}`)}>{r.name}</a>,
              },
              { header: t("manage.col.username"), cell: (r) => r.username },
              {
                header: t("manage.col.request"),
                cell: (r) =>
                  r.roles.filter((role) => role.needsApproval && !role.approved && !role.rejected)
                    .map((role) => state.locale === "en" ? role.nameEn : role.name).join(", ") ||
                  t("manage.kind.judge_field"),
              },
              {
                header: t("manage.col.joined"),
                cell: (r) => <DateText state={state} value={r.createdAt} style="date" />,
              },
              { header: t("manage.col.state"), cell: (r) => <StateBadge state={state} status={r.state} /> },
            ]}
          />
        </>
      )}
      {!data.counts && menu.length > 0 && (
        <ul class="manage-links">
          {menu.map((m) => (
            <li key={m.path}>
              <a href={href(state, `/management${m.path}`)}>{t(m.label)}</a>
            </li>
          ))}
        </ul>
      )}
      {!data.counts && menu.length === 0 && <Alert kind="info">{t("manage.noSections")}</Alert>}
    </>
  );
});

// /mypage/changes (SPEC §2.5 my page: conversion history): the member's joins, conversions and
// judge-field changes with status and the reason of a rejection, eight to a page like GET /api/user/changes.
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { changeSummary, DateText, kindLabel, type Names, StateBadge } from "../../components/management/Labels.tsx";
import { pageHref, Pagination } from "../../components/ui/Pagination.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { MembershipChange } from "../../db/schema/member.ts";
import { changeHistory } from "../../domain/member/conversion.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { type Paginated, roleNames } from "../../domain/member/management.ts";
import { define, href } from "../../state.ts";

const PageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1);

interface ChangesPage {
  list: Paginated<MembershipChange>;
  names: Names;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    state.layout = "authenticated";
    state.title = state.t("mypage.section.changes");
    const base = href(state, "/mypage/changes");
    const list = await changeHistory(
      state.db,
      state.viewer.id,
      PageNumber.parse(url.searchParams.get("page") ?? 1),
      8,
      (p) => pageHref(base, p),
    );
    return page<ChangesPage>({ list, names: await roleNames(state.db) }, {
      headers: { "cache-control": "no-store" },
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { list } = data;
  return (
    <>
      <MemberStyles state={state} />
      <p class="lead-text">{t("mypage.changesLead")}</p>
      <Table
        caption={t("mypage.section.changes")}
        captionHidden
        rows={list.data}
        rowKey={(c) => c.id}
        empty={t("mypage.noChanges")}
        stack
        columns={[
          { header: t("manage.col.kind"), cell: (c) => kindLabel(state, c.kind) },
          {
            header: t("manage.col.request"),
            rowHeader: true,
            align: "start",
            cell: (c) => changeSummary(state, data.names, c),
          },
          { header: t("manage.col.requested"), cell: (c) => <DateText state={state} value={c.createdAt} /> },
          {
            header: t("manage.col.state"),
            cell: (c) => <StateBadge state={state} status={c.status} />,
          },
          { header: t("manage.col.reason"), align: "start", cell: (c) => c.reason || "—" },
          { header: t("manage.col.decided"), cell: (c) => <DateText state={state} value={c.decidedAt} /> },
        ]}
      />
      <Pagination
        t={t}
        current_page={list.current_page}
        last_page={list.last_page}
        baseHref={href(state, "/mypage/changes")}
      />
      <p class="actions">
        <a class="button button-secondary" href={href(state, "/change")}>{t("change.title")}</a>
        <a class="button button-ghost" href={href(state, "/mypage")}>{t("site.mypage")}</a>
      </p>
    </>
  );
});

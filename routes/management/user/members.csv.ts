// /management/user/members.csv: the members of the list's filter (every page) as CSV, streamed in keyset
// batches (issue 22 §4), headers in the administrator's language; each export is in the audit log.
import { streamResponse } from "../../../framework/http.ts";
import { roleLabel } from "../../../components/management/Labels.tsx";
import { csvHeaders, csvTime } from "../../../domain/common/csv.ts";
import { membersCsv } from "../../../domain/member/export.ts";
import { UserFilter } from "../../../domain/member/member-list.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define } from "../../../state.ts";

const COLUMNS = [
  "id",
  "username",
  "name",
  "nameEn",
  "email",
  "phone",
  "country",
  "affiliation",
  "roles",
  "state",
  "marketingEmail",
  "marketingSms",
  "joined",
] as const;

export const handler = define.handlers({
  async GET({ state, url }) {
    const { t } = state;
    const query = Object.fromEntries(["q", "role", "state"].map((k) => [k, url.searchParams.get(k) ?? ""]));
    const filter = parseOrThrow(UserFilter, query, 400);
    const yes = (v: boolean) => t(v ? "manage.csv.yes" : "manage.csv.no");
    const body = await membersCsv(
      state.db,
      state.viewer,
      filter,
      COLUMNS.map((c) => t(`manage.csv.${c}` as MessageKey)),
      (m) => [
        m.id,
        m.username,
        m.name,
        m.nameEn,
        m.email,
        m.phone,
        m.country,
        m.affiliation,
        m.roles.map((r) => `${roleLabel(state, r)} (${t(`manage.state.${r.status}`)})`).join(", "),
        t(`manage.state.${m.approvalState}`),
        yes(m.marketingEmail),
        yes(m.marketingSms),
        csvTime(m.createdAt),
      ],
    );
    return streamResponse(body, { headers: csvHeaders("members.csv") });
  },
});

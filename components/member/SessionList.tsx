// The member's live sessions on /profile: each browser they are signed in on and each token a client asked
// for (issue 20 §6), with when it began, was last used and ends, and a button that ends it.
import { Table } from "../ui/Table.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { clientName, type SessionKind } from "../../domain/member/session.ts";

export interface SessionRow {
  id: string;
  kind: string;
  label: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export function SessionList(
  { state, rows, currentId }: { state: State; rows: SessionRow[]; currentId: string | null },
) {
  const { t } = state;
  const when = (at: Date) => formatDate(at, state.locale, "datetime");
  return (
    <section class="form-group session-list" id="sessions" aria-labelledby="sessions-title">
      <h2 class="form-title" id="sessions-title">{t("account.sessions.title")}</h2>
      <p>{t("account.sessions.lead")}</p>
      <Table
        caption={t("account.sessions.title")}
        captionHidden
        stack
        rows={rows}
        rowKey={(row) => row.id}
        empty={t("account.sessions.empty")}
        columns={[
          {
            header: t("account.sessions.client"),
            rowHeader: true,
            align: "start",
            cell: (row) => (
              <>
                <strong>{t(`account.sessions.kind.${row.kind as SessionKind}`)}</strong>{" "}
                {clientName(row.label) ?? t("account.sessions.unknownClient")}
              </>
            ),
          },
          { header: t("account.sessions.createdAt"), cell: (row) => when(row.createdAt) },
          { header: t("account.sessions.lastSeenAt"), cell: (row) => when(row.lastSeenAt) },
          { header: t("account.sessions.expiresAt"), cell: (row) => when(row.expiresAt) },
          {
            header: t("account.sessions.action"),
            cell: (row) =>
              row.id === currentId
                ? t("account.sessions.current")
                : (
                  <form method="post" action={href(state, "/profile/sessions")}>
                    <CsrfField state={state} />
                    <input type="hidden" name="id" value={row.id} />
                    <button type="submit" class="button button-secondary button-sm">
                      {t("account.sessions.revoke")}
                    </button>
                  </form>
                ),
          },
        ]}
      />
    </section>
  );
}

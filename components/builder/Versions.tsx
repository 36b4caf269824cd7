// A page's versions (issue 15 §1): number, state, who and when, with rollback to any earlier one. Plain
// forms posting to /builder, so publishing and rollback work without JavaScript too.
import type { VersionSummary } from "../../domain/builder/versions.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Table } from "../ui/Table.tsx";

export function Versions(
  { state, pageId, versions, hasDraft }: {
    state: State;
    pageId: number;
    versions: VersionSummary[];
    hasDraft: boolean;
  },
) {
  const { t } = state;
  const action = href(state, `/builder?page=${pageId}`);
  return (
    <section aria-labelledby="versions-title" class="pbb-versions">
      <h2 id="versions-title">{t("builder.ui.versions")}</h2>
      {hasDraft && (
        <form method="post" action={action}>
          <CsrfField state={state} />
          <input type="hidden" name="action" value="publish" />
          <button type="submit" class="button button-primary button-sm">{t("builder.ui.publish")}</button>
        </form>
      )}
      <Table
        caption={t("builder.ui.versions")}
        captionHidden
        rows={versions}
        rowKey={(v) => v.number}
        columns={[
          {
            header: t("builder.ui.versions"),
            rowHeader: true,
            cell: (v) => (
              <>
                {t("builder.ui.version", { n: v.number })}
                {v.restored_from && (
                  <span class="pbb-muted">({t("builder.ui.restoredFrom", { n: v.restored_from })})</span>
                )}
              </>
            ),
          },
          { header: t("manage.col.state"), cell: (v) => t(`builder.ui.status.${v.status}` as MessageKey) },
          { header: t("builder.ui.by"), cell: (v) => v.created_by ?? "—" },
          {
            header: t("builder.ui.when"),
            cell: (v) => formatDate(v.published_at ?? v.updated_at, state.locale, "datetime"),
          },
          {
            header: t("builder.ui.rollback"),
            cell: (v) =>
              v.status === "published" ? "—" : (
                <form method="post" action={action}>
                  <CsrfField state={state} />
                  <input type="hidden" name="action" value="rollback" />
                  <input type="hidden" name="number" value={String(v.number)} />
                  <button type="submit" class="button button-ghost button-sm">
                    {t("builder.ui.rollback")}
                    <span class="visually-hidden">: {t("builder.ui.version", { n: v.number })}</span>
                  </button>
                </form>
              ),
          },
        ]}
      />
    </section>
  );
}

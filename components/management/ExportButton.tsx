// The "Download CSV" button of a management list (entries, members, payments): the export of the list's
// filter, with the rows it will hold — the list's bounded count, "about N" above it — so the administrator
// knows what is coming before a long file starts (issue 22 §4).
import type { MessageKey } from "../../i18n/mod.ts";
import type { State } from "../../state.ts";
import { Button } from "../ui/Button.tsx";

export function ExportButton({ state, path, query, label, rows, rowsAbout, list }: {
  state: State;
  /** The export's path in the viewer's locale, and the list's filter it keeps (not its page). */
  path: string;
  query: Record<string, string>;
  label: MessageKey;
  /** Messages taking `{total}`: the exact count and the estimate. */
  rows: MessageKey;
  rowsAbout: MessageKey;
  list?: { total: number; estimated?: boolean } | null;
}) {
  const { t } = state;
  const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v)).toString();
  const href = search ? `${path}?${search}` : path;
  const total = list && t(list.estimated ? rowsAbout : rows, { total: list.total.toLocaleString("en-US") });
  return (
    <Button href={href} variant="secondary" download>
      {t(label)}
      {total && ` (${total})`}
    </Button>
  );
}

// The tabs of one award family's management screens: awards, entries, payments, statistics.
import type { AwardFamily } from "../../../domain/award/options.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { href, type State } from "../../../state.ts";

export type AwardTab = "awards" | "entries" | "payments" | "statistics";

/** /management/award or /management/ibda (without the locale prefix). */
export const familyBase = (family: AwardFamily) => `/management/${family}`;

export function awardTabPath(family: AwardFamily, tab: AwardTab): string {
  if (tab === "awards") return familyBase(family);
  if (tab === "statistics") return `/management/statistics/${family}`;
  return `${familyBase(family)}/${tab}`;
}

const TABS: AwardTab[] = ["awards", "entries", "payments", "statistics"];

export function AwardTabs({ state, family, current }: { state: State; family: AwardFamily; current: AwardTab }) {
  const { t } = state;
  return (
    <nav class="tabs aw-tabs" aria-label={t("awardAdmin.tabs.sections")}>
      <ul>
        {TABS.map((tab) => (
          <li key={tab} class={tab === current ? "is-active" : undefined}>
            <a href={href(state, awardTabPath(family, tab))} aria-current={tab === current ? "page" : undefined}>
              {t(`awardAdmin.tabs.${tab}` as MessageKey)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

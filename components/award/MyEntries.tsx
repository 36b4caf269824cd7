// My page's award and IBDA sections: each entry with its award, state, fee and payment, and the actions
// open to it now — edit and cancel while submission is open, pay while the fee waits. Plain links and
// forms; no JavaScript.
import type { MyEntry } from "../../domain/award/my-entries.ts";
import type { Paginated } from "../../domain/member/management.ts";
import { formatMoney, type MessageKey } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { payHref } from "../entry/props.ts";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { Table } from "../ui/Table.tsx";

export function MyEntries(
  { state, family, list, base }: { state: State; family: "award" | "ibda"; list: Paginated<MyEntry>; base: string },
) {
  const { t, locale } = state;
  const en = locale === "en";
  return (
    <>
      <Table
        caption={t(family === "ibda" ? "mypage.section.ibda" : "mypage.section.awards")}
        captionHidden
        rows={list.data}
        rowKey={(e) => e.id}
        empty={t("myEntries.empty")}
        stack
        columns={[
          {
            header: t("myEntries.award"),
            cell: (e) => `${e.award.year} ${en && e.award.title_en ? e.award.title_en : e.award.title}`,
          },
          {
            header: t("myEntries.work"),
            rowHeader: true,
            align: "start",
            cell: (e) => (
              <span class="my-entry-title">
                {e.thumbnail
                  ? <img src={e.thumbnail} alt="" width={72} height={54} loading="lazy" />
                  : <img src="/images/common/no_img.png" alt="" width={72} height={54} loading="lazy" />}
                <span>{en && e.title_en ? e.title_en : e.title}</span>
              </span>
            ),
          },
          { header: t("myEntries.category"), cell: (e) => t(`award.category.${e.category}` as MessageKey) },
          {
            header: t("entry.status"),
            cell: (e) => (
              <span class={`badge badge-${e.status}`}>{t(`award.entry_status.${e.status}` as MessageKey)}</span>
            ),
          },
          {
            header: t("entry.fee"),
            align: "end",
            cell: (e) => (e.fee > 0 ? formatMoney(e.fee, locale) : t("entry.free")),
          },
          {
            header: t("myEntries.actions"),
            cell: (e) => (
              <div class="my-entry-actions">
                {e.can.pay && (
                  <a class="button button-primary button-sm" href={payHref(state, family, e.id)}>{t("entry.payNow")}</a>
                )}
                {e.can.edit && (
                  <a
                    class="button button-secondary button-sm"
                    href={href(state, `/entry?award=${e.award.id}&entry=${e.id}`)}
                  >
                    {t("myEntries.edit")}
                  </a>
                )}
                {e.market_product && (
                  // The product registered from the entry (market auto-register flag, issue 18).
                  <a href={href(state, `/market/${e.market_product.type}/${e.market_product.id}`)}>
                    {t("market.title")} · {t(`market.status.${e.market_product.status}` as MessageKey)}
                  </a>
                )}
                {e.can.cancel && (
                  <form method="post" action={base}>
                    <CsrfField state={state} />
                    <input type="hidden" name="cancel" value={String(e.id)} />
                    <button class="button button-ghost button-sm" type="submit">{t("myEntries.cancel")}</button>
                  </form>
                )}
              </div>
            ),
          },
        ]}
      />
      <Pagination t={t} current_page={list.current_page} last_page={list.last_page} baseHref={base} />
    </>
  );
}

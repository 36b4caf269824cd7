// Server-rendered pieces of the public contest pages: a contest card, the status badge, money in KRW and USD,
// dates in Asia/Seoul.
import type { ContestStatus } from "../../domain/contest/options.ts";
import type { ContestSummary, Money } from "../../domain/contest/public.ts";
import { formatDate, formatMoney } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { Card } from "../ui/Card.tsx";

type Ctx = Pick<State, "t" | "locale" | "basePath">;

export function StatusBadge({ state, status }: { state: Ctx; status: ContestStatus }) {
  return <span class={`badge badge-${status}`}>{state.t(`contest.status.${status}`)}</span>;
}

/** "₩1,000,000 (US$714.29)" */
export function MoneyText({ state, money }: { state: Ctx; money: Money }) {
  return (
    <>
      {formatMoney(money.krw, state.locale)}{" "}
      <span class="muted">({formatMoney(money.krw, state.locale, "USD", money.krw / (money.usd || 1))})</span>
    </>
  );
}

export function day(state: Ctx, iso: string | Date): string {
  return formatDate(iso, state.locale);
}

export function ContestCard({ state, contest, headingLevel = 3 }: {
  state: Ctx;
  contest: ContestSummary;
  headingLevel?: 2 | 3;
}) {
  return (
    <Card
      title={contest.title}
      href={href(state, `/contest/${contest.id}`)}
      headingLevel={headingLevel}
      eyebrow={
        <>
          <StatusBadge state={state} status={contest.status} />{" "}
          {state.t(`contest.fields.${contest.field}` as "contest.fields.brand")}
        </>
      }
      text={contest.summary}
      meta={
        <>
          {contest.company} · {day(state, contest.open_at)} – {day(state, contest.close_at)} ·{" "}
          {state.t("contest.labels.prizeTotal")} <MoneyText state={state} money={contest.prize_total} /> ·{" "}
          {state.t("contest.labels.entryCount")} {contest.entry_count}
        </>
      }
    />
  );
}

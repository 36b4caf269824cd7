// Server-rendered pieces of the public contest pages: a contest card, the status badge, money in KRW and USD,
// dates in Asia/Seoul.
import type { ContestStatus } from "../../domain/contest/options.ts";
import type { ContestSummary, Money } from "../../domain/contest/public.ts";
import { formatDate, formatMoney } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { Card } from "../ui/Card.tsx";
import { Picture } from "../ui/Picture.tsx";
import { externalView, type ListedExternal } from "../../domain/contest/external.ts";

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

/** An external contest (issue 23 §12): marked as such, its title leading to the organiser's page. */
export function ExternalContestCard({ state, listed }: { state: Ctx; listed: ListedExternal }) {
  const c = externalView(listed.contest, state.locale);
  return (
    <li class="card card-external">
      {listed.poster && <Picture file={listed.poster} alt="" kind="thumbnail" sizes="(min-width: 720px) 25vw, 100vw" />}
      <p class="card-eyebrow">
        <span class="badge badge-external">{state.t("contest.external.mark")}</span>
      </p>
      <h3 class="card-title">
        <a class="card-link" href={c.link} rel="external noopener noreferrer">
          {c.title}
          <span class="visually-hidden">{` (${state.t("contest.external.mark")})`}</span>
        </a>
      </h3>
      <dl class="card-facts">
        <div>
          <dt>{state.t("contest.external.organiser")}</dt>
          <dd>{c.organiser}</dd>
        </div>
        <div>
          <dt>{state.t("contest.external.period")}</dt>
          <dd>{day(state, c.startOn)} – {day(state, c.endOn)}</dd>
        </div>
        {c.prize && (
          <div>
            <dt>{state.t("contest.external.prize")}</dt>
            <dd>{c.prize}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

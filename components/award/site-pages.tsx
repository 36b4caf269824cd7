// /schedule and /winners of a sub-site (issue 21 §3): the schedule of the current award and the winners
// of the latest results of the family the site runs (the IBDA site its own, the council's site the award),
// in both languages, from the awards' data rather than a copy in a content page.
import { page, redirect } from "../../framework/define.ts";
import { familyOfSite } from "../../domain/award/queries.ts";
import { type AwardJson, currentAward, latestResults, presentAwards } from "../../domain/award/public.ts";
import { labelKey } from "../../domain/award/options.ts";
import { define, href } from "../../state.ts";
import { AwardStyles, familyPath, Notice, PhaseBadges, ScheduleTable, yearPath } from "./views.tsx";

export const scheduleHandler = define.handlers<{ award: AwardJson | null }>({
  async GET({ state }) {
    const family = familyOfSite(state.site);
    const now = new Date();
    const row = await currentAward(state.db, family, now);
    const [award] = row ? await presentAwards(state.db, [row], state.locale, now) : [];
    state.layout = "sub";
    state.title = `${award?.name ?? state.t(labelKey("family", family))} — ${state.t("award.page.schedule")}`;
    state.cacheable = true;
    return page({ award: award ?? null });
  },
});

/** The award's schedule; the council's other events (issue 13) are the boards' calendar, linked from here. */
export const SchedulePage = define.page<typeof scheduleHandler>(({ data, state }) => {
  const { award } = data;
  const events = (
    <p>
      <a href={href(state, "/notice/events")}>{state.t("award.page.events")}</a>
    </p>
  );
  if (!award) {
    return (
      <>
        <Notice>{state.t("award.page.noAward")}</Notice>
        {events}
      </>
    );
  }
  return (
    <>
      <AwardStyles state={state} />
      <PhaseBadges state={state} award={award} />
      <ScheduleTable state={state} award={award} />
      <p>
        <a href={familyPath(state, award.family)}>{state.t("award.page.more", { title: award.name })}</a>
      </p>
      {events}
    </>
  );
});

/** The winners of the latest results; before any results, a notice. */
export const winnersHandler = define.handlers({
  async GET({ state }) {
    const family = familyOfSite(state.site);
    const row = await latestResults(state.db, family, new Date());
    if (row) return redirect(yearPath(state, family, row.year, "winners"), 302);
    state.layout = "sub";
    state.title = state.t("award.page.winners");
    state.cacheable = true;
    return page(null);
  },
});

export const WinnersPage = define.page<typeof winnersHandler>(({ state }) => (
  <Notice>{state.t("award.page.noWinners")}</Notice>
));

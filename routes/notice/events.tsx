// /notice/events (the menu's "Events"; issue 13 "the schedule shows the council's events by month"): a
// month as a calendar table and the same events as a list, server-rendered; ?month=YYYY-MM moves, and
// /notice/events.ics is the iCalendar feed.
import { page } from "../../framework/define.ts";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { BoardStyles } from "../../components/board/views.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { EventRow } from "../../db/schema/board.ts";
import { eventsOfMonth, monthKey, monthOf, MonthQuery, shiftMonth } from "../../domain/board/gallery.ts";
import { localized } from "../../domain/board/boards.ts";
import { siteIdOf } from "../../domain/board/web.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define, href, type RouteConfig, type State } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(MonthQuery, url);
    const { year, month } = monthOf(q.month);
    state.layout = "sub";
    state.title = state.t("board.schedule.title");
    state.cacheable = true;
    return page({ year, month, events: await eventsOfMonth(state.db, siteIdOf(state), year, month) });
  },
});

function Calendar({ state, year, month, events }: { state: State; year: number; month: number; events: EventRow[] }) {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (number | null)[] = [
    ...Array(first.getUTCDay()).fill(null),
    ...Array.from({ length: days }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const names = state.t("board.schedule.weekdays").split(",");
  const on = (day: number) => {
    const date = `${monthKey(year, month)}-${String(day).padStart(2, "0")}`;
    return events.filter((e) => e.startsOn <= date && date <= e.endsOn);
  };
  return (
    <div class="table-wrap" role="group" aria-label={state.t("board.schedule.month", { year, month })} tabIndex={0}>
      <table class="table">
        <caption class="visually-hidden">{state.t("board.schedule.month", { year, month })}</caption>
        <thead>
          <tr>{names.map((n) => <th key={n} scope="col">{n}</th>)}</tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => (
                <td key={i} class="align-start">
                  {day && (
                    <>
                      <span class="board-muted">{day}</span>
                      {on(day).map((e) => (
                        <span key={e.id} class="board-badge">{localized(state.locale, e.title, e.titleEn)}</span>
                      ))}
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { year, month, events } = data;
  const prev = shiftMonth(year, month, -1);
  const next = shiftMonth(year, month, 1);
  const base = href(state, "/notice/events");
  const when = (e: EventRow) => e.startsOn === e.endsOn ? e.startsOn : `${e.startsOn} ~ ${e.endsOn}`;
  return (
    <>
      <BoardStyles state={state} />
      <PageHeader t={t} title={t("board.schedule.title")} lead={t("board.schedule.lead")} />
      <div class="schedule-nav">
        <a
          class="button button-secondary button-sm"
          href={`${base}?month=${monthKey(prev.year, prev.month)}`}
          rel="prev"
        >
          {t("board.schedule.previous")}
        </a>
        <h2>{t("board.schedule.month", { year, month })}</h2>
        <a
          class="button button-secondary button-sm"
          href={`${base}?month=${monthKey(next.year, next.month)}`}
          rel="next"
        >
          {t("board.schedule.next")}
        </a>
      </div>
      <Calendar state={state} year={year} month={month} events={events} />
      <Table
        caption={t("board.schedule.title")}
        captionHidden
        stack
        rows={events}
        rowKey={(e) => e.id}
        empty={t("board.schedule.empty")}
        columns={[
          { header: t("board.schedule.date"), class: "nowrap", cell: (e) => when(e) },
          {
            header: t("board.schedule.event"),
            rowHeader: true,
            align: "start",
            cell: (e) => localized(state.locale, e.title, e.titleEn),
          },
          { header: t("board.schedule.place"), cell: (e) => localized(state.locale, e.place, e.placeEn) },
          {
            header: t("board.schedule.link"),
            cell: (e) =>
              /^https?:\/\//.test(e.url)
                ? <a href={e.url} rel="nofollow noopener noreferrer">{t("board.schedule.link")}</a>
                : "-",
          },
        ]}
      />
      <p>
        <a href={href(state, "/notice/events.ics")}>{t("board.schedule.ical")}</a>
      </p>
    </>
  );
});

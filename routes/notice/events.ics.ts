// /notice/events.ics: the site's current and coming events as an iCalendar feed (RFC 5545), in the
// language of the path (/en/notice/events.ics in English).
import { icalendar, upcomingEvents } from "../../domain/board/gallery.ts";
import { siteIdOf } from "../../domain/board/web.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const events = await upcomingEvents(state.db, siteIdOf(state));
    const name = state.t("board.schedule.title");
    return new Response(icalendar(events, state.locale, url.hostname, name), {
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="events.ics"',
        "cache-control": "public, max-age=300",
      },
    });
  },
});

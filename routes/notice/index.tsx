// /notice: the site's notices board (the menus and home pages link here), at its board address.
import { redirect } from "../../framework/define.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  GET({ state }) {
    return redirect(href(state, "/board/notice"), 302);
  },
});

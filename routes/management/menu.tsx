// /management/menu (SPEC §2.2, issue 15 §4): the menu tree editor in both languages, for the site of this
// host or the one chosen (?site=); a link to a missing page is flagged.
import { menuPost, MenuScreen, menuScreen } from "../../components/builder/MenuScreen.tsx";
import { chosenSite } from "../../domain/builder/sites.ts";
import { define, href } from "../../state.ts";

export const handler = define.handlers({
  async GET({ state, url }) {
    return await menuScreen(state, await chosenSite(state.db, url.searchParams.get("site"), state.site));
  },
  async POST({ state, url, req }) {
    const site = await chosenSite(state.db, url.searchParams.get("site"), state.site);
    return await menuPost(state, req, site, href(state, `/management/menu?site=${site.id}`));
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <MenuScreen
    state={state}
    data={data}
    action={href(state, `/management/menu?site=${data.site.id}`)}
    picker={href(state, "/management/menu")}
  />
));

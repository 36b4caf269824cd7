// /management/site/{id}/menu (SPEC §2.2): the site's menu tree in both languages.
import { menuPost, MenuScreen, menuScreen } from "../../../../components/builder/MenuScreen.tsx";
import { siteById } from "../../../../domain/builder/sites.ts";
import { idOf } from "../../../../domain/builder/web.ts";
import { define, href } from "../../../../state.ts";

export const handler = define.handlers({
  async GET({ state, params }) {
    return await menuScreen(state, await siteById(state.db, idOf(params.id, "builder.site_not_found")));
  },
  async POST({ state, params, req }) {
    const site = await siteById(state.db, idOf(params.id, "builder.site_not_found"));
    return await menuPost(state, req, site, href(state, `/management/site/${site.id}/menu`));
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <MenuScreen state={state} data={data} action={href(state, `/management/site/${data.site.id}/menu`)} />
));

// /gallery/designer (SPEC §2.5 galleries): the region's designers, 8 a page, each with a photo and field.
import { page } from "../../../framework/define.ts";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { GalleryCard, GalleryList, GalleryTabs } from "../../../components/board/gallery.tsx";
import { GalleryQuery, listDesigners } from "../../../domain/board/gallery.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { pageUrlOf } from "../../../domain/award/api.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(GalleryQuery.pick({ page: true }), url);
    state.layout = "sub";
    state.title = state.t("board.gallery.designer");
    state.cacheable = true;
    const list = await listDesigners(state.db, siteIdOf(state), { ...q, perpage: 8 }, state.locale, pageUrlOf(url));
    return page({ list });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  return (
    <>
      <BoardStyles state={state} />
      <PageHeader t={t} title={t("board.gallery.designer")} lead={t("board.gallery.designerLead")} />
      <GalleryTabs state={state} current="designer" />
      <GalleryList
        state={state}
        list={data.list}
        base={href(state, "/gallery/designer")}
        empty={t("board.gallery.empty")}
      >
        {(d) => (
          <GalleryCard
            key={d.id}
            href={href(state, `/gallery/designer/${d.id}`)}
            image={d.photo}
            alt={d.name}
            title={d.name}
            text={d.field}
          />
        )}
      </GalleryList>
    </>
  );
});

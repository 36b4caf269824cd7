// /gallery/photo (SPEC §2.5 galleries): photo albums, newest first, 8 a page, each with its cover.
import { page } from "../../../framework/define.ts";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { GalleryCard, GalleryList, GalleryTabs } from "../../../components/board/gallery.tsx";
import { GalleryQuery, listAlbums } from "../../../domain/board/gallery.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { pageUrlOf } from "../../../domain/award/api.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(GalleryQuery.pick({ page: true }), url);
    state.layout = "sub";
    state.title = state.t("board.gallery.photo");
    state.cacheable = true;
    const list = await listAlbums(state.db, siteIdOf(state), { ...q, perpage: 8 }, state.locale, pageUrlOf(url));
    return page({ list });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  return (
    <>
      <BoardStyles state={state} />
      <PageHeader t={t} title={t("board.gallery.photo")} lead={t("board.gallery.photoLead")} />
      <GalleryTabs state={state} current="photo" />
      <GalleryList state={state} list={data.list} base={href(state, "/gallery/photo")} empty={t("board.gallery.empty")}>
        {(a) => (
          <GalleryCard
            key={a.id}
            href={href(state, `/gallery/photo/${a.id}`)}
            image={a.cover}
            alt={a.title}
            title={a.title}
            text={t("board.gallery.photos", { count: a.count })}
          />
        )}
      </GalleryList>
    </>
  );
});

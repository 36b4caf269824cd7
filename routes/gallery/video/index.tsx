// /gallery/video (SPEC §2.5 galleries): videos, newest first, 8 a page. Nothing is loaded from the
// providers here: each card links to the video's page, where playing is the visitor's choice.
import { page } from "../../../framework/define.ts";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { GalleryList, GalleryTabs } from "../../../components/board/gallery.tsx";
import { GalleryQuery, listVideos } from "../../../domain/board/gallery.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { pageUrlOf } from "../../../domain/award/api.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(GalleryQuery.pick({ page: true }), url);
    state.layout = "sub";
    state.title = state.t("board.gallery.video");
    state.cacheable = true;
    const list = await listVideos(state.db, siteIdOf(state), { ...q, perpage: 8 }, state.locale, pageUrlOf(url));
    return page({ list });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  return (
    <>
      <BoardStyles state={state} />
      <PageHeader t={t} title={t("board.gallery.video")} lead={t("board.gallery.videoLead")} />
      <GalleryTabs state={state} current="video" />
      <GalleryList state={state} list={data.list} base={href(state, "/gallery/video")} empty={t("board.gallery.empty")}>
        {(v) => (
          <li key={v.id} class="gallery-card">
            <a class="video-play" href={href(state, `/gallery/video/${v.id}?play=1#player`)}>
              ▶<span class="visually-hidden">{t("board.gallery.play", { title: v.title })}</span>
            </a>
            <div class="gallery-card-body">
              <h2 class="gallery-card-title">
                <a href={href(state, `/gallery/video/${v.id}`)}>{v.title}</a>
              </h2>
              {v.description && <p class="gallery-card-text">{v.description}</p>}
            </div>
          </li>
        )}
      </GalleryList>
    </>
  );
});

// /gallery/video/{id}: one video. The page sends no script and loads nothing from the provider until the
// visitor follows the play link (`?play=1`); that answer embeds the provider's privacy-enhanced player
// (youtube-nocookie, Vimeo with dnt) and widens the frame sources of its policy for those players only.
import { z } from "zod";
import { page } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { widenPolicy } from "../../../framework/http.ts";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { GalleryTabs } from "../../../components/board/gallery.tsx";
import { VIDEO_FRAME_SOURCES, videoById } from "../../../domain/board/gallery.ts";
import { IdParam } from "../../../domain/board/schema.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

const PlayQuery = z.object({ play: z.enum(["1"]).optional() });
const PLAYER_POLICY = widenPolicy({ "frame-src": VIDEO_FRAME_SOURCES });

export const handler = define.handlers({
  async GET({ state, params, url }) {
    const parsed = IdParam.safeParse(params);
    if (!parsed.success) throw new HttpError(404, "board.gallery.not_found");
    const { play } = parseQuery(PlayQuery, url);
    const video = await videoById(state.db, siteIdOf(state), parsed.data.id, state.locale);
    state.layout = "sub";
    state.title = video.title;
    state.cacheable = !play;
    return page({ video, play: Boolean(play) }, play ? { headers: { "content-security-policy": PLAYER_POLICY } } : {});
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const v = data.video;
  const provider = v.provider === "youtube" ? "YouTube" : "Vimeo";
  return (
    <>
      <BoardStyles state={state} />
      <PageHeader t={t} title={v.title} lead={v.description || undefined} />
      <GalleryTabs state={state} current="video" />
      <div id="player">
        {data.play
          ? (
            <div class="video-frame">
              <iframe
                src={v.player}
                title={v.title}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                referrerpolicy="strict-origin-when-cross-origin"
                loading="lazy"
              />
            </div>
          )
          : (
            <a class="video-play" href={href(state, `/gallery/video/${v.id}?play=1#player`)}>
              ▶ {t("board.gallery.play", { title: v.title })}
            </a>
          )}
      </div>
      <p class="board-muted">{t("board.gallery.playNote", { provider })}</p>
      <p>
        <a href={v.watch} rel="nofollow noopener noreferrer">{provider}</a> ·{" "}
        <a href={href(state, "/gallery/video")}>{t("board.gallery.back")}</a>
      </p>
    </>
  );
});

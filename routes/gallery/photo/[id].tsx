// /gallery/photo/{id}: one album's photos with their captions.
import { page } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { GalleryTabs } from "../../../components/board/gallery.tsx";
import { Picture } from "../../../components/ui/Picture.tsx";
import { albumById } from "../../../domain/board/gallery.ts";
import { IdParam } from "../../../domain/board/schema.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { formatDate } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const parsed = IdParam.safeParse(params);
    if (!parsed.success) throw new HttpError(404, "board.gallery.not_found");
    const album = await albumById(state.db, siteIdOf(state), parsed.data.id, state.locale);
    state.layout = "sub";
    state.title = album.title;
    state.cacheable = true;
    return page({ album });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const a = data.album;
  return (
    <>
      <BoardStyles state={state} />
      <PageHeader t={t} title={a.title} lead={a.description} />
      <GalleryTabs state={state} current="photo" />
      {a.taken_on && (
        <p class="board-muted">
          {t("board.gallery.takenOn")}: <time dateTime={a.taken_on}>{formatDate(a.taken_on, state.locale)}</time>
        </p>
      )}
      <ul class="post-photos">
        {a.photos.map((p, i) => (
          <li key={p.id}>
            <figure>
              <Picture file={p.image} alt="" eager={i === 0} sizes="(max-width: 720px) 100vw, 400px" />
              <figcaption>{p.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p>
        <a href={href(state, "/gallery/photo")}>{t("board.gallery.back")}</a>
      </p>
    </>
  );
});

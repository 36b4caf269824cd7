// /gallery/designer/{id}: a designer's profile and works.
import { page } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { GalleryTabs } from "../../../components/board/gallery.tsx";
import { Picture } from "../../../components/ui/Picture.tsx";
import { designerById } from "../../../domain/board/gallery.ts";
import { IdParam } from "../../../domain/board/schema.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const parsed = IdParam.safeParse(params);
    if (!parsed.success) throw new HttpError(404, "board.gallery.not_found");
    const designer = await designerById(state.db, siteIdOf(state), parsed.data.id, state.locale);
    state.layout = "sub";
    state.title = designer.name;
    state.cacheable = true;
    return page({ designer });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const d = data.designer;
  return (
    <>
      <BoardStyles state={state} />
      <PageHeader t={t} title={d.name} lead={d.field} />
      <GalleryTabs state={state} current="designer" />
      <div class="post-body">
        <Picture file={d.photo} alt={d.name} eager sizes="(max-width: 720px) 100vw, 480px" />
        <p>{d.bio}</p>
        {/^https?:\/\//.test(d.website) && (
          <p>
            {t("board.gallery.website")}: <a href={d.website} rel="nofollow noopener noreferrer">{d.website}</a>
          </p>
        )}
      </div>
      <h2>{t("board.gallery.works")}</h2>
      <ul class="gallery-grid">
        {d.works.map((w) => (
          <li key={w.id} class="gallery-card">
            <Picture file={w.image} alt={w.title} kind="thumbnail" sizes="(max-width: 720px) 100vw, 300px" />
            <div class="gallery-card-body">
              <h3 class="gallery-card-title">{w.title}</h3>
              {w.year && <p class="gallery-card-text">{w.year}</p>}
            </div>
          </li>
        ))}
      </ul>
      <p>
        <a href={href(state, "/gallery/designer")}>{t("board.gallery.back")}</a>
      </p>
    </>
  );
});

// The gallery pages' pieces (designers, photo albums, videos) and the events month: server-rendered
// cards in a grid, the gallery tabs, and the calendar table. No script: a video is a link to its page,
// whose play link loads the provider's privacy-enhanced player only then.
import type { ComponentChildren } from "preact";
import { Picture } from "../ui/Picture.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import type { Paginated } from "../../domain/common/list.ts";
import type { ImageJson } from "../../domain/board/gallery.ts";
import { href, type State } from "../../state.ts";

export type GalleryKind = "designer" | "photo" | "video";
const KINDS: GalleryKind[] = ["designer", "photo", "video"];

export function GalleryTabs({ state, current }: { state: State; current: GalleryKind }) {
  return (
    <nav aria-label={state.t("board.gallery.tabs")}>
      <ul class="board-tabs">
        {KINDS.map((k) => (
          <li key={k}>
            <a href={href(state, `/gallery/${k}`)} aria-current={k === current ? "page" : undefined}>
              {state.t(`board.gallery.${k}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function GalleryCard(
  { href: link, image, title, text, alt }: {
    href: string;
    image: ImageJson | null;
    title: string;
    text?: ComponentChildren;
    alt: string;
  },
) {
  return (
    <li class="gallery-card">
      <a href={link}>
        <Picture file={image} alt={alt} kind="thumbnail" sizes="(max-width: 720px) 100vw, 300px" />
      </a>
      <div class="gallery-card-body">
        <h2 class="gallery-card-title">
          <a href={link}>{title}</a>
        </h2>
        {text && <p class="gallery-card-text">{text}</p>}
      </div>
    </li>
  );
}

export function GalleryList<T>(
  { state, list, base, empty, children }: {
    state: State;
    list: Paginated<T>;
    base: string;
    empty: string;
    children: (item: T) => ComponentChildren;
  },
) {
  return (
    <>
      {list.data.length === 0 ? <p class="list-empty">{empty}</p> : (
        <ul class="gallery-grid">
          {list.data.map(children)}
        </ul>
      )}
      <Pagination t={state.t} current_page={list.current_page} last_page={list.last_page} baseHref={base} />
    </>
  );
}

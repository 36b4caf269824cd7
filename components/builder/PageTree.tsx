// A builder page as plain server-rendered HTML (issue 15 §3): each node drawn with the design system's
// classes, text escaped by Preact, rich text already sanitised on write, links kept in the visitor's
// language, live components from data loaded before rendering (domain/builder/live.ts). No script — except
// the slider's small enhancement (static/js/slider.js), sent only with a page that has a slider.
import type { ComponentChildren } from "preact";
import type { BuilderNode } from "../../domain/builder/tree.ts";
import type { LiveData, LiveItem } from "../../domain/builder/live.ts";
import { imageFileId, imageSizeKey } from "../../domain/builder/images.ts";
import { Picture } from "../ui/Picture.tsx";
import type { Locale } from "../../fresh.config.ts";
import { formatDate, type Translate } from "../../i18n/mod.ts";

export interface TreeContext {
  t: Translate;
  locale: Locale;
  /** A same-site path in the visitor's language (state.ts href). */
  link: (path: string) => string;
  live: LiveData;
  staticUrl?: (path: string) => string;
  /** The node whose picture is not lazy (PageTree sets it: eagerImageNode). */
  eagerNode?: string;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** Same-site paths go through the locale; others (http, mailto, tel, #) as they are. */
function linkOf(ctx: TreeContext, href: string): string {
  return href.startsWith("/") && !href.startsWith("//") ? ctx.link(href) : href;
}

const external = (href: string) => /^https?:/i.test(href);

function ExternalMark({ ctx, href }: { ctx: TreeContext; href: string }) {
  return external(href) ? <span class="visually-hidden">{ctx.t("builder.live.newWindow")}</span> : null;
}

/**
 * A stored picture through the files pipeline: its derivatives by width (srcset), width and height from the
 * file so nothing jumps while it loads, and the no-image placeholder when the file is gone; lazy unless it
 * is the page's first picture near the top (what the visitor waits for). Static images as they are.
 */
function Image({ src, alt, ctx, eager = false }: { src: string; alt: string; ctx: TreeContext; eager?: boolean }) {
  const id = imageFileId(src);
  if (id !== null) {
    const size = ctx.live[imageSizeKey(id)];
    const file = size?.kind === "file" ? { id, width: size.width, height: size.height } : null;
    return <Picture file={file} alt={alt} eager={eager} sizes="(max-width: 720px) 100vw, 1200px" />;
  }
  return <img src={src} alt={alt} loading={eager ? "eager" : "lazy"} decoding="async" />;
}

/**
 * The node whose picture loads at once: the first image or slider, when it comes among the page's first few
 * components (above the fold on most screens); every other picture is lazy.
 */
export function eagerImageNode(nodes: readonly BuilderNode[], within = 6): string | undefined {
  let seen = 0;
  const stack = [...nodes].reverse();
  while (stack.length && seen < within) {
    const node = stack.pop()!;
    seen++;
    if (node.type === "image" || node.type === "slider") return node.id;
    for (let i = (node.children?.length ?? 0) - 1; i >= 0; i--) stack.push(node.children![i]);
  }
  return undefined;
}

const MAP_SEARCH: Record<string, (q: string) => string> = {
  kakao: (q) => `https://map.kakao.com/?q=${q}`,
  naver: (q) => `https://map.naver.com/p/search/${q}`,
  google: (q) => `https://www.google.com/maps/search/?api=1&query=${q}`,
};

function LiveList({ ctx, item, empty, more }: { ctx: TreeContext; item?: LiveItem; empty: string; more: string }) {
  if (!item || item.kind !== "list") return <p class="pb-empty">{empty}</p>;
  return (
    <div class="pb-live">
      {item.items.length === 0 ? <p class="pb-empty">{empty}</p> : (
        <ul class="pb-live-list">
          {item.items.map((i, n) => (
            <li key={n}>
              <a href={ctx.link(i.href)}>{i.title}</a>
              {i.meta && <span class="pb-live-meta">{i.meta}</span>}
            </li>
          ))}
        </ul>
      )}
      {item.more && <a class="pb-more" href={ctx.link(item.more)}>{more}</a>}
    </div>
  );
}

function Gallery({ ctx, item }: { ctx: TreeContext; item?: LiveItem }) {
  if (!item || item.kind !== "list" || item.items.length === 0) {
    return <p class="pb-empty">{ctx.t("builder.live.galleryNone")}</p>;
  }
  return (
    <div class="pb-live">
      <ul class="pb-gallery">
        {item.items.map((i, n) => (
          <li key={n}>
            <a href={ctx.link(i.href)}>
              {i.image && <img src={i.image} alt="" loading="lazy" decoding="async" width={360} height={270} />}
              <span>{i.title}</span>
            </a>
          </li>
        ))}
      </ul>
      <a class="pb-more" href={ctx.link(item.more)}>{ctx.t("builder.live.galleryMore")}</a>
    </div>
  );
}

function Award({ ctx, item }: { ctx: TreeContext; item?: LiveItem }) {
  if (!item || item.kind !== "award" || !item.award) return <p class="pb-empty">{ctx.t("builder.live.awardNone")}</p>;
  const a = item.award;
  const date = (v: string | null) => (v ? formatDate(v, ctx.locale) : "");
  return (
    <div class="pb-award card">
      <p class="pb-award-title">
        <a href={ctx.link(item.href)}>{a.title}</a>
      </p>
      {a.submitFrom && (
        <p class="pb-live-meta">
          {ctx.t("builder.live.awardPeriod")} {date(a.submitFrom)} – {date(a.submitTo)}
        </p>
      )}
      <a class="button button-primary" href={ctx.link(item.href)}>{ctx.t("builder.live.awardMore")}</a>
    </div>
  );
}

function Slider({ node, ctx }: { node: BuilderNode; ctx: TreeContext }) {
  const slides = (node.props.slides as { src: string; alt: string; caption?: string }[] | undefined) ?? [];
  const label = str(node.props.label);
  const interval = typeof node.props.interval === "number" ? node.props.interval : 5000;
  return (
    <section
      class="pb-slider"
      aria-roledescription="carousel"
      aria-label={label}
      data-interval={String(interval)}
      data-play={ctx.t("builder.live.sliderPlay")}
      data-pause={ctx.t("builder.live.sliderPause")}
    >
      {/* A scroll-snap strip: arrow keys and swipes move it with no script; slider.js adds the timer. */}
      <div class="pb-slider-track" tabindex={0} aria-label={label} role="group">
        {slides.map((s, i) => (
          <div
            key={i}
            class="pb-slide"
            id={`${node.id}-s${i + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={ctx.t("builder.live.sliderSlide", { n: i + 1, total: slides.length })}
          >
            <figure>
              <Image src={s.src} alt={s.alt} ctx={ctx} eager={i === 0 && ctx.eagerNode === node.id} />
              {s.caption && <figcaption>{s.caption}</figcaption>}
            </figure>
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <ol class="pb-slider-dots">
          {slides.map((_, i) => (
            <li key={i}>
              <a href={`#${node.id}-s${i + 1}`}>
                <span class="visually-hidden">{ctx.t("builder.live.sliderGoTo", { n: i + 1 })}</span>
                <span aria-hidden="true">{i + 1}</span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A content block's body, sanitised on write (domain/builder/content.ts). */
function BlockBody({ html }: { html: string }) {
  // deno-lint-ignore react-no-danger -- sanitised on write (sanitizeRichText)
  return <div class="content" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Children({ nodes, ctx }: { nodes?: BuilderNode[]; ctx: TreeContext }) {
  return <>{(nodes ?? []).map((n) => <Node key={n.id} node={n} ctx={ctx} />)}</>;
}

function Node({ node, ctx }: { node: BuilderNode; ctx: TreeContext }): ComponentChildren {
  const p = node.props;
  const { t } = ctx;
  switch (node.type) {
    case "heading": {
      const Tag = (`h${p.level === "3" ? 3 : p.level === "4" ? 4 : 2}`) as "h2" | "h3" | "h4";
      return <Tag class="pb-heading">{str(p.text)}</Tag>;
    }
    case "text":
      // deno-lint-ignore react-no-danger -- sanitised on write (domain/builder/tree.ts → sanitizeRichText)
      return <div class="pb-text content" dangerouslySetInnerHTML={{ __html: str(p.html) }} />;
    case "image": {
      const img = <Image src={str(p.src)} alt={str(p.alt)} ctx={ctx} eager={ctx.eagerNode === node.id} />;
      const href = str(p.href);
      return (
        <figure class="pb-image">
          {href ? <a href={linkOf(ctx, href)}>{img}</a> : img}
          {str(p.caption) && <figcaption>{str(p.caption)}</figcaption>}
        </figure>
      );
    }
    case "button": {
      const href = str(p.href);
      return (
        <p class="pb-button">
          <a
            class={`button ${p.variant === "secondary" ? "button-secondary" : "button-primary"}`}
            href={linkOf(ctx, href)}
          >
            {str(p.label)}
            <ExternalMark ctx={ctx} href={href} />
          </a>
        </p>
      );
    }
    case "list": {
      const items = (p.items as string[] | undefined) ?? [];
      const List = p.ordered ? "ol" : "ul";
      return <List class="pb-list">{items.map((i, n) => <li key={n}>{i}</li>)}</List>;
    }
    case "table": {
      const header = (p.header as string[] | undefined) ?? [];
      const rows = (p.rows as string[][] | undefined) ?? [];
      return (
        <div class="pb-table table-wrap">
          <table class="table">
            <caption>{str(p.caption)}</caption>
            {header.length > 0 && (
              <thead>
                <tr>{header.map((h, i) => <th key={i} scope="col">{h}</th>)}</tr>
              </thead>
            )}
            <tbody>
              {rows.map((r, i) => <tr key={i}>{r.map((c, j) => <td key={j}>{c}</td>)}</tr>)}
            </tbody>
          </table>
        </div>
      );
    }
    case "divider":
      return <hr class="pb-divider" />;
    case "spacer":
      return <div class={`pb-spacer pb-spacer-${str(p.size) || "m"}`} aria-hidden="true" />;
    case "video": {
      const url = str(p.url);
      return (
        <p class="pb-video">
          <a href={linkOf(ctx, url)} rel="noopener noreferrer" target={external(url) ? "_blank" : undefined}>
            {t("builder.live.videoWatch", { title: str(p.title) })}
            <ExternalMark ctx={ctx} href={url} />
          </a>
        </p>
      );
    }
    case "map": {
      const search = MAP_SEARCH[str(p.provider)] ?? MAP_SEARCH.kakao;
      return (
        <p class="pb-map">
          <a href={search(encodeURIComponent(str(p.address)))} rel="noopener noreferrer" target="_blank">
            {t("builder.live.mapOpen", { label: str(p.label) })}
            <span class="visually-hidden">{t("builder.live.newWindow")}</span>
          </a>
          <span class="pb-live-meta">{str(p.address)}</span>
        </p>
      );
    }
    case "slider":
      return <Slider node={node} ctx={ctx} />;
    case "award":
      return <Award ctx={ctx} item={ctx.live[node.id]} />;
    case "notices":
      return (
        <LiveList
          ctx={ctx}
          item={ctx.live[node.id]}
          empty={t("builder.live.noticesNone")}
          more={t("builder.live.noticesMore")}
        />
      );
    case "contests":
      return (
        <LiveList
          ctx={ctx}
          item={ctx.live[node.id]}
          empty={t("builder.live.contestsNone")}
          more={t("builder.live.contestsMore")}
        />
      );
    case "events":
      return (
        <LiveList
          ctx={ctx}
          item={ctx.live[node.id]}
          empty={t("builder.live.eventsNone")}
          more={t("builder.live.eventsMore")}
        />
      );
    case "gallery":
      return <Gallery ctx={ctx} item={ctx.live[node.id]} />;
    case "content": {
      const item = ctx.live[node.id];
      if (!item || item.kind !== "block") return <p class="pb-empty">{t("builder.live.blockMissing")}</p>;
      return (
        <section class="pb-block">
          {item.title && <h2 class="pb-heading">{item.title}</h2>}
          <BlockBody html={item.html} />
        </section>
      );
    }
    case "section": {
      const title = str(p.title);
      return (
        <section class={`pb-section pb-tone-${str(p.tone) || "plain"}`} aria-label={title || undefined}>
          {title && <h2 class="pb-heading">{title}</h2>}
          <Children nodes={node.children} ctx={ctx} />
        </section>
      );
    }
    case "columns":
      return (
        <div class={`pb-columns pb-ratio-${str(p.ratio) || "1-1"}`}>
          <Children nodes={node.children} ctx={ctx} />
        </div>
      );
    case "column":
      return (
        <div class="pb-column">
          <Children nodes={node.children} ctx={ctx} />
        </div>
      );
    case "grid":
      return (
        <div class={`pb-grid pb-grid-${str(p.columns) || "3"}`}>
          <Children nodes={node.children} ctx={ctx} />
        </div>
      );
    case "tabs": {
      // Without script, tabs are an index of in-page links over their panels, each panel titled.
      const tabs = node.children ?? [];
      return (
        <div class="pb-tabs">
          <ul class="pb-tab-index">
            {tabs.map((tab) => (
              <li key={tab.id}>
                <a href={`#${tab.id}`}>{str(tab.props.label)}</a>
              </li>
            ))}
          </ul>
          {tabs.map((tab) => <Node key={tab.id} node={tab} ctx={ctx} />)}
        </div>
      );
    }
    case "tab":
      return (
        <section class="pb-tab-panel" id={node.id} aria-labelledby={`${node.id}-label`}>
          <h3 class="pb-heading" id={`${node.id}-label`}>{str(p.label)}</h3>
          <Children nodes={node.children} ctx={ctx} />
        </section>
      );
    default:
      return null;
  }
}

/** One node as the page draws it (a content page's live placeholders: components/site/live-content.tsx). */
export { Node as TreeNode };

export function hasSlider(nodes: readonly BuilderNode[]): boolean {
  return nodes.some((n) => n.type === "slider" || hasSlider(n.children ?? []));
}

/** The page's components, the builder's stylesheet, and the slider's script when there is a slider. */
export function PageTree({ nodes, ctx }: { nodes: BuilderNode[]; ctx: TreeContext }) {
  const url = ctx.staticUrl ?? ((p: string) => p);
  return (
    <div class="pb-page">
      <link rel="stylesheet" href={url("/css/builder.css")} />
      <Children nodes={nodes} ctx={{ ...ctx, eagerNode: eagerImageNode(nodes) }} />
      {hasSlider(nodes) && <script type="module" src={url("/js/slider.js")} />}
    </div>
  );
}

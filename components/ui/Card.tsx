// Cards in a grid: the same markup as the content vocabulary (ul.card-grid > li.card with .card-link,
// .card-title, .card-text), so database pages and components look alike. The link covers the whole card.
import type { ComponentChildren } from "preact";
import { cx } from "./cx.tsx";

export interface CardProps {
  title: ComponentChildren;
  href?: string;
  text?: ComponentChildren;
  /** A small label above the title (category, status). */
  eyebrow?: ComponentChildren;
  /** A line under the text (date, author). */
  meta?: ComponentChildren;
  /** `li` (default) inside a CardGrid; `div` or `article` elsewhere. */
  as?: "li" | "div" | "article";
  headingLevel?: 2 | 3 | 4;
  class?: string;
  children?: ComponentChildren;
}

export function Card(
  { title, href, text, eyebrow, meta, as: Tag = "li", headingLevel = 3, class: extra, children }: CardProps,
) {
  const Heading = `h${headingLevel}` as "h3";
  return (
    <Tag class={cx("card", extra)}>
      {eyebrow && <p class="card-eyebrow">{eyebrow}</p>}
      <Heading class="card-title">{href ? <a class="card-link" href={href}>{title}</a> : title}</Heading>
      {text && <p class="card-text">{text}</p>}
      {children}
      {meta && <p class="card-meta">{meta}</p>}
    </Tag>
  );
}

export function CardGrid({ children, class: extra }: { children: ComponentChildren; class?: string }) {
  return <ul class={cx("card-grid", extra)}>{children}</ul>;
}

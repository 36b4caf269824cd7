// Buttons and button-looking links: primary (one per screen), secondary, ghost; sizes sm/md/lg.
import type { ComponentChildren } from "preact";
import { cx } from "./cx.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonProps {
  children: ComponentChildren;
  /** Renders an <a> when set, a <button> otherwise. */
  href?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  type?: "button" | "submit" | "reset";
  name?: string;
  value?: string;
  /** The id of the form a button outside it submits. */
  form?: string;
  disabled?: boolean;
  /** Stretches the button to its container's width. */
  block?: boolean;
  class?: string;
  id?: string;
  hreflang?: string;
  download?: boolean | string;
  rel?: string;
  target?: string;
  "aria-label"?: string;
  "aria-describedby"?: string;
}

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) {
  return cx("button", `button-${variant}`, size !== "md" && `button-${size}`, extra);
}

export function Button(
  { children, href, variant = "primary", size = "md", type = "button", block, class: extra, disabled, ...rest }:
    ButtonProps,
) {
  const className = buttonClass(variant, size, cx(block && "button-block", extra));
  if (href !== undefined) {
    const { name: _n, value: _v, form: _f, ...link } = rest;
    // A disabled link has no href, so it cannot be followed or focused.
    return disabled
      ? <a class={className} aria-disabled="true" {...link}>{children}</a>
      : <a class={className} href={href} {...link}>{children}</a>;
  }
  const { hreflang: _h, download: _d, rel: _r, target: _t, ...button } = rest;
  return <button class={className} type={type} disabled={disabled} {...button}>{children}</button>;
}

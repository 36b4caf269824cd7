// Messages in the page: info, success, warning, error. Errors use role="alert", the others role="status".
import type { ComponentChildren } from "preact";
import { cx } from "./cx.tsx";

export type AlertKind = "info" | "success" | "warning" | "error";

export interface AlertProps {
  kind?: AlertKind;
  title?: ComponentChildren;
  children?: ComponentChildren;
  id?: string;
  class?: string;
}

export function Alert({ kind = "info", title, children, id, class: extra }: AlertProps) {
  return (
    <div id={id} class={cx("alert", `alert-${kind}`, extra)} role={kind === "error" ? "alert" : "status"}>
      <div class="alert-body">
        {title && <p class="alert-title">{title}</p>}
        {children}
      </div>
    </div>
  );
}

// A row of links between views of one screen (my page's sections, judging rounds, asset kinds): a
// labelled nav whose current link says so (aria-current), styled in static/css/site.css.
import type { ComponentChildren } from "preact";
import { cx } from "./cx.tsx";

export interface Tab {
  key: string | number;
  href: string;
  label: ComponentChildren;
  current: boolean;
}

export function Tabs({ label, tabs, class: className }: { label: string; tabs: Tab[]; class?: string }) {
  return (
    <nav class={cx("tabs", className)} aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <a href={tab.href} aria-current={tab.current ? "page" : undefined}>{tab.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

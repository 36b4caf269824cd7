// The title block of a page: breadcrumb, optional section name, the page's <h1> and a lead sentence.
// `band` makes it the full-width tinted band the `sub` layout uses; without it, it sits in the content.
import type { ComponentChildren } from "preact";
import type { Translate } from "../../i18n/mod.ts";
import { Breadcrumb, type Crumb } from "./Breadcrumb.tsx";

export interface PageHeaderProps {
  t: Translate;
  title: string;
  crumbs?: Crumb[];
  /** A small label above the title, e.g. the section's name. */
  eyebrow?: string;
  lead?: ComponentChildren;
  band?: boolean;
  /** Buttons shown beside the title (e.g. "write"). */
  actions?: ComponentChildren;
}

export function PageHeader({ t, title, crumbs, eyebrow, lead, band, actions }: PageHeaderProps) {
  const inner = (
    <>
      {crumbs && <Breadcrumb t={t} items={crumbs} />}
      <div class="page-header-row">
        <div class="page-header-text">
          {eyebrow && <p class="page-eyebrow">{eyebrow}</p>}
          <h1 class="page-title">{title}</h1>
          {lead && <p class="page-lead">{lead}</p>}
        </div>
        {actions && <div class="page-actions">{actions}</div>}
      </div>
    </>
  );
  return band
    ? (
      <div class="page-header page-header-band">
        <div class="container">{inner}</div>
      </div>
    )
    : <div class="page-header">{inner}</div>;
}

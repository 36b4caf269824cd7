// The management shell inside the default page frame: a side menu of the sections this viewer may
// reach (SPEC §6) beside the screen. Server-rendered, no JavaScript.
import type { ComponentChildren } from "preact";
import { managementAccess, type Viewer } from "../../domain/member/permissions.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { type Crumb } from "../ui/Breadcrumb.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";

/** The management screens that exist, in menu order; a section appears when the viewer may reach it. */
export const MANAGEMENT_MENU: { path: string; label: MessageKey }[] = [
  { path: "/", label: "manage.nav.home" },
  { path: "/user", label: "manage.nav.user" },
  { path: "/role", label: "manage.nav.role" },
  { path: "/manager", label: "manage.nav.manager" },
  { path: "/asset", label: "asset.title" },
  { path: "/award", label: "awardAdmin.nav.award" },
  { path: "/ibda", label: "awardAdmin.nav.ibda" },
  { path: "/contest", label: "contest.manage.title" },
  { path: "/market/design", label: "market.manage.design" },
  { path: "/market/intellect", label: "market.manage.intellect" },
  { path: "/job/wanted", label: "job.manage.wanted" },
  { path: "/job/person", label: "job.manage.person" },
  { path: "/share/donate", label: "job.share.donateTitle" },
  { path: "/share/request", label: "job.share.requestTitle" },
  { path: "/judge/ibda", label: "judging.manage.judgesNav" },
  { path: "/pool", label: "judging.manage.pools" },
  { path: "/form", label: "programme.builder.title" },
  { path: "/support", label: "programme.manage.supportTitle" },
  { path: "/program", label: "programme.manage.programTitle" },
  { path: "/education", label: "programme.manage.educationTitle" },
  { path: "/bbs", label: "board.manage.nav.bbs" },
  { path: "/post", label: "board.manage.nav.post" },
  { path: "/category", label: "board.manage.nav.category" },
  { path: "/akfw", label: "board.manage.nav.akfw" },
  { path: "/schedule", label: "board.schedule.title" },
  { path: "/statistics/award", label: "awardAdmin.nav.statsAward" },
  { path: "/statistics/ibda", label: "awardAdmin.nav.statsIbda" },
  { path: "/statistics/contest", label: "contest.manage.statistics" },
  { path: "/statistics/market", label: "market.manage.statistics" },
  { path: "/job/statistics", label: "job.manage.statistics" },
  { path: "/share/statistics", label: "job.share.manage.statistics" },
  { path: "/site", label: "builder.manage.nav.site" },
  { path: "/domain", label: "builder.manage.nav.domain" },
  { path: "/menu", label: "builder.manage.nav.menu" },
  { path: "/page", label: "builder.manage.nav.page" },
  { path: "/content", label: "builder.manage.nav.content" },
  { path: "/layout", label: "builder.manage.nav.layout" },
  { path: "/ip", label: "builder.manage.nav.ip" },
  { path: "/mailbox", label: "manage.nav.mailbox" },
];

export function menuFor(viewer: Viewer, grants: string[]) {
  return MANAGEMENT_MENU.filter((item) => managementAccess(viewer, item.path, grants).accessible);
}

/** The stylesheet of the member and management screens (the site's CSP allows no inline styles). */
export function MemberStyles({ state }: { state: State }) {
  return <link rel="stylesheet" href={state.staticFiles?.url("/css/members.css") ?? "/css/members.css"} />;
}

export function ManagementFrame(
  { state, url, grants, children }: { state: State; url: URL; grants: string[]; children: ComponentChildren },
) {
  const { t } = state;
  const here = url.pathname.replace(/^\/management/, "") || "/";
  const active = (path: string) => path === "/" ? here === "/" : here === path || here.startsWith(`${path}/`);
  return (
    <div class="manage">
      <MemberStyles state={state} />
      <nav class="manage-nav snb" aria-labelledby="manage-nav-title">
        <h2 class="snb-title" id="manage-nav-title">{t("manage.title")}</h2>
        <ul class="snb-list">
          {menuFor(state.viewer, grants).map((item) => (
            <li key={item.path} class={active(item.path) ? "snb-item is-active" : "snb-item"}>
              <a
                class="snb-link"
                href={href(state, `/management${item.path === "/" ? "" : item.path}`)}
                aria-current={active(item.path) ? "page" : undefined}
              >
                {t(item.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div class="manage-content">{children}</div>
    </div>
  );
}

/** A management screen's title with the trail 관리자 › …. */
export function ManageHeader(
  { state, title, trail = [], lead, actions }: {
    state: State;
    title: string;
    trail?: Crumb[];
    lead?: ComponentChildren;
    actions?: ComponentChildren;
  },
) {
  // The management home is the top of the trail: it has none.
  const home = title === state.t("manage.title") && trail.length === 0;
  const crumbs: Crumb[] = [{ label: state.t("manage.title"), href: href(state, "/management") }, ...trail];
  if (crumbs.at(-1)?.label !== title) crumbs.push({ label: title });
  return <PageHeader t={state.t} title={title} crumbs={home ? undefined : crumbs} lead={lead} actions={actions} />;
}

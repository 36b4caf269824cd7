// Small shared pieces of the programme area's screens: the stylesheets and the status badges.
import type { ApplicationStatus, SupportStatus } from "../../domain/programme/kinds.ts";
import type { State } from "../../state.ts";

/** The member/management stylesheet and the area's own (the site's CSP allows no inline styles). */
export function ProgrammeStyles({ state }: { state: State }) {
  const url = (path: string) => state.staticFiles?.url(path) ?? path;
  return (
    <>
      <link rel="stylesheet" href={url("/css/members.css")} />
      <link rel="stylesheet" href={url("/css/programme.css")} />
    </>
  );
}

const SUPPORT_TONE: Record<SupportStatus, string> = {
  recruiting: "approved",
  scheduled: "waiting",
  terminated: "closed",
};
const APPLICATION_TONE: Record<ApplicationStatus, string> = {
  waiting: "waiting",
  received: "open",
  reviewing: "waiting",
  accepted: "approved",
  rejected: "rejected",
  cancelled: "closed",
};

export function StatusBadge({ state, status }: { state: State; status: SupportStatus }) {
  return <span class={`badge badge-${SUPPORT_TONE[status]}`}>{state.t(`programme.status.${status}`)}</span>;
}

export function ApplicationBadge({ state, status }: { state: State; status: ApplicationStatus }) {
  return <span class={`badge badge-${APPLICATION_TONE[status]}`}>{state.t(`programme.application.${status}`)}</span>;
}

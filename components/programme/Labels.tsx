// Small shared pieces of the programme area's screens: the stylesheets, the status badges and a course
// enrolment's fee.
import type { FeeState } from "../../domain/programme/fees.ts";
import type { ApplicationStatus, SupportStatus } from "../../domain/programme/kinds.ts";
import { formatDate, formatMoney } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";

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

const FEE_TONE: Record<FeeState, string> = {
  free: "closed",
  due: "waiting",
  later: "waiting",
  lapsed: "rejected",
  paid: "approved",
  refunded: "closed",
};

/**
 * A course enrolment's fee (domain/programme/fees.ts): its state, and while it is due the deadline and
 * the pay button (the payment module's screen, no JavaScript needed).
 */
export function FeeStatus(
  { state, application, pay }: {
    state: State;
    application: { id: number; fee: number; pay: FeeState; payDue: Date | string | null };
    pay?: boolean;
  },
) {
  const { t } = state;
  const a = application;
  if (a.pay === "free") return <>{t("programme.pay.state.free")}</>;
  return (
    <>
      <span class={`badge badge-${FEE_TONE[a.pay]}`}>{t(`programme.pay.state.${a.pay}`)}</span>{" "}
      {formatMoney(a.fee, state.locale)}
      {a.pay === "due" && a.payDue && (
        <>
          <br />
          <small>{t("programme.pay.dueBy", { time: formatDate(a.payDue, state.locale, "datetime") })}</small>
          {pay !== false && (
            <>
              <br />
              <a
                class="button button-primary button-sm"
                href={href(state, `/pay/${state.config.payProvider}/popup?type=course&id=${a.id}`)}
              >
                {t("programme.pay.button")}
              </a>
            </>
          )}
        </>
      )}
    </>
  );
}

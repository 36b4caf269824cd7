// /mypage/supports (SPEC §2.5 my page: supports): the member's applications to support calls,
// programmes and courses with each one's state, the reason of a rejection, a paid course's fee (with the
// pay button while its place is held unpaid), and a cancel button while nothing is decided (POST, which
// moves a course's waiting list up). Like GET /api/user/supports.
import { z } from "zod";
import { page, redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { ApplicationBadge, FeeStatus, ProgrammeStyles } from "../../components/programme/Labels.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { pageHref, Pagination } from "../../components/ui/Pagination.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { Paginated } from "../../domain/common/list.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { cancelApplication, type MyApplicationJson, myApplications } from "../../domain/programme/applications.ts";
import { REVIEW } from "../../domain/programme/review.ts";
import { readBody } from "../../domain/request.ts";
import { formatDate } from "../../i18n/mod.ts";
import { define, href } from "../../state.ts";

const PageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const Cancel = z.object({ id: z.coerce.number().int().min(1).max(2 ** 31 - 1) });

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    state.layout = "authenticated";
    state.title = state.t("mypage.section.supports");
    const base = href(state, "/mypage/supports");
    const list = await myApplications(
      state.db,
      state.viewer,
      PageNumber.parse(url.searchParams.get("page") ?? 1),
      8,
      state.locale,
      (p) => pageHref(base, p),
    );
    return page<Paginated<MyApplicationJson>>(list, { headers: { "cache-control": "no-store" } });
  },
  async POST({ req, state }) {
    requireSignedIn(state.viewer);
    const { body } = await readBody(req, 16 * 1024);
    const parsed = Cancel.safeParse(body);
    if (!parsed.success) throw new HttpError(400, "error.400");
    await cancelApplication(state.db, state.config, state.viewer, parsed.data.id);
    const res = redirect(href(state, "/mypage/supports"));
    res.headers.append("set-cookie", flashCookie("programme.apply.cancelled", state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  return (
    <>
      <ProgrammeStyles state={state} />
      <p class="lead-text">{t("programme.mypage.lead")}</p>
      <Table
        caption={t("mypage.section.supports")}
        captionHidden
        rows={data.data}
        rowKey={(a) => a.id}
        empty={t("programme.mypage.empty")}
        stack
        columns={[
          { header: t("programme.field.category"), cell: (a) => t(`programme.kind.${a.programme.kind}`) },
          {
            header: t("programme.field.title"),
            rowHeader: true,
            align: "start",
            cell: (a) => <a href={href(state, `/mypage/supports/${a.id}`)}>{a.programme.title}</a>,
          },
          { header: t("programme.field.appliedAt"), cell: (a) => formatDate(a.created_at, state.locale) },
          { header: t("programme.field.status"), cell: (a) => <ApplicationBadge state={state} status={a.status} /> },
          { header: t("programme.field.reason"), align: "start", cell: (a) => a.reason || "—" },
          {
            header: t("programme.manage.attendance"),
            cell: (a) =>
              a.programme.kind !== "course" ? "—" : (
                <>
                  {`${a.attended} / ${a.sessions}`}
                  {a.completed_at && (
                    <>
                      {" · "}
                      <a class="programme-inline-link" href={href(state, `/mypage/supports/${a.id}`)}>
                        {t("programme.certificate.link")}
                      </a>
                    </>
                  )}
                </>
              ),
          },
          {
            header: t("programme.pay.column"),
            cell: (a) =>
              a.programme.kind !== "course"
                ? "—"
                : <FeeStatus state={state} application={{ id: a.id, fee: a.fee, pay: a.pay, payDue: a.pay_due }} />,
          },
          {
            header: t("programme.apply.cancel"),
            cell: (a) =>
              REVIEW.can("cancel", a.status)
                ? (
                  <form method="post" action={href(state, "/mypage/supports")}>
                    <CsrfField state={state} />
                    <input type="hidden" name="id" value={String(a.id)} />
                    <button type="submit" class="button button-ghost button-sm">
                      {t("programme.apply.cancel")}
                      <span class="visually-hidden">{` ${a.programme.title}`}</span>
                    </button>
                  </form>
                )
                : "—",
          },
        ]}
      />
      {data.data.some((a) => a.pay === "paid" && REVIEW.can("cancel", a.status)) && (
        <p class="form-hint">{t("programme.pay.paidNote")}</p>
      )}
      <Pagination
        t={t}
        current_page={data.current_page}
        last_page={data.last_page}
        baseHref={href(state, "/mypage/supports")}
      />
      <p class="actions">
        <a class="button button-ghost" href={href(state, "/mypage")}>{t("site.mypage")}</a>
      </p>
    </>
  );
});

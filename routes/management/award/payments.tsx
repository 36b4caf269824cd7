// /management/{award,ibda}/payments: the card payments of the family's entry fees, newest first, by
// payment status; administrators refund a paid one through the payment domain (domain/pay/orders.ts
// refundPayment: the provider refunds, then the payment and the entry change in one transaction).
import { page, redirect } from "../../../framework/define.ts";
import { ExportButton } from "../../../components/management/ExportButton.tsx";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { AwardTabs, familyBase } from "../../../components/management/award/AwardNav.tsx";
import { PaymentFilterBar, PaymentTable } from "../../../components/management/award/PaymentTable.tsx";
import { refusalView } from "../../../components/management/award/refusal.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { pageHref, Pagination } from "../../../components/ui/Pagination.tsx";
import { runRefund } from "../../../domain/award/manage-actions.ts";
import { familyOfManagementPath } from "../../../domain/award/manage-awards.ts";
import type { AwardFamily } from "../../../domain/award/options.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import type { Paginated } from "../../../domain/member/management.ts";
import { isAdministrator } from "../../../domain/member/permissions.ts";
import { TARGET_AWARD_ENTRY } from "../../../domain/pay/orders.ts";
import { listPayments, type PaymentListItem, PaymentQuery } from "../../../domain/pay/payment-list.ts";
import { activeProvider } from "../../../domain/pay/web.ts";
import { readBody } from "../../../domain/request.ts";
import { define, href, type State } from "../../../state.ts";

const PER_PAGE = 20;

interface PaymentsPage {
  family: AwardFamily;
  status: string;
  list: Paginated<PaymentListItem>;
  canRefund: boolean;
  error?: string;
}

async function load(state: State, url: URL, error?: string, status = 200) {
  const family = familyOfManagementPath(url.pathname);
  state.title = state.t(`awardAdmin.title.${family}`);
  const query = PaymentQuery.parse({
    status: url.searchParams.get("status") ?? "",
    page: url.searchParams.get("page") ?? 1,
  });
  const base = href(state, `${familyBase(family)}/payments`);
  const keep = { status: query.status ?? "" };
  const list = await listPayments(
    state.db,
    { family, targetType: TARGET_AWARD_ENTRY, status: query.status },
    query.page,
    PER_PAGE,
    (p) => pageHref(base, p, "page", keep),
  );
  return page<PaymentsPage>({
    family,
    status: keep.status,
    list,
    canRefund: isAdministrator(state.viewer),
    error,
  }, { status });
}

export const handler = define.handlers({
  GET({ state, url }) {
    return load(state, url);
  },
  async POST({ req, state, url }) {
    try {
      const sent = await readBody(req, 16 * 1024);
      const provider = activeProvider(state.config, state.sessionSecret);
      const deps = { db: state.db, files: state.files, viewer: state.viewer };
      const done = await runRefund(deps, provider, state.clientIp, sent);
      const res = redirect(href(state, url.pathname + url.search));
      res.headers.append("set-cookie", flashCookie(done, state.https));
      return res;
    } catch (err) {
      const view = refusalView(err, state.t);
      return load(state, url, view.message, view.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state, url }) => {
  const { t } = state;
  const base = familyBase(data.family);
  return (
    <>
      <ManageHeader
        state={state}
        title={`${t(`awardAdmin.title.${data.family}`)} · ${t("awardAdmin.tabs.payments")}`}
        lead={t("awardAdmin.lead.payments")}
        trail={[{ label: t(`awardAdmin.title.${data.family}`), href: href(state, base) }]}
        actions={
          <ExportButton
            state={state}
            path={href(state, `${base}/payments.csv`)}
            query={{ status: data.status }}
            label="awardAdmin.entries.export"
            rows="awardAdmin.entries.exportRows"
            rowsAbout="awardAdmin.entries.exportRowsAbout"
            list={data.list}
          />
        }
      />
      <AwardTabs state={state} family={data.family} current="payments" />
      <PaymentFilterBar state={state} action={href(state, `${base}/payments`)} status={data.status} />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      {!data.canRefund && <Alert kind="info">{t("awardAdmin.payments.adminOnly")}</Alert>}
      <p class="list-total">{t("awardAdmin.entries.total", { total: data.list.total })}</p>
      <PaymentTable
        state={state}
        action={href(state, url.pathname + url.search)}
        list={data.list}
        canRefund={data.canRefund}
      />
      <Pagination
        t={t}
        current_page={data.list.current_page}
        last_page={data.list.last_page}
        baseHref={href(state, `${base}/payments`)}
        query={{ status: data.status }}
      />
    </>
  );
});

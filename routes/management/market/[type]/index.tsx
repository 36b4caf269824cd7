// /management/market/design and /management/market/intellect (SPEC §2.2, issue 18 §5): one market's products
// in the management-table kit (components/management/DataTable.tsx): status filter (the approval queue is
// status=waiting), keyword search through the search kit, sorting by newest, price or requests, the bulk
// approval of the checked waiting products (all or nothing, each seller told by mail) and the streamed CSV.
// Each product links to its screen (approve, ban with a reason, correct, its requests).
import { page, redirect } from "../../../../framework/define.ts";
import { HttpError } from "../../../../framework/errors.ts";
import { DataTable, StatusKeywordFilters } from "../../../../components/management/DataTable.tsx";
import { ManageHeader } from "../../../../components/management/Frame.tsx";
import { categoryLabel, PriceText, SellBadge } from "../../../../components/market/views.tsx";
import { Alert } from "../../../../components/ui/Alert.tsx";
import { Button } from "../../../../components/ui/Button.tsx";
import type { Paginated } from "../../../../domain/common/list.ts";
import { BulkIds, parseSort, type Sort } from "../../../../domain/common/table.ts";
import { money } from "../../../../domain/contest/public.ts";
import { errorMessage } from "../../../../domain/errors.ts";
import { flashCookie } from "../../../../domain/member/cookies.ts";
import {
  approveProducts,
  listManagedProducts,
  MANAGE_SORTS,
  type ManagedProduct,
  ManageQuery,
  type ManageSort,
} from "../../../../domain/market/manage.ts";
import { type MarketType, PRODUCT_STATUSES } from "../../../../domain/market/options.ts";
import { marketTypeOf } from "../../../../domain/market/schema.ts";
import { readBody } from "../../../../domain/request.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { formatDate } from "../../../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

interface ListPage {
  type: MarketType;
  list: Paginated<ManagedProduct>;
  status?: string;
  q?: string;
  sort: Sort<ManageSort>;
  error?: string;
}

function typeOf(params: Record<string, string>): MarketType {
  const type = marketTypeOf(params.type);
  if (!type) throw new HttpError(404, "error.404");
  return type;
}

async function render(state: State, url: URL, type: MarketType, failure?: { status: number; message: string }) {
  const q = parseQuery(ManageQuery, url);
  const sort = parseSort(url, MANAGE_SORTS, { key: "id", dir: "desc" });
  state.title = state.t(`market.manage.${type}`);
  const list = await listManagedProducts(state.db, type, q, sort, q.page, 20, String);
  return page<ListPage>({ type, list, status: q.status, q: q.q, sort, error: failure?.message }, {
    status: failure?.status ?? 200,
  });
}

export const handler = define.handlers({
  GET({ state, url, params }) {
    return render(state, url, typeOf(params));
  },
  /** The bulk approval of the products checked in the list (approveProducts: all or nothing). */
  async POST({ req, state, url, params }) {
    const type = typeOf(params);
    const { body } = await readBody(req, 16 * 1024);
    try {
      if (body._action !== "approve") throw new HttpError(400, "error.400");
      const parsed = BulkIds.safeParse(body.ids);
      if (!parsed.success) throw new HttpError(422, "market.none_selected");
      await approveProducts(state.db, state.config, state.viewer, type, parsed.data);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      return render(state, url, type, { status: err.status, message: errorMessage(err.key, err.status, state.t) });
    }
    const res = redirect(href(state, `/management/market/${type}${url.search}`));
    res.headers.append("set-cookie", flashCookie("market.manage.approved", state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const base = href(state, `/management/market/${data.type}`);
  const query = {
    status: data.status,
    q: data.q,
    sort: data.sort.key === "id" ? undefined : data.sort.key,
    dir: data.sort.dir === "desc" ? undefined : data.sort.dir,
  };
  const search = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
  ).toString();
  return (
    <>
      <ManageHeader
        state={state}
        title={t(`market.manage.${data.type}`)}
        actions={
          <Button href={href(state, `/market/${data.type}`)} variant="secondary">{t("market.manage.view")}</Button>
        }
      />
      <StatusKeywordFilters
        t={t}
        action={base}
        status={data.status}
        q={data.q}
        keep={{ sort: query.sort, dir: query.dir }}
        labels={{
          status: t("market.manage.filterStatus"),
          all: t("market.manage.all"),
          keyword: t("market.list.keyword"),
        }}
        options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`market.status.${s}`) }))}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <DataTable
        t={t}
        caption={t(`market.manage.${data.type}`)}
        list={data.list}
        rowKey={(r) => r.product.id}
        rowLabel={(r) => `#${r.product.id} ${r.product.title}`}
        empty={t("market.list.empty")}
        baseHref={base}
        query={query}
        sort={data.sort}
        csvHref={`${base}/products.csv`}
        columns={[
          { header: "ID", sort: "id", cell: (r) => r.product.id },
          {
            header: t("market.wizard.titleLabel"),
            rowHeader: true,
            align: "start",
            cell: (r) => <a href={`${base}/${r.product.id}`}>{r.product.title}</a>,
          },
          { header: t("market.product.category"), cell: (r) => categoryLabel(state, r.product.category) },
          { header: t("market.manage.seller"), cell: (r) => `${r.seller.name} (${r.seller.username})` },
          {
            header: t("market.manage.filterStatus"),
            cell: (r) => <SellBadge state={state} status={r.product.status} />,
          },
          {
            header: t("market.manage.price"),
            sort: "price",
            align: "end",
            cell: (r) => <PriceText state={state} price={money(r.product.price, state.config.usdKrwRate)} />,
          },
          { header: t("market.manage.requests"), sort: "requests", cell: (r) => r.product.requestCount },
          { header: t("market.manage.created"), cell: (r) => formatDate(r.product.createdAt, state.locale) },
        ]}
        bulk={{
          action: `${base}${search ? `?${search}` : ""}`,
          csrfToken: state.csrfToken,
          controls: <Button type="submit" name="_action" value="approve">{t("market.manage.approveSelected")}</Button>,
        }}
      />
    </>
  );
});

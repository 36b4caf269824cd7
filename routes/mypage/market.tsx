// /mypage/market (SPEC §2.5 my page: market): the products the member sells (status, the ban's reason, edit
// while waiting) with their purchase requests and the seller's actions — take one forward (every other open
// request of the product is cancelled at once), mark it finished (the product is sold), cancel — and, with
// `?type=request`, the requests the member sent (cancel; the IP file once taken forward). Every action is a
// plain POST form answered with a redirect back and a flash message; a refusal shows here with its status.
import { z } from "zod";
import { page, redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { MarketStyles, PriceText, SellBadge } from "../../components/market/views.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { Paginated } from "../../domain/common/list.ts";
import { errorMessage } from "../../domain/errors.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { MyMarketQuery, type MyProduct, myProducts, type MyRequest, myRequests } from "../../domain/market/mine.ts";
import { cancelRequest, finishRequest, forwardRequest } from "../../domain/market/requests.ts";
import { readBody } from "../../domain/request.ts";
import { parseOrThrow, parseQuery } from "../../domain/validation.ts";
import { formatDate } from "../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const Query = MyMarketQuery.extend({
  type: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["product", "request"]).default("product")),
});

const Action = z.object({
  _action: z.enum(["forward", "finish", "cancel"]),
  request: z.coerce.number().int().min(1).max(2_147_483_647),
});

type MyMarketPage =
  | { type: "product"; list: Paginated<MyProduct>; error?: string }
  | { type: "request"; list: Paginated<MyRequest>; error?: string };

async function render(state: State, url: URL, failure?: { status: number; message: string }) {
  const q = parseQuery(Query, url);
  state.layout = "authenticated";
  state.title = state.t("market.mypage.title");
  const data: MyMarketPage = q.type === "product"
    ? {
      type: "product",
      list: await myProducts(state.db, state.viewer, q.page, q.perpage, state.locale, state.config.usdKrwRate, String),
    }
    : { type: "request", list: await myRequests(state.db, state.viewer, q.page, q.perpage, state.locale, String) };
  data.error = failure?.message;
  return page<MyMarketPage>(data, { status: failure?.status ?? 200, headers: { "cache-control": "no-store" } });
}

const FLASH = {
  forward: "market.mypage.forwarded",
  finish: "market.mypage.finished",
  cancel: "market.mypage.canceled",
};

export const handler = define.handlers({
  GET({ state, url }) {
    requireSignedIn(state.viewer);
    return render(state, url);
  },
  async POST({ req, state, url }) {
    requireSignedIn(state.viewer);
    const { body } = await readBody(req, 16 * 1024);
    let action: keyof typeof FLASH;
    try {
      const input = parseOrThrow(Action, body, 400);
      action = input._action;
      const run = action === "forward" ? forwardRequest : action === "finish" ? finishRequest : cancelRequest;
      await run(state.db, state.config, state.viewer, input.request);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500 || err.status === 401) throw err;
      return render(state, url, { status: err.status, message: errorMessage(err.key, err.status, state.t) });
    }
    const res = redirect(href(state, `/mypage/market${url.search}`));
    res.headers.append("set-cookie", flashCookie(FLASH[action], state.https));
    return res;
  },
});

function ActionButton(
  { state, request, action, label, context }: {
    state: State;
    request: number;
    action: string;
    label: string;
    /** Read after the label by screen readers (whose request it is). */
    context: string;
  },
) {
  return (
    <form method="post" class="inline-form">
      <CsrfField state={state} />
      <input type="hidden" name="request" value={String(request)} />
      <button type="submit" name="_action" value={action} class="button button-secondary button-sm">
        {label}
        <span class="visually-hidden">: {context}</span>
      </button>
    </form>
  );
}

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const base = href(state, "/mypage/market");
  const day = (iso: string) => formatDate(iso, state.locale);
  return (
    <>
      <MemberStyles state={state} />
      <MarketStyles state={state} />
      <nav aria-label={t("market.mypage.title")}>
        <ul class="market-tabs">
          <li>
            <a href={base} aria-current={data.type === "product" ? "page" : undefined}>{t("market.mypage.products")}</a>
          </li>
          <li>
            <a href={`${base}?type=request`} aria-current={data.type === "request" ? "page" : undefined}>
              {t("market.mypage.requests")}
            </a>
          </li>
        </ul>
      </nav>
      {data.error && <Alert kind="error">{data.error}</Alert>}
      {data.type === "product"
        ? (
          <>
            <p class="field-hint">{t("market.mypage.forwardHint")}</p>
            {data.list.data.length === 0 && <p class="list-empty">{t("market.mypage.none")}</p>}
            {data.list.data.map((p) => (
              <section key={p.id} class="mypage-market-product" aria-labelledby={`product-${p.id}`}>
                <h2 id={`product-${p.id}`}>
                  <a href={href(state, `/market/${p.type}/${p.id}`)}>{p.title}</a>
                </h2>
                <p>
                  {t(`market.types.${p.type}`)} · <SellBadge state={state} status={p.sell_status} /> ·{" "}
                  <PriceText state={state} price={p.price} />
                  {p.editable && (
                    <>
                      {" "}·{" "}
                      <a href={href(state, `/market/register?product=${p.id}`)}>
                        {t("market.mypage.edit")}
                        <span class="visually-hidden">: {p.title}</span>
                      </a>
                    </>
                  )}
                </p>
                {p.reject_reason && <p>{t("market.product.rejectReason")}: {p.reject_reason}</p>}
                <Table
                  caption={t("market.mypage.requestsOf", { title: p.title })}
                  captionHidden
                  rows={p.requests}
                  rowKey={(r) =>
                    r.id}
                  empty={t("market.mypage.noRequests")}
                  stack
                  columns={[
                    {
                      header: t("market.mypage.buyer"),
                      rowHeader: true,
                      align: "start",
                      cell: (r) =>
                        r.buyer,
                    },
                    {
                      header: t("market.mypage.message"),
                      align: "start",
                      cell: (r) =>
                        r.message,
                    },
                    {
                      header: t("market.mypage.contact"),
                      align: "start",
                      cell: (r) => r.contact,
                    },
                    { header: t("market.product.status"), cell: (r) => t(`market.requestStatus.${r.status}`) },
                    { header: t("market.manage.created"), cell: (r) => day(r.created_at) },
                    {
                      header: t("market.mypage.actions"),
                      cell: (r) =>
                        r.actions.length
                          ? r.actions.map((a) => (
                            <ActionButton
                              key={a}
                              state={state}
                              request={r.id}
                              action={a}
                              label={t(`market.mypage.${a}`)}
                              context={`${p.title} · ${r.buyer}`}
                            />
                          ))
                          : "—",
                    },
                  ]}
                />
              </section>
            ))}
          </>
        )
        : (
          <Table
            caption={t("market.mypage.requests")}
            captionHidden
            rows={data.list.data}
            rowKey={(r) => r.id}
            empty={t("market.mypage.none")}
            stack
            columns={[
              {
                header: t("market.mypage.product"),
                rowHeader: true,
                align: "start",
                cell: (r) => <a href={href(state, `/market/${r.product.type}/${r.product.id}`)}>{r.product.title}</a>,
              },
              { header: t("market.product.seller"), cell: (r) => r.product.seller },
              { header: t("market.product.status"), cell: (r) => t(`market.requestStatus.${r.status}`) },
              { header: t("market.manage.created"), cell: (r) => day(r.created_at) },
              {
                header: t("market.product.ipFile"),
                cell: (r) => (r.ip_file ? <a href={r.ip_file}>{t("market.product.download")}</a> : "—"),
              },
              {
                header: t("market.mypage.actions"),
                cell: (r) =>
                  r.cancelable
                    ? (
                      <ActionButton
                        state={state}
                        request={r.id}
                        action="cancel"
                        label={t("market.mypage.cancel")}
                        context={r.product.title}
                      />
                    )
                    : "—",
              },
            ]}
          />
        )}
      <Pagination
        t={t}
        current_page={data.list.current_page}
        last_page={data.list.last_page}
        baseHref={base}
        query={{ type: data.type === "request" ? "request" : undefined }}
      />
    </>
  );
});

// /market/design and /market/intellect (SPEC §2.5 market lists): a grid of the market's products with their
// thumbnails (alt text in the visitor's language), filtered by keyword (≥ 2 characters, SPEC §5), category,
// price range and the award-winner flag, newest or by price. The filter bar is a GET form (components/list);
// without JavaScript "load more" is a link to the next page showing every page so far, and the LoadMore
// island appends only the new cards. A bad filter is shown on the page (400) over the unfiltered list. The
// sub layout's side menu leads from one market to the other.
import { pagesSoFar } from "../../../domain/common/list-page.ts";
import { page } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { FilterBar, FilterField, ResultCount } from "../../../components/list/mod.tsx";
import { categoryLabel, MarketStyles, ProductCard } from "../../../components/market/views.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import type { Paginated } from "../../../domain/common/list.ts";
import { CATEGORIES, type MarketType } from "../../../domain/market/options.ts";
import { listProducts, type ProductSummary } from "../../../domain/market/public.ts";
import {
  checkListCategory,
  LIST_STATUSES,
  MARKET_ORDERS,
  marketTypeOf,
  ProductListQuery,
} from "../../../domain/market/schema.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import LoadMore from "../../../islands/LoadMore.tsx";
import { loadMoreTexts } from "../../../components/list/mod.tsx";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

const PER_PAGE = 8;

interface ListPage {
  type: MarketType;
  list: Paginated<ProductSummary>;
  q: ProductListQuery;
  raw: Record<string, string>;
  error?: string;
  more: boolean;
}

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const type = marketTypeOf(params.type);
    if (!type) throw new HttpError(404, "market.not_found");
    const raw = Object.fromEntries(url.searchParams);
    const parsed = ProductListQuery.safeParse(raw);
    const valid = parsed.success && checkListCategory(type, parsed.data.category);
    const q = valid ? parsed.data : ProductListQuery.parse({});
    const error = valid ? undefined : state.t((parsed.error?.issues[0]?.message ?? "market.list.bad") as MessageKey);
    const window = pagesSoFar(q.page, PER_PAGE);
    const list = await listProducts(state.db, type, q, state.locale, state.config.usdKrwRate, String, window);
    state.layout = "sub";
    state.title = state.t(`market.types.${type}`);
    state.cacheable = !error;
    return page<ListPage>({ type, list, q, raw, error, more: list.total > q.page * PER_PAGE }, {
      status: error ? 400 : 200,
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { type, q, list } = data;
  const base = href(state, `/market/${type}`);
  const filters = {
    q: q.q,
    category: q.category,
    price_min: q.price_min,
    price_max: q.price_max,
    award: q.award ? "1" : undefined,
    order: q.order === "newest" ? undefined : q.order,
    status: q.status === "on_sale" ? undefined : q.status,
  };
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== "") next.set(k, String(v));
  next.set("page", String(q.page + 1));
  const active = Object.values(filters).some((v) => v !== undefined);
  const value = (
    name: string,
  ) => (data.error ? data.raw[name] ?? "" : String(filters[name as keyof typeof filters] ?? ""));
  return (
    <>
      <MarketStyles state={state} />
      <PageHeader
        t={t}
        title={t(`market.types.${type}`)}
        lead={t(`market.leads.${type}`)}
        actions={<Button href={href(state, "/market/register")}>{t("market.list.register")}</Button>}
      />
      <FilterBar
        action={base}
        label={t("market.list.filter")}
        submitLabel={t("market.list.submit")}
        reset={{ href: base, label: t("market.list.reset") }}
        active={active || !!data.error}
      >
        <FilterField id="market-q" label={t("market.list.keyword")}>
          <input
            class="input"
            id="market-q"
            name="q"
            type="search"
            minLength={2}
            maxLength={100}
            value={value("q")}
            aria-invalid={data.error ? "true" : undefined}
            aria-describedby={data.error ? "market-filter-error" : undefined}
          />
        </FilterField>
        <FilterField id="market-category" label={t("market.list.category")}>
          <select class="select" id="market-category" name="category">
            <option value="">{t("market.list.allCategories")}</option>
            {CATEGORIES[type].map((c) => (
              <option key={c} value={c} selected={c === q.category}>{categoryLabel(state, c)}</option>
            ))}
          </select>
        </FilterField>
        <FilterField id="market-price-min" label={t("market.list.priceMin")}>
          <input class="input" id="market-price-min" name="price_min" inputMode="numeric" value={value("price_min")} />
        </FilterField>
        <FilterField id="market-price-max" label={t("market.list.priceMax")}>
          <input class="input" id="market-price-max" name="price_max" inputMode="numeric" value={value("price_max")} />
        </FilterField>
        <FilterField id="market-order" label={t("market.list.order")}>
          <select class="select" id="market-order" name="order">
            {MARKET_ORDERS.map((o) => (
              <option key={o} value={o} selected={o === q.order}>{t(`market.list.orders.${o}`)}</option>
            ))}
          </select>
        </FilterField>
        <FilterField id="market-status" label={t("market.list.status")}>
          <select class="select" id="market-status" name="status">
            {LIST_STATUSES.map((s) => (
              <option key={s} value={s} selected={s === q.status}>{t(`market.list.statuses.${s}`)}</option>
            ))}
          </select>
        </FilterField>
        <div class="list-filter-field check">
          <input class="check-input" type="checkbox" id="market-award" name="award" value="1" checked={q.award} />
          <label class="check-label" for="market-award">{t("market.list.award")}</label>
        </div>
      </FilterBar>
      {data.error && <Alert kind="error" id="market-filter-error">{data.error}</Alert>}
      <ResultCount
        text={t(list.estimated ? "market.list.countAbout" : "market.list.count", {
          total: list.total.toLocaleString(state.locale === "ko" ? "ko-KR" : "en-US"),
        })}
      />
      {list.data.length === 0
        ? <p class="list-empty">{t("market.list.empty")}</p>
        : (
          <ul class="market-grid" id="market-list" aria-label={t("market.list.items")}>
            {list.data.map((p) => <ProductCard key={p.id} state={state} product={p} />)}
          </ul>
        )}
      {data.more && (
        <p class="list-more">
          <LoadMore
            href={`${base}?${next}`}
            listId="market-list"
            label={t("market.list.loadMore")}
            unavailable={loadMoreTexts(t)}
          />
        </p>
      )}
    </>
  );
});

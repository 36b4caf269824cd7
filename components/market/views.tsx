// Server-rendered pieces of the market pages: the stylesheets, a product card of the grid (thumbnail with its
// ko/en alt text, badges, price in KRW and USD), the sell-status badge and the price line.
import type { Money } from "../../domain/contest/public.ts";
import type { ProductStatus } from "../../domain/market/options.ts";
import type { ProductSummary } from "../../domain/market/public.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { MoneyText } from "../contest/views.tsx";
import { ListStyles } from "../list/mod.tsx";
import { Picture } from "../ui/Picture.tsx";

type Ctx = Pick<State, "t" | "locale" | "basePath">;

export function MarketStyles({ state }: { state: State }) {
  const url = (path: string) => state.staticFiles?.url(path) ?? path;
  return (
    <>
      <ListStyles url={url} />
      <link rel="stylesheet" href={url("/css/market.css")} />
    </>
  );
}

export const categoryLabel = (state: Pick<State, "t">, category: string) =>
  state.t(`market.categories.${category}` as MessageKey);

export function SellBadge({ state, status }: { state: Pick<State, "t">; status: ProductStatus }) {
  return <span class={`market-badge market-badge-${status}`}>{state.t(`market.status.${status}`)}</span>;
}

/** "₩1,200,000 (US$857.14)", or "price on request" for 0. */
export function PriceText({ state, price }: { state: Ctx; price: Money }) {
  return price.krw > 0 ? <MoneyText state={state} money={price} /> : <>{state.t("market.product.priceOnRequest")}</>;
}

export function ProductCard({ state, product }: { state: Ctx; product: ProductSummary }) {
  const link = href(state, `/market/${product.type}/${product.id}`);
  return (
    <li class="market-card">
      <Picture file={product.thumbnail} alt={product.alt} kind="thumbnail" sizes="(max-width: 720px) 100vw, 260px" />
      <div class="market-card-body">
        <ul class="market-badges">
          <li class="market-badge">{categoryLabel(state, product.category)}</li>
          {product.award_flag && (
            <li class="market-badge market-badge-award">{state.t("market.product.awardWinner")}</li>
          )}
          {product.sell_status !== "approved" && (
            <li>
              <SellBadge state={state} status={product.sell_status} />
            </li>
          )}
        </ul>
        <h2 class="market-card-title">
          <a href={link}>{product.title}</a>
        </h2>
        <p class="market-card-text">{product.summary}</p>
        <p class="market-price">
          <PriceText state={state} price={product.price} />
        </p>
      </div>
    </li>
  );
}

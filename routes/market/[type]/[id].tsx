// /market/{type}/{id} (SPEC §2.5, issue 18 §4): a product's page — its gallery, price in KRW and USD, seller,
// status, details (rights number and filing date for intellectual property), the IP file for those who may
// read it — and the purchase request form: a plain POST form (message, contact) for a signed-in member who is
// not the seller, while the product is on sale (SPEC §8 market: login needed, no request). A refusal is shown
// on the page with its status; a request sent comes back here (303) with a flash message.
import { and, eq, inArray } from "drizzle-orm";
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { categoryLabel, MarketStyles, PriceText, SellBadge } from "../../../components/market/views.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { FormActions, Textarea, TextField } from "../../../components/ui/FormField.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { Picture } from "../../../components/ui/Picture.tsx";
import { marketRequests } from "../../../db/schema/market.ts";
import { IdParam } from "../../../domain/award/queries.ts";
import { errorMessage } from "../../../domain/errors.ts";
import { fileUrl } from "../../../domain/file/present.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { canRequestProduct, canSellProduct, isSignedIn } from "../../../domain/member/permissions.ts";
import { buysIpFile } from "../../../domain/market/files.ts";
import { type ProductDetail, productDetail, visibleProduct } from "../../../domain/market/public.ts";
import { requestProduct } from "../../../domain/market/requests.ts";
import { marketTypeOf, RequestInput } from "../../../domain/market/schema.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { formatDate, type Translate } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

type RequestState = "sign_in" | "own" | "not_on_sale" | "open" | "already" | "members_only";

interface ProductPage {
  product: ProductDetail;
  requestState: RequestState;
  ipFile: string | null;
  rejectReason: string;
  values?: Record<string, string>;
  errors?: Record<string, string[]>;
  refusal?: string;
}

async function load(state: State, params: Record<string, string>) {
  const type = marketTypeOf(params.type);
  if (!type) throw new HttpError(404, "market.not_found");
  const { id } = parseOrThrow(IdParam, params, 400);
  return await visibleProduct(state.db, state.viewer, type, id);
}

async function render(
  state: State,
  params: Record<string, string>,
  extra: Pick<ProductPage, "values" | "errors" | "refusal"> = {},
  status = 200,
) {
  const row = await load(state, params);
  const product = await productDetail(state.db, row, state.locale, state.config.usdKrwRate);
  let requestState: RequestState = "open";
  if (!isSignedIn(state.viewer)) requestState = "sign_in";
  else if (row.sellerId === state.viewer.id) requestState = "own";
  else if (!canRequestProduct(state.viewer, row)) requestState = "members_only";
  else if (row.status !== "approved") requestState = "not_on_sale";
  else {
    const [open] = await state.db.select({ id: marketRequests.id }).from(marketRequests).where(
      and(
        eq(marketRequests.productId, row.id),
        eq(marketRequests.buyerId, state.viewer.id),
        inArray(marketRequests.status, ["requested", "on_going"]),
      ),
    );
    if (open) requestState = "already";
  }
  const readsIp = row.ipFileId !== null &&
    (canSellProduct(state.viewer, row) ||
      await buysIpFile(state.db, state.viewer, { id: row.ipFileId, purpose: "market_ip" }));
  state.layout = "sub";
  state.title = product.title;
  state.description = product.summary;
  state.cacheable = status === 200 && (row.status === "approved" || row.status === "finished");
  return page<ProductPage>({
    product,
    requestState,
    ipFile: readsIp && row.ipFileId ? fileUrl.download(row.ipFileId) : null,
    rejectReason: canSellProduct(state.viewer, row) ? row.rejectReason : "",
    ...extra,
  }, { status, headers: isSignedIn(state.viewer) ? { "cache-control": "no-store" } : undefined });
}

export const handler = define.handlers({
  GET({ state, params }) {
    return render(state, params);
  },

  async POST({ req, state, params }) {
    const row = await load(state, params);
    const { body } = await readBody(req, 64 * 1024);
    const values = { message: String(body.message ?? ""), contact: String(body.contact ?? "") };
    try {
      if (body._action !== "request") throw new HttpError(400, "error.400");
      // Who may ask comes before what they wrote (SPEC §8 market: login needed; never one's own product).
      if (!isSignedIn(state.viewer)) throw new HttpError(401, "market.login_needed");
      if (row.sellerId === state.viewer.id) throw new HttpError(403, "market.own_product");
      const input = parseOrThrow(RequestInput, body);
      await requestProduct(state.db, state.config, state.viewer, row.id, input);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      if (err.status === 401) throw err;
      const fields = err.details?.fields as Record<string, string[]> | undefined;
      return render(state, params, {
        values,
        errors: fields,
        refusal: fields ? undefined : errorMessage(err.key, err.status, state.t),
      }, err.status);
    }
    const res = redirect(href(state, `/market/${row.type}/${row.id}`));
    res.headers.append("set-cookie", flashCookie("market.request.sent", state.https));
    return res;
  },
});

function RequestForm({ state, data }: { state: State; data: ProductPage }) {
  const t = state.t;
  const err = (name: string) => {
    const key = data.errors?.[name]?.[0];
    return key ? t(key as Parameters<Translate>[0]) : undefined;
  };
  const here = href(state, `/market/${data.product.type}/${data.product.id}`);
  const notes: Record<Exclude<RequestState, "open" | "sign_in">, string> = {
    own: t("market.request.own"),
    not_on_sale: t("market.request.notOnSale"),
    already: t("market.request.already"),
    members_only: t("market.members_only"),
  };
  return (
    <section class="market-request" aria-labelledby="market-request-title">
      <h2 id="market-request-title">{t("market.request.title")}</h2>
      {data.refusal && <Alert kind="error">{data.refusal}</Alert>}
      {data.requestState === "sign_in" && (
        <p>
          {t("market.request.signIn")}{" "}
          <a href={href(state, `/login?redirect=${encodeURIComponent(here)}`)}>{t("market.request.signInLink")}</a>
        </p>
      )}
      {data.requestState !== "sign_in" && data.requestState !== "open" && <p>{notes[data.requestState]}</p>}
      {data.requestState === "open" && (
        <form method="post" action={here}>
          <CsrfField state={state} />
          <input type="hidden" name="_action" value="request" />
          <p>{t("market.request.lead")}</p>
          <Textarea
            name="message"
            label={t("market.request.message")}
            required
            maxLength={2000}
            rows={4}
            value={data.values?.message}
            error={err("message")}
          />
          <TextField
            name="contact"
            label={t("market.request.contact")}
            required
            maxLength={200}
            autocomplete="email"
            value={data.values?.contact}
            error={err("contact")}
          />
          <FormActions>
            <Button type="submit">{t("market.request.submit")}</Button>
          </FormActions>
        </form>
      )}
    </section>
  );
}

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const p = data.product;
  return (
    <>
      <MarketStyles state={state} />
      {/* The sub layout draws the breadcrumb and the market's side menu (design goods, design IP). */}
      <PageHeader t={t} title={p.title} lead={p.summary} />
      {p.sell_status !== "approved" && p.sell_status !== "finished" && (
        <Alert kind="info">{t("market.product.notPublic")}</Alert>
      )}
      <div class="market-detail">
        <section aria-labelledby="market-gallery-title">
          <h2 id="market-gallery-title" class="visually-hidden">{t("market.product.gallery")}</h2>
          {p.images.length
            ? (
              <ul class="market-gallery">
                {p.images.map((image, i) => (
                  <li key={image.id}>
                    <Picture
                      file={image}
                      alt={t("market.product.imageAlt", { title: p.title, n: i + 1 })}
                      eager={i === 0}
                      sizes="(max-width: 720px) 100vw, 60vw"
                    />
                  </li>
                ))}
              </ul>
            )
            : <Picture file={null} alt={p.alt} />}
        </section>
        <section aria-labelledby="market-details-title">
          <h2 id="market-details-title">{t("market.product.details")}</h2>
          <dl class="market-facts">
            <dt>{t("market.product.price")}</dt>
            <dd class="market-price">
              <PriceText state={state} price={p.price} />
            </dd>
            <dt>{t("market.product.status")}</dt>
            <dd>
              <SellBadge state={state} status={p.sell_status} />
              {p.award_flag && (
                <>
                  {" "}
                  <span class="market-badge market-badge-award">{t("market.product.awardWinner")}</span>
                </>
              )}
            </dd>
            <dt>{t("market.product.category")}</dt>
            <dd>{categoryLabel(state, p.category)}</dd>
            <dt>{t("market.product.seller")}</dt>
            <dd>{p.seller.name}</dd>
            {p.award_entry && (
              <>
                <dt>{t("market.manage.source")}</dt>
                <dd>{t("market.product.fromAward", { award: p.award_entry.award })}</dd>
              </>
            )}
            {p.type === "intellect" && (
              <>
                <dt>{t("market.product.rightsNumber")}</dt>
                <dd>{p.rights_number}</dd>
                <dt>{t("market.product.applicationDate")}</dt>
                <dd>{p.application_date ? formatDate(`${p.application_date}T00:00:00+09:00`, state.locale) : "—"}</dd>
              </>
            )}
            {p.sold_at && (
              <>
                <dt>{t("market.product.soldAt")}</dt>
                <dd>{formatDate(p.sold_at, state.locale)}</dd>
              </>
            )}
            {data.rejectReason && (
              <>
                <dt>{t("market.product.rejectReason")}</dt>
                <dd>{data.rejectReason}</dd>
              </>
            )}
            <dt>{t("market.manage.requests")}</dt>
            <dd>{t("market.product.requestCount", { count: p.request_count })}</dd>
          </dl>
          {p.has_ip_file && (
            <p>
              <strong>{t("market.product.ipFile")}</strong>: {data.ipFile
                ? <a href={data.ipFile}>{t("market.product.download")}</a>
                : <span>{t("market.product.ipFileLocked")}</span>}
            </p>
          )}
          {p.description && (
            <>
              <h3>{t("market.product.description")}</h3>
              <p class="market-description">{p.description}</p>
            </>
          )}
          <RequestForm state={state} data={data} />
        </section>
      </div>
    </>
  );
});

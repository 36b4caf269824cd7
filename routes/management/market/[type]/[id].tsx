// /management/market/{type}/{id} (SPEC §2.2, issue 18 §5): one product for the council — its facts and
// pictures, approve (waiting → on sale), ban with a reason (waiting or on sale → banned; its open requests are
// cancelled; seller and buyers told), correct its texts, category and price, and its purchase requests. Each
// action is a plain POST form answered with a redirect and a flash message; a refusal shows here.
import { page, redirect } from "../../../../framework/define.ts";
import { HttpError } from "../../../../framework/errors.ts";
import { ManageHeader } from "../../../../components/management/Frame.tsx";
import { categoryLabel, MarketStyles, PriceText, SellBadge } from "../../../../components/market/views.tsx";
import { Alert } from "../../../../components/ui/Alert.tsx";
import { Button } from "../../../../components/ui/Button.tsx";
import { CsrfField } from "../../../../components/ui/CsrfField.tsx";
import { FormActions, Select, Textarea, TextField } from "../../../../components/ui/FormField.tsx";
import { Picture } from "../../../../components/ui/Picture.tsx";
import { Table } from "../../../../components/ui/Table.tsx";
import { IdParam } from "../../../../domain/award/queries.ts";
import { money } from "../../../../domain/contest/public.ts";
import { errorMessage } from "../../../../domain/errors.ts";
import { fileUrl } from "../../../../domain/file/present.ts";
import { flashCookie } from "../../../../domain/member/cookies.ts";
import {
  approveProducts,
  banProduct,
  editProductByStaff,
  type ManagedProduct,
  managedProduct,
  requestsOf,
  type RequestWithBuyer,
  StaffEdit,
} from "../../../../domain/market/manage.ts";
import { CATEGORIES, type MarketType } from "../../../../domain/market/options.ts";
import { type ImageJson, productDetail } from "../../../../domain/market/public.ts";
import { BanInput, marketTypeOf } from "../../../../domain/market/schema.ts";
import { productMachine } from "../../../../domain/market/status.ts";
import { readBody } from "../../../../domain/request.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import { formatDate, type MessageKey } from "../../../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

interface ProductPage {
  type: MarketType;
  item: ManagedProduct;
  images: ImageJson[];
  requests: RequestWithBuyer[];
  error?: string;
  fields?: Record<string, string[]>;
  values?: Record<string, unknown>;
}

function keyOf(params: Record<string, string>): { type: MarketType; id: number } {
  const type = marketTypeOf(params.type);
  if (!type) throw new HttpError(404, "error.404");
  return { type, ...parseOrThrow(IdParam, params, 400) };
}

async function render(
  state: State,
  params: Record<string, string>,
  failure?: { status: number; message: string; fields?: Record<string, string[]>; values?: Record<string, unknown> },
) {
  const { type, id } = keyOf(params);
  const item = await managedProduct(state.db, type, id);
  const detail = await productDetail(state.db, item.product, state.locale, state.config.usdKrwRate);
  state.title = item.product.title;
  return page<ProductPage>({
    type,
    item,
    images: detail.images,
    requests: await requestsOf(state.db, id),
    error: failure?.message,
    fields: failure?.fields,
    values: failure?.values,
  }, { status: failure?.status ?? 200 });
}

const FLASH = { approve: "market.manage.approved", ban: "market.manage.banned", edit: "market.manage.saved" };

export const handler = define.handlers({
  GET({ state, params }) {
    return render(state, params);
  },
  async POST({ req, state, params }) {
    const { type, id } = keyOf(params);
    const { body } = await readBody(req, 64 * 1024);
    const action = body._action;
    try {
      if (action === "approve") await approveProducts(state.db, state.config, state.viewer, type, [id]);
      else if (action === "ban") {
        const { reason } = parseOrThrow(BanInput, body);
        await banProduct(state.db, state.config, state.viewer, type, id, reason);
      } else if (action === "edit") await editProductByStaff(state.db, type, id, parseOrThrow(StaffEdit, body));
      else throw new HttpError(400, "error.400");
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500 || err.status === 404) throw err;
      const fields = err.details?.fields as Record<string, string[]> | undefined;
      const key = fields ? Object.values(fields)[0]?.[0] ?? err.key : err.key;
      return render(state, params, {
        status: err.status,
        message: errorMessage(key, err.status, state.t),
        fields,
        values: body,
      });
    }
    const res = redirect(href(state, `/management/market/${type}/${id}`));
    res.headers.append("set-cookie", flashCookie(FLASH[action as keyof typeof FLASH], state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const p = data.item.product;
  const base = href(state, `/management/market/${data.type}`);
  const v = (name: string, fallback: string) => {
    const value = data.values?.[name];
    return typeof value === "string" ? value : fallback;
  };
  const err = (name: string) => {
    const key = data.fields?.[name]?.[0];
    return key ? t(key as MessageKey) : undefined;
  };
  return (
    <>
      <MarketStyles state={state} />
      <ManageHeader
        state={state}
        title={p.title}
        trail={[{ label: t(`market.manage.${data.type}`), href: base }]}
        actions={(p.status === "approved" || p.status === "finished") && (
          <Button href={href(state, `/market/${p.type}/${p.id}`)} variant="secondary">{t("market.manage.view")}</Button>
        )}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <dl class="market-facts">
        <dt>{t("market.manage.filterStatus")}</dt>
        <dd>
          <SellBadge state={state} status={p.status} />
        </dd>
        <dt>{t("market.manage.seller")}</dt>
        <dd>
          <a href={href(state, `/management/user/${data.item.seller.id}`)}>
            {data.item.seller.name} ({data.item.seller.username})
          </a>
        </dd>
        <dt>{t("market.product.category")}</dt>
        <dd>{categoryLabel(state, p.category)}</dd>
        <dt>{t("market.manage.price")}</dt>
        <dd>
          <PriceText state={state} price={money(p.price, state.config.usdKrwRate)} />
        </dd>
        {p.type === "intellect" && (
          <>
            <dt>{t("market.product.rightsNumber")}</dt>
            <dd>{p.rightsNumber}</dd>
            <dt>{t("market.product.applicationDate")}</dt>
            <dd>{p.applicationDate ?? "—"}</dd>
            <dt>{t("market.product.ipFile")}</dt>
            <dd>{p.ipFileId ? <a href={fileUrl.download(p.ipFileId)}>{t("market.product.download")}</a> : "—"}</dd>
          </>
        )}
        {p.entryId && (
          <>
            <dt>{t("market.manage.source")}</dt>
            <dd>
              {t("market.manage.fromEntry", { id: p.entryId })}
              {p.awardFlag && ` · ${t("market.product.awardWinner")}`}
            </dd>
          </>
        )}
        {p.rejectReason && (
          <>
            <dt>{t("market.product.rejectReason")}</dt>
            <dd>{p.rejectReason}</dd>
          </>
        )}
        <dt>{t("market.manage.created")}</dt>
        <dd>{formatDate(p.createdAt, state.locale, "datetime")}</dd>
      </dl>
      {data.images.length > 0 && (
        <ul class="market-grid" aria-label={t("market.product.gallery")}>
          {data.images.map((image, i) => (
            <li key={image.id}>
              <Picture file={image} alt={t("market.product.imageAlt", { title: p.title, n: i + 1 })} kind="thumbnail" />
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="market-decision">
        <h2 id="market-decision">{t("market.manage.decision")}</h2>
        {productMachine.can("approve", p.status) && (
          <form method="post" class="inline-form">
            <CsrfField state={state} />
            <Button type="submit" name="_action" value="approve">{t("market.manage.approve")}</Button>
          </form>
        )}
        {productMachine.can("ban", p.status) && (
          <form method="post">
            <CsrfField state={state} />
            <input type="hidden" name="_action" value="ban" />
            <Textarea
              name="reason"
              label={t("market.manage.banReason")}
              required
              rows={2}
              maxLength={1000}
              value={v("reason", "")}
              error={err("reason")}
            />
            <FormActions>
              <Button type="submit" variant="secondary">{t("market.manage.ban")}</Button>
            </FormActions>
          </form>
        )}
        {productMachine.actionsFrom(p.status).length === 0 && <p>{t(`market.status.${p.status}`)}</p>}
      </section>
      {p.status !== "finished" && (
        <section aria-labelledby="market-edit">
          <h2 id="market-edit">{t("market.manage.edit")}</h2>
          <form method="post">
            <CsrfField state={state} />
            <input type="hidden" name="_action" value="edit" />
            <Select
              name="category"
              label={t("market.wizard.category")}
              required
              value={v("category", p.category)}
              error={err("category")}
              options={CATEGORIES[data.type].map((c) => ({ value: c, label: categoryLabel(state, c) }))}
            />
            <TextField
              name="title"
              label={t("market.wizard.titleLabel")}
              required
              maxLength={200}
              value={v("title", p.title)}
              error={err("title")}
            />
            <TextField
              name="title_en"
              label={t("market.wizard.titleEn")}
              maxLength={200}
              value={v("title_en", p.titleEn)}
              error={err("title_en")}
            />
            <TextField
              name="summary"
              label={t("market.wizard.summary")}
              required
              maxLength={500}
              value={v("summary", p.summary)}
              error={err("summary")}
            />
            <TextField
              name="summary_en"
              label={t("market.wizard.summaryEn")}
              maxLength={500}
              value={v("summary_en", p.summaryEn)}
              error={err("summary_en")}
            />
            <Textarea
              name="description"
              label={t("market.wizard.description")}
              rows={4}
              maxLength={5000}
              value={v("description", p.description)}
            />
            <Textarea
              name="description_en"
              label={t("market.wizard.descriptionEn")}
              rows={4}
              maxLength={5000}
              value={v("description_en", p.descriptionEn)}
            />
            <TextField
              name="price"
              label={t("market.wizard.price")}
              required
              inputMode="numeric"
              maxLength={20}
              value={v("price", String(p.price))}
              error={err("price")}
            />
            <FormActions>
              <Button type="submit">{t("market.manage.save")}</Button>
            </FormActions>
          </form>
        </section>
      )}
      <section aria-labelledby="market-requests">
        <h2 id="market-requests">{t("market.manage.requests")}</h2>
        <Table
          caption={t("market.manage.requests")}
          captionHidden
          rows={data.requests}
          rowKey={(r) => r.request.id}
          empty={t("market.mypage.noRequests")}
          stack
          columns={[
            {
              header: t("market.mypage.buyer"),
              rowHeader: true,
              align: "start",
              cell: (r) => `${r.buyer.name} (${r.buyer.username})`,
            },
            { header: t("market.mypage.message"), align: "start", cell: (r) => r.request.message },
            { header: t("market.mypage.contact"), align: "start", cell: (r) => r.request.contact },
            { header: t("market.product.status"), cell: (r) => t(`market.requestStatus.${r.request.status}`) },
            {
              header: t("market.manage.created"),
              cell: (r) => formatDate(r.request.createdAt, state.locale, "datetime"),
            },
          ]}
        />
      </section>
    </>
  );
});

// /management/asset (SPEC §2.2): the site's image and file assets — upload (checked in the browser and
// on the server), replace, delete — twenty to a page; text assets are on /management/asset/text.
import { page, redirect } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { AssetRowActions, AssetUploadForm } from "../../../components/management/AssetForms.tsx";
import { AssetTable, AssetTabs } from "../../../components/management/AssetTable.tsx";
import { Pagination } from "../../../components/ui/Pagination.tsx";
import { ASSET_TYPES, type AssetType, listAssets } from "../../../domain/file/assets.ts";
import { runAssetAction } from "../../../domain/file/asset-actions.ts";
import type { FileRow } from "../../../db/schema/file.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { formRefusal } from "../../../domain/errors.ts";
import { define, href, type State } from "../../../state.ts";

interface AssetPage {
  type: AssetType;
  page: number;
  rows: FileRow[];
  lastPage: number;
  error?: string;
}

async function load(state: State, url: URL, error?: string, status = 200) {
  const requested = url.searchParams.get("type") as AssetType;
  const type = ASSET_TYPES.includes(requested) && requested !== "text" ? requested : "image";
  const pageNo = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  state.title = state.t("asset.title");
  const list = await listAssets(state.db, type, pageNo);
  return page<AssetPage>({ type, page: pageNo, rows: list.rows, lastPage: list.lastPage, error }, { status });
}

export const handler = define.handlers({
  GET({ state, url }) {
    return load(state, url);
  },
  async POST({ req, state, url }) {
    try {
      const done = await runAssetAction(state.files, state.viewer, req);
      const res = redirect(href(state, url.pathname + url.search));
      res.headers.append("set-cookie", flashCookie(done, state.https));
      return res;
    } catch (err) {
      const refusal = formRefusal(err, state.t);
      return load(state, url, refusal.message, refusal.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state, url }) => {
  const { t } = state;
  const action = href(state, url.pathname + url.search);
  return (
    <>
      <ManageHeader state={state} title={t("asset.title")} lead={t("asset.lead")} />
      <AssetTabs state={state} current={data.type} />
      <AssetUploadForm state={state} action={action} error={data.error} />
      <AssetTable
        state={state}
        rows={data.rows}
        actions={(file) => <AssetRowActions state={state} action={action} id={file.id} name={file.originalName} />}
      />
      <Pagination
        t={t}
        current_page={data.page}
        last_page={data.lastPage}
        baseHref={href(state, "/management/asset")}
        query={{ type: data.type }}
      />
    </>
  );
});

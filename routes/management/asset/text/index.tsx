// /management/asset/text (SPEC §2.2 asset/text): text assets (CSS, CSV, notes) written in the browser and
// stored as UTF-8 files through the upload pipeline; each opens for editing at /management/asset/text/{file}.
import { page, redirect } from "../../../../framework/define.ts";
import { ManageHeader } from "../../../../components/management/Frame.tsx";
import { AssetTable, AssetTabs } from "../../../../components/management/AssetTable.tsx";
import { TextAssetForm } from "../../../../components/management/TextAssetForm.tsx";
import { Button } from "../../../../components/ui/Button.tsx";
import { Pagination } from "../../../../components/ui/Pagination.tsx";
import { listAssets, saveTextAsset } from "../../../../domain/file/assets.ts";
import { TextAssetInput } from "../../../../domain/file/text-asset.ts";
import type { FileRow } from "../../../../db/schema/file.ts";
import { flashCookie } from "../../../../domain/member/cookies.ts";
import { formRefusal } from "../../../../domain/errors.ts";
import { readBody } from "../../../../domain/request.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import { define, href, type State } from "../../../../state.ts";

interface TextAssetsPage {
  rows: FileRow[];
  page: number;
  lastPage: number;
  input: { name: string; content: string };
  error?: string;
  fields?: Record<string, string[]>;
}

async function load(state: State, url: URL, extra: Partial<TextAssetsPage> = {}, status = 200) {
  const pageNo = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  state.title = state.t("asset.textTitle");
  const list = await listAssets(state.db, "text", pageNo);
  return page<TextAssetsPage>({
    rows: list.rows,
    page: pageNo,
    lastPage: list.lastPage,
    input: { name: "", content: "" },
    ...extra,
  }, { status });
}

export const handler = define.handlers({
  GET({ state, url }) {
    return load(state, url);
  },
  async POST({ req, state, url }) {
    const { body } = await readBody(req, 2 * 1024 * 1024);
    const input = { name: String(body.name ?? ""), content: String(body.content ?? "") };
    try {
      const saved = await saveTextAsset(state.files, state.viewer.id, parseOrThrow(TextAssetInput, body));
      const res = redirect(href(state, `/management/asset/text/${saved.id}`));
      res.headers.append("set-cookie", flashCookie("asset.done.upload", state.https));
      return res;
    } catch (err) {
      const refusal = formRefusal(err, state.t);
      return load(state, url, { input, error: refusal.message, fields: refusal.fields }, refusal.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const edit = (f: FileRow) => (
    <Button href={href(state, `/management/asset/text/${f.id}`)} variant="secondary" size="sm">
      {t("asset.edit")}
    </Button>
  );
  return (
    <>
      <ManageHeader state={state} title={t("asset.textTitle")} lead={t("asset.lead")} />
      <AssetTabs state={state} current="text" />
      <AssetTable state={state} rows={data.rows} actions={edit} />
      <Pagination
        t={t}
        current_page={data.page}
        last_page={data.lastPage}
        baseHref={href(state, "/management/asset/text")}
      />
      <h2 class="section-title">{t("asset.newText")}</h2>
      <TextAssetForm
        state={state}
        action={href(state, "/management/asset/text")}
        input={data.input}
        error={data.error}
        fields={data.fields}
      />
    </>
  );
});

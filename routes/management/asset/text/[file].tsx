// /management/asset/text/{file}: edit a text asset (saved as a new version under the same id, so links
// keep working) or delete it.
import { page, redirect } from "../../../../framework/define.ts";
import { ManageHeader } from "../../../../components/management/Frame.tsx";
import { CsrfField } from "../../../../components/ui/CsrfField.tsx";
import { assetAddress } from "../../../../components/management/AssetTable.tsx";
import { TextAssetForm } from "../../../../components/management/TextAssetForm.tsx";
import { Button } from "../../../../components/ui/Button.tsx";
import { findAsset, readTextAsset, saveTextAsset } from "../../../../domain/file/assets.ts";
import { fileId } from "../../../../domain/file/delivery.ts";
import { TextAssetInput } from "../../../../domain/file/text-asset.ts";
import type { FileRow } from "../../../../db/schema/file.ts";
import { flashCookie } from "../../../../domain/member/cookies.ts";
import { formRefusal } from "../../../../domain/errors.ts";
import { readBody } from "../../../../domain/request.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import { define, href, type State } from "../../../../state.ts";

interface TextAssetPage {
  file: FileRow;
  input: { name: string; content: string };
  error?: string;
  fields?: Record<string, string[]>;
}

async function load(state: State, file: FileRow, extra: Partial<TextAssetPage> = {}, status = 200) {
  state.title = file.originalName;
  const input = { name: file.originalName, content: await readTextAsset(state.files, file) };
  return page<TextAssetPage>({ file, input, ...extra }, { status });
}

const done = (state: State, path: string, key: string) => {
  const res = redirect(href(state, path));
  res.headers.append("set-cookie", flashCookie(key, state.https));
  return res;
};

export const handler = define.handlers({
  async GET({ state, params }) {
    return load(state, await findAsset(state.files, fileId(params.file), "text"));
  },
  async POST({ req, state, params }) {
    const file = await findAsset(state.files, fileId(params.file), "text");
    const { body } = await readBody(req, 2 * 1024 * 1024);
    if (body.action === "delete") {
      await state.files.remove(file);
      return done(state, "/management/asset/text", "asset.done.delete");
    }
    const input = { name: String(body.name ?? ""), content: String(body.content ?? "") };
    try {
      await saveTextAsset(state.files, state.viewer.id, parseOrThrow(TextAssetInput, body), file);
      return done(state, `/management/asset/text/${file.id}`, "asset.done.replace");
    } catch (err) {
      const refusal = formRefusal(err, state.t);
      return load(state, file, { input, error: refusal.message, fields: refusal.fields }, refusal.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state, url }) => {
  const { t } = state;
  const trail = [{ label: t("asset.textTitle"), href: href(state, "/management/asset/text") }];
  return (
    <>
      <ManageHeader state={state} title={data.file.originalName} trail={trail} />
      <p class="asset-address-line">
        {t("asset.col.address")}: <code class="asset-address">{assetAddress(data.file)}</code>
      </p>
      <TextAssetForm
        state={state}
        action={href(state, url.pathname)}
        input={data.input}
        error={data.error}
        fields={data.fields}
      />
      <form method="post" action={href(state, url.pathname)} class="asset-delete">
        <CsrfField state={state} />
        <input type="hidden" name="action" value="delete" />
        <Button type="submit" variant="ghost">{t("asset.delete")}</Button>
      </form>
    </>
  );
});

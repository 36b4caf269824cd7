// The forms of /management/asset: upload (with the early check of the FileInput island), replace and
// delete one asset. Plain multipart posts with the CSRF field, so they work without JavaScript.
import FileInput from "../../islands/FileInput.tsx";
import { acceptFor, uploadMessages } from "../file/messages.ts";
import { Button } from "../ui/Button.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import type { State } from "../../state.ts";

export function AssetUploadForm({ state, action, error }: { state: State; action: string; error?: string }) {
  const { t } = state;
  return (
    <form class="asset-upload card" method="post" action={action} enctype="multipart/form-data">
      <CsrfField state={state} />
      <input type="hidden" name="action" value="upload" />
      <label class="field-label" for="asset-file">{t("asset.upload")}</label>
      <p class="field-hint" id="asset-file-hint">{t("asset.uploadHint")}</p>
      <FileInput
        id="asset-file"
        name="file"
        purpose="asset"
        multiple
        required
        accept={acceptFor("asset")}
        messages={uploadMessages(t, "asset")}
        describedBy="asset-file-hint"
      />
      {error && <p class="field-error" role="alert">{error}</p>}
      <Button type="submit">{t("asset.uploadButton")}</Button>
    </form>
  );
}

export function AssetRowActions(
  { state, action, id, name }: { state: State; action: string; id: number; name: string },
) {
  const { t } = state;
  return (
    <div class="asset-actions">
      <form method="post" action={action} enctype="multipart/form-data" class="asset-replace">
        <CsrfField state={state} />
        <input type="hidden" name="action" value="replace" />
        <input type="hidden" name="id" value={String(id)} />
        <label class="visually-hidden" for={`replace-${id}`}>{t("asset.replaceLabel", { name })}</label>
        <input type="file" id={`replace-${id}`} name="file" required />
        <Button type="submit" variant="secondary" size="sm">{t("asset.replace")}</Button>
      </form>
      <form method="post" action={action}>
        <CsrfField state={state} />
        <input type="hidden" name="action" value="delete" />
        <input type="hidden" name="id" value={String(id)} />
        <Button type="submit" variant="ghost" size="sm" aria-label={t("asset.deleteLabel", { name })}>
          {t("asset.delete")}
        </Button>
      </form>
    </div>
  );
}

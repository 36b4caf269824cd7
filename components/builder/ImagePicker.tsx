// The builder's image picker (issue 15 §2–§3), in the properties panel of the components that show
// pictures (image, slider): upload a new image through the files pipeline (POST /api/file?purpose=page_image,
// checked first in the browser by the FileInput kit's rules: domain/file/check.ts) or choose one of the
// recent uploads (GET /api/builder/images). What is chosen goes in the tree as /api/file/image/{id}; the
// server checks the tree again and makes the file public when the page is published. Plain controls only:
// a labelled file input and buttons, so the keyboard reaches everything.
import { useState } from "preact/hooks";
import { checkChosenFiles } from "../../domain/file/check.ts";
import { type FileProblem, uploadRule } from "../../domain/file/rules.ts";
import { imageFileId, imageSrcOf, PAGE_IMAGE_PURPOSE } from "../../domain/builder/images.ts";

export interface PickerImage {
  id: number;
  name: string;
  src: string;
  thumbnail: string | null;
}

export interface ImagePickerProps {
  /** The property's field id (`pbp-src`): the picker's own ids derive from it. */
  id: string;
  /** The image now chosen (an image node's src); none for a slider, where a pick adds a slide. */
  current?: string;
  csrf: string;
  texts: Record<string, string>;
  /** Translated upload problems (components/file/messages.ts). */
  messages: Partial<Record<FileProblem, string>>;
  accept: string;
  onPick: (src: string, name: string) => void;
}

const RULE = uploadRule(PAGE_IMAGE_PURPOSE);

/** A small picture of an image property's value: a stored file's thumbnail, a static image as it is. */
function thumbnailOf(src: string): string {
  const id = imageFileId(src);
  return id === null ? src : `/api/file/${id}/external_thumbnail.jpg`;
}

export function ImagePicker(props: ImagePickerProps) {
  const { texts: tx, id } = props;
  const [recent, setRecent] = useState<PickerImage[] | null>(null);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  function pick(image: PickerImage) {
    props.onPick(image.src, image.name);
    setStatus(
      (props.current === undefined ? tx.imageAdded : tx.imageCurrent + ": {name}").replace("{name}", image.name),
    );
  }

  async function loadRecent() {
    try {
      const res = await fetch("/api/builder/images", { headers: { accept: "application/json" } });
      const body = res.ok ? await res.json() : null;
      setRecent(Array.isArray(body?.data) ? body.data : []);
    } catch {
      setRecent([]);
    }
  }

  async function toggle() {
    const next = !open;
    setOpen(next);
    if (next && recent === null) await loadRecent();
  }

  async function upload(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    setStatus("");
    if (!file) return;
    const refused = await checkChosenFiles(RULE, [file]);
    if (refused) {
      setProblem(props.messages[refused] ?? props.messages.wrong_type ?? tx.imageUploadFailed);
      input.value = "";
      return;
    }
    setProblem("");
    setBusy(true);
    setStatus(tx.imageUploading);
    try {
      const res = await fetch(`/api/file?purpose=${PAGE_IMAGE_PURPOSE}&name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        headers: { accept: "application/json", "x-xsrf-token": props.csrf },
        body: file,
      });
      const body = await res.json().catch(() => null);
      const saved = res.ok ? body?.data?.[0] : null;
      if (typeof saved?.id !== "number") {
        setStatus("");
        setProblem(body?.message ?? tx.imageUploadFailed);
        return;
      }
      const image: PickerImage = {
        id: saved.id,
        name: saved.name,
        src: imageSrcOf(saved.id),
        thumbnail: saved.thumbnail,
      };
      setRecent((list) => (list ? [image, ...list] : list));
      props.onPick(image.src, image.name);
      setStatus((props.current === undefined ? tx.imageAdded : tx.imageUploaded).replace("{name}", image.name));
    } catch {
      setStatus("");
      setProblem(tx.imageUploadFailed);
    } finally {
      setBusy(false);
      input.value = "";
    }
  }

  const current = props.current ? thumbnailOf(props.current) : "";
  return (
    <fieldset class="pbb-picker" aria-busy={busy ? "true" : undefined}>
      <legend>{tx.imagePicker}</legend>
      {props.current !== undefined && (
        <p class="pbb-picker-current">
          {current
            ? (
              <>
                <span class="visually-hidden">{tx.imageCurrent}:</span>
                <img src={current} alt="" width={90} height={68} />
              </>
            )
            : tx.imageNone}
        </p>
      )}
      <label for={`${id}-upload`}>{tx.imageUpload}</label>
      <input
        type="file"
        id={`${id}-upload`}
        accept={props.accept}
        disabled={busy}
        aria-describedby={[`${id}-upload-hint`, problem ? `${id}-upload-check` : ""].filter(Boolean).join(" ")}
        aria-invalid={problem ? "true" : undefined}
        onChange={upload}
      />
      <p class="pbb-help" id={`${id}-upload-hint`}>{tx.imageUploadHint}</p>
      {problem && <p class="field-error" id={`${id}-upload-check`} role="alert">{problem}</p>}
      <p class="pbb-picker-status" role="status">{status}</p>
      <button
        type="button"
        class="button button-ghost button-sm"
        aria-expanded={open}
        aria-controls={`${id}-recent`}
        onClick={toggle}
      >
        {tx.imageRecentShow}
      </button>
      <div id={`${id}-recent`} hidden={!open}>
        {open && recent !== null && (recent.length === 0
          ? <p class="pbb-empty">{tx.imageRecentNone}</p>
          : (
            <ul class="pbb-picker-list" aria-label={tx.imageRecent}>
              {recent.map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    class="pbb-picker-item"
                    aria-pressed={props.current === undefined ? undefined : props.current === image.src}
                    onClick={() => pick(image)}
                  >
                    {image.thumbnail && <img src={image.thumbnail} alt="" width={90} height={68} loading="lazy" />}
                    <span aria-hidden="true">{image.name}</span>
                    <span class="visually-hidden">{tx.imageUse.replace("{name}", image.name)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </fieldset>
  );
}

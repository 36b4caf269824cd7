// The post editor (issue 13 §3): without JavaScript a plain textarea (paragraphs from empty lines,
// `format=text`); hydrated, a formatting toolbar (headings, bold, italic, lists, quote, link, table,
// photos uploaded through POST /api/file) over an editable area whose HTML goes in the same field with
// `format=html`. The browser's own editing keeps Korean input methods intact: the area is never
// re-rendered while typing. The server sanitises whatever arrives (domain/common/rich-text.ts).
import { useEffect, useRef, useState } from "preact/hooks";

export interface BoardEditorProps {
  label: string;
  hint: string;
  content: string;
  format: "text" | "html";
  error?: string;
  /** Members may insert photos (uploads need an account); visitors get the other tools. */
  canUpload: boolean;
  csrf: string;
  texts: Record<
    | "toolbar"
    | "heading"
    | "bold"
    | "italic"
    | "bulleted"
    | "numbered"
    | "quote"
    | "link"
    | "linkPrompt"
    | "table"
    | "image"
    | "uploading"
    | "uploadFailed",
    string
  >;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const textToHtml = (text: string) =>
  text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${escape(p).replace(/\n/g, "<br>")}</p>`)
    .join("");

export default function BoardEditor(props: BoardEditorProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [html, setHtml] = useState("");
  const [photos, setPhotos] = useState<number[]>([]);
  const [status, setStatus] = useState("");
  const area = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const start = props.format === "html" ? props.content : textToHtml(props.content);
    setHtml(start);
    setEnhanced(true);
  }, []);
  useEffect(() => {
    // Filled once: re-rendering the editable area would break an input method's composition.
    if (enhanced && area.current && !area.current.dataset.ready) {
      area.current.innerHTML = html;
      area.current.dataset.ready = "1";
    }
  }, [enhanced]);

  const sync = () => setHtml(area.current?.innerHTML ?? "");
  const run = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    sync();
  };
  const link = () => {
    const url = globalThis.prompt(props.texts.linkPrompt, "https://") ?? "";
    if (/^https?:\/\/[^\s]+$/.test(url)) run("createLink", url);
  };
  const table = () =>
    run(
      "insertHTML",
      "<table><tbody><tr><th>&nbsp;</th><th>&nbsp;</th></tr><tr><td>&nbsp;</td><td>&nbsp;</td></tr></tbody></table><p></p>",
    );
  async function upload(event: Event) {
    const chosen = (event.currentTarget as HTMLInputElement).files?.[0];
    if (!chosen) return;
    setStatus(props.texts.uploading);
    const res = await fetch(`/api/file?purpose=board_photo&name=${encodeURIComponent(chosen.name)}`, {
      method: "POST",
      headers: { accept: "application/json", "x-xsrf-token": props.csrf },
      body: chosen,
    }).catch(() => null);
    const body = res?.ok ? await res.json() : null;
    const id = body?.data?.[0]?.id;
    if (typeof id !== "number") {
      setStatus(props.texts.uploadFailed);
      return;
    }
    setPhotos((list) => [...list, id]);
    run("insertHTML", `<img src="/api/file/image/${id}" alt="${escape(chosen.name)}">`);
    setStatus("");
    if (file.current) file.current.value = "";
  }

  const errorId = props.error ? "field-content-error" : undefined;
  if (!enhanced) {
    return (
      <div class={props.error ? "field field-invalid" : "field"}>
        <label class="field-label" for="field-content">{props.label}</label>
        <textarea
          class="textarea"
          id="field-content"
          name="content"
          rows={14}
          maxLength={200_000}
          aria-describedby={["field-content-hint", errorId].filter(Boolean).join(" ")}
          aria-invalid={props.error ? "true" : undefined}
        >
          {props.content}
        </textarea>
        <input type="hidden" name="format" value={props.format} />
        <p class="field-hint" id="field-content-hint">{props.hint}</p>
        {props.error && <p class="field-error" id="field-content-error">{props.error}</p>}
      </div>
    );
  }
  const tool = (label: string, action: () => void, text: string) => (
    <button type="button" class="button button-ghost button-sm" title={label} onClick={action}>
      <span aria-hidden="true">{text}</span>
      <span class="visually-hidden">{label}</span>
    </button>
  );
  return (
    <div class={props.error ? "field field-invalid" : "field"}>
      <p class="field-label" id="field-content-label">{props.label}</p>
      <div class="editor-toolbar" role="toolbar" aria-label={props.texts.toolbar} aria-controls="field-content-area">
        {tool(props.texts.heading, () => run("formatBlock", "h2"), "H2")}
        {tool(props.texts.bold, () => run("bold"), "B")}
        {tool(props.texts.italic, () => run("italic"), "I")}
        {tool(props.texts.bulleted, () => run("insertUnorderedList"), "•")}
        {tool(props.texts.numbered, () => run("insertOrderedList"), "1.")}
        {tool(props.texts.quote, () => run("formatBlock", "blockquote"), "❝")}
        {tool(props.texts.link, link, "🔗")}
        {tool(props.texts.table, table, "▦")}
        {props.canUpload && (
          <>
            <label class="button button-ghost button-sm" for="field-content-image">{props.texts.image}</label>
            <input
              ref={file}
              class="visually-hidden"
              type="file"
              id="field-content-image"
              accept=".jpg,.jpeg,.png,.gif,.webp"
              onChange={upload}
            />
          </>
        )}
      </div>
      <div
        ref={area}
        id="field-content-area"
        class="editor-area"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-labelledby="field-content-label"
        aria-describedby={["field-content-hint", errorId].filter(Boolean).join(" ")}
        onInput={sync}
        onBlur={sync}
      />
      <textarea name="content" hidden value={html} />
      <input type="hidden" name="format" value="html" />
      {photos.map((id) => <input key={id} type="hidden" name="photo_ids[]" value={String(id)} />)}
      <p class="field-hint" id="field-content-hint">{props.hint}</p>
      <p class="field-hint" role="status">{status}</p>
      {props.error && <p class="field-error" id="field-content-error">{props.error}</p>}
    </div>
  );
}

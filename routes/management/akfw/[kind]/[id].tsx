// /management/akfw/{kind}/{id} (SPEC §2.2 akfw {id}): one designer, album, video or event — its fields in
// Korean and English; a designer's works (added with a picture, captioned, moved up or down by buttons,
// removed) and an album's photos (added, removed). Plain forms, one action each, so every step works by
// keyboard and without JavaScript; refusals come back on the screen with SPEC §8's status. The section's
// grant (`akfw`) is checked by the management guard through domain/member/permissions.ts.
import { page, redirect } from "../../../../framework/define.ts";
import { HttpError } from "../../../../framework/errors.ts";
import { ManageHeader } from "../../../../components/management/Frame.tsx";
import { BoardStyles } from "../../../../components/board/views.tsx";
import { Alert } from "../../../../components/ui/Alert.tsx";
import { CsrfField } from "../../../../components/ui/CsrfField.tsx";
import { Select, type SelectOption, Textarea, TextField } from "../../../../components/ui/FormField.tsx";
import { Table } from "../../../../components/ui/Table.tsx";
import type { FileRow } from "../../../../db/schema/file.ts";
import {
  editItem,
  type ItemDetail,
  itemDetail,
  picturesById,
  type WorkRow,
} from "../../../../domain/board/edit-gallery.ts";
import { GALLERY_KINDS, type GalleryKind } from "../../../../domain/board/manage-gallery.ts";
import { siteIdOf } from "../../../../domain/board/web.ts";
import { formRefusal } from "../../../../domain/errors.ts";
import { fileUrl } from "../../../../domain/file/present.ts";
import { flashCookie } from "../../../../domain/member/cookies.ts";
import { readBody } from "../../../../domain/request.ts";
import type { MessageKey } from "../../../../i18n/mod.ts";
import { define, href, type State } from "../../../../state.ts";

const TITLE = {
  designer: "board.gallery.designer",
  photo: "board.gallery.photo",
  video: "board.gallery.video",
  schedule: "board.schedule.title",
} as const satisfies Record<GalleryKind, string>;

function kindOf(value: string): GalleryKind {
  if (!(GALLERY_KINDS as readonly string[]).includes(value)) throw new HttpError(404, "error.404");
  return value as GalleryKind;
}

function idOf(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new HttpError(404, "board.gallery.not_found");
  return Number(value);
}

interface Data {
  item: ItemDetail;
  pictures: Map<number, FileRow>;
  error?: string;
  fields?: Record<string, string>;
}

async function load(
  state: State,
  kind: GalleryKind,
  id: number,
  error?: string,
  status = 200,
  fields?: Data["fields"],
) {
  const item = await itemDetail(state.db, siteIdOf(state), kind, id);
  const fileIds = item.kind === "designer"
    ? [item.row.photoId, ...item.works.map((w) => w.imageId)]
    : item.kind === "photo"
    ? item.photos.map((p) => p.fileId)
    : [];
  state.title = state.t(TITLE[kind]);
  return page<Data>({ item, pictures: await picturesById(state.db, fileIds), error, fields }, { status });
}

export const handler = define.handlers({
  GET: ({ state, params }) => load(state, kindOf(params.kind), idOf(params.id)),
  async POST({ state, params, req }) {
    const kind = kindOf(params.kind);
    const id = idOf(params.id);
    try {
      // Ten photos at the upload rule's largest, and the form's fields.
      const sent = await readBody(req, 10 * 10 * 1024 * 1024 + 64 * 1024);
      const dropped = await editItem(
        { db: state.db, files: state.files, siteId: siteIdOf(state), viewerId: state.viewer.id },
        kind,
        id,
        sent.body,
        sent.files,
      );
      // Pictures nothing holds any more go once the change is committed.
      for (const file of dropped) await state.files.remove(file);
      // The galleries' cached anonymous pages are dropped at once.
      state.sites.clear();
      const res = redirect(href(state, `/management/akfw/${kind}/${id}`));
      res.headers.append("set-cookie", flashCookie("board.manage.saved", state.https));
      return res;
    } catch (err) {
      const refused = formRefusal(err, state.t);
      if (refused.status === 404) throw err;
      const key = refused.fields ? Object.values(refused.fields)[0]?.[0] : undefined;
      const message = key && key.includes(".") ? state.t(key as never) : refused.message;
      const fields = refused.fields
        ? Object.fromEntries(
          Object.entries(refused.fields).map((
            [name, keys],
          ) => [name, state.t((keys[0] ?? "error.validation") as never)]),
        )
        : undefined;
      return await load(state, kind, id, message, refused.status, fields);
    }
  },
});

/** A form of one button (and hidden fields): publish-like steps that need no other input. */
function ActionButton(
  { state, action, fields, label, name, primary }: {
    state: State;
    action: string;
    fields: Record<string, string>;
    label: string;
    name?: string;
    primary?: boolean;
  },
) {
  return (
    <form method="post" action={action} class="inline-form">
      <CsrfField state={state} />
      {Object.entries(fields).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <button
        type="submit"
        class={primary ? "button button-secondary button-sm" : "button button-ghost button-sm"}
        name="action"
        value={name}
      >
        {label}
      </button>
    </form>
  );
}

function PictureField(
  { state, name, label, multiple }: { state: State; name: string; label: string; multiple?: boolean },
) {
  return (
    <div class="field">
      <label class="field-label" for={`field-${name}`}>{label}</label>
      <input
        class="input"
        type="file"
        id={`field-${name}`}
        name={name}
        accept=".jpg,.jpeg,.png,.gif,.webp"
        multiple={multiple}
        aria-describedby={`field-${name}-hint`}
      />
      <p class="field-hint" id={`field-${name}-hint`}>{state.t("board.manage.pictureHint")}</p>
    </div>
  );
}

function Thumb({ file, alt }: { file: FileRow | undefined; alt: string }) {
  if (!file) return <span>-</span>;
  return (
    <img
      src={fileUrl.variant(file.id, "external_thumbnail")}
      alt={alt}
      width={96}
      height={file.width && file.height ? Math.round(96 * file.height / file.width) : 72}
      loading="lazy"
    />
  );
}

/** One field of an item's form: a text input (by `type`), a text area or a select. */
interface FieldSpec {
  name: string;
  label: MessageKey;
  value: string;
  type?: "text" | "url" | "date";
  area?: boolean;
  options?: SelectOption[];
  required?: boolean;
  maxLength?: number;
}

/** A text in Korean (required where `required`) and its English version, e.g. `title` and `title_en`. */
function bilingual(
  name: string,
  labels: [MessageKey, MessageKey],
  values: [string, string],
  rest: Omit<FieldSpec, "name" | "label" | "value">,
): FieldSpec[] {
  return [
    { name, label: labels[0], value: values[0], ...rest },
    { name: `${name}_en`, label: labels[1], value: values[1], ...rest, required: false },
  ];
}

const TEXT_120 = { maxLength: 120 };
const LONG_TEXT = { area: true, maxLength: 2000 };

/** The fields of each kind of item, in the form's order. */
function fieldsOf(item: ItemDetail): FieldSpec[] {
  const title = (row: { title: string; titleEn: string }) =>
    bilingual("title", ["board.manage.title", "board.manage.titleEn"], [row.title, row.titleEn], {
      ...TEXT_120,
      required: true,
    });
  const description = (row: { description: string; descriptionEn: string }) =>
    bilingual(
      "description",
      ["board.manage.description", "board.manage.descriptionEn"],
      [row.description, row.descriptionEn],
      LONG_TEXT,
    );
  switch (item.kind) {
    case "designer": {
      const row = item.row;
      return [
        ...bilingual("name", ["board.manage.col.name", "board.manage.col.nameEn"], [row.name, row.nameEn], {
          ...TEXT_120,
          required: true,
        }),
        ...bilingual("field", ["board.manage.field", "board.manage.fieldEn"], [row.field, row.fieldEn], {
          maxLength: 60,
        }),
        ...bilingual(
          "bio",
          ["board.manage.description", "board.manage.descriptionEn"],
          [row.bio, row.bioEn],
          LONG_TEXT,
        ),
        { name: "website", type: "url", label: "board.manage.website", value: row.website, maxLength: 300 },
      ];
    }
    case "photo":
      return [
        ...title(item.row),
        ...description(item.row),
        { name: "taken_on", type: "date", label: "board.gallery.takenOn", value: item.row.takenOn ?? "" },
      ];
    case "video":
      return [
        ...title(item.row),
        ...description(item.row),
        {
          name: "provider",
          label: "board.manage.provider",
          value: item.row.provider,
          options: [{ value: "youtube", label: "YouTube" }, { value: "vimeo", label: "Vimeo" }],
        },
        { name: "video_key", label: "board.manage.videoKey", value: item.row.videoKey, required: true, maxLength: 20 },
      ];
    case "schedule": {
      const row = item.row;
      return [
        ...title(row),
        ...bilingual("place", ["board.manage.place", "board.manage.placeEn"], [row.place, row.placeEn], TEXT_120),
        { name: "starts_on", type: "date", label: "board.manage.startsOn", value: row.startsOn, required: true },
        { name: "ends_on", type: "date", label: "board.manage.endsOn", value: row.endsOn, required: true },
        { name: "url", type: "url", label: "board.manage.url", value: row.url, maxLength: 300 },
      ];
    }
  }
}

function FieldsForm({ state, data, action }: { state: State; data: Data; action: string }) {
  const { t } = state;
  return (
    <form method="post" action={action} enctype="multipart/form-data" class="post-form">
      <CsrfField state={state} />
      <input type="hidden" name="action" value="save" />
      {fieldsOf(data.item).map(({ label, area, options, ...f }) => {
        const common = { ...f, label: t(label), error: data.fields?.[f.name] };
        if (options) return <Select key={f.name} {...common} options={options} />;
        if (area) return <Textarea key={f.name} {...common} rows={3} />;
        return <TextField key={f.name} {...common} />;
      })}
      {data.item.kind === "designer" && <PictureField state={state} name="photo" label={t("board.manage.portrait")} />}
      <div class="form-actions">
        <button type="submit" class="button button-primary">{t("board.manage.save")}</button>
      </div>
    </form>
  );
}

function Works(
  { state, data, works, action }: { state: State; data: Data; works: WorkRow[]; action: string },
) {
  const { t } = state;
  const title = (w: WorkRow) => (state.locale === "en" && w.titleEn ? w.titleEn : w.title);
  return (
    <section aria-labelledby="works-heading">
      <h2 id="works-heading">{t("board.manage.works")}</h2>
      <Table
        caption={t("board.manage.works")}
        captionHidden
        stack
        rows={works}
        rowKey={(w) => w.id}
        empty={t("board.manage.noWorks")}
        columns={[
          { header: t("board.manage.col.sort"), cell: (w) => works.indexOf(w) + 1 },
          {
            header: t("board.manage.image"),
            cell: (w) => <Thumb file={data.pictures.get(w.imageId ?? 0)} alt={title(w)} />,
          },
          {
            header: t("board.manage.caption"),
            rowHeader: true,
            align: "start",
            cell: (w) => (
              <form method="post" action={action} class="work-caption">
                <CsrfField state={state} />
                <input type="hidden" name="work" value={String(w.id)} />
                <TextField
                  id={`work-${w.id}-title`}
                  name="title"
                  label={t("board.manage.title")}
                  value={w.title}
                  required
                  maxLength={120}
                />
                <TextField
                  id={`work-${w.id}-title-en`}
                  name="title_en"
                  label={t("board.manage.titleEn")}
                  value={w.titleEn}
                  maxLength={120}
                />
                <TextField
                  id={`work-${w.id}-year`}
                  name="year"
                  type="number"
                  label={t("board.manage.year")}
                  value={w.year ?? ""}
                  min={1900}
                  max={2100}
                />
                <button type="submit" class="button button-secondary button-sm" name="action" value="work_save">
                  {t("board.manage.saveCaption", { title: title(w) })}
                </button>
              </form>
            ),
          },
          {
            header: t("board.manage.col.actions"),
            cell: (w) => {
              const i = works.indexOf(w);
              const fields = { work: String(w.id) };
              return (
                <div class="comment-tools">
                  {i > 0 && (
                    <ActionButton
                      state={state}
                      action={action}
                      fields={fields}
                      name="work_up"
                      label={t("board.manage.moveUp", { title: title(w) })}
                    />
                  )}
                  {i < works.length - 1 && (
                    <ActionButton
                      state={state}
                      action={action}
                      fields={fields}
                      name="work_down"
                      label={t("board.manage.moveDown", { title: title(w) })}
                    />
                  )}
                  <ActionButton
                    state={state}
                    action={action}
                    fields={fields}
                    name="work_remove"
                    label={t("board.manage.removeNamed", { title: title(w) })}
                  />
                </div>
              );
            },
          },
        ]}
      />
      <h3>{t("board.manage.addWork")}</h3>
      <form method="post" action={action} enctype="multipart/form-data" class="post-form">
        <CsrfField state={state} />
        <input type="hidden" name="action" value="work_add" />
        <TextField id="work-new-title" name="title" label={t("board.manage.title")} required maxLength={120} />
        <TextField id="work-new-title-en" name="title_en" label={t("board.manage.titleEn")} maxLength={120} />
        <TextField id="work-new-year" name="year" type="number" label={t("board.manage.year")} min={1900} max={2100} />
        <PictureField state={state} name="image" label={t("board.manage.image")} />
        <div class="form-actions">
          <button type="submit" class="button button-primary">{t("board.manage.addWork")}</button>
        </div>
      </form>
    </section>
  );
}

function Photos({ state, data, action }: { state: State; data: Data; action: string }) {
  const { t } = state;
  if (data.item.kind !== "photo") return null;
  const photos = data.item.photos;
  const caption = (p: typeof photos[number], i: number) =>
    (state.locale === "en" && p.captionEn ? p.captionEn : p.caption) || t("board.manage.photoNumber", { n: i + 1 });
  return (
    <section aria-labelledby="photos-heading">
      <h2 id="photos-heading">{t("board.manage.photos")}</h2>
      <Table
        caption={t("board.manage.photos")}
        captionHidden
        stack
        rows={photos}
        rowKey={(p) => p.id}
        empty={t("board.gallery.empty")}
        columns={[
          { header: t("board.manage.col.sort"), cell: (p) => photos.indexOf(p) + 1 },
          {
            header: t("board.manage.image"),
            cell: (p) => <Thumb file={data.pictures.get(p.fileId ?? 0)} alt={caption(p, photos.indexOf(p))} />,
          },
          {
            header: t("board.manage.caption"),
            rowHeader: true,
            align: "start",
            cell: (p) => caption(p, photos.indexOf(p)),
          },
          {
            header: t("board.manage.col.actions"),
            cell: (p) => (
              <ActionButton
                state={state}
                action={action}
                fields={{ photo: String(p.id) }}
                name="photo_remove"
                label={t("board.manage.removeNamed", { title: `${photos.indexOf(p) + 1}` })}
              />
            ),
          },
        ]}
      />
      <h3>{t("board.manage.addPhotos")}</h3>
      <form method="post" action={action} enctype="multipart/form-data" class="post-form">
        <CsrfField state={state} />
        <input type="hidden" name="action" value="photo_add" />
        <PictureField state={state} name="photos" label={t("board.manage.addPhotos")} multiple />
        <div class="form-actions">
          <button type="submit" class="button button-primary">{t("board.manage.addPhotos")}</button>
        </div>
      </form>
    </section>
  );
}

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { item } = data;
  const kind = item.kind;
  const list = `/management/akfw/${kind}`;
  const action = href(state, `${list}/${item.row.id}`);
  const name = item.kind === "designer" ? item.row.name : item.row.title;
  return (
    <>
      <BoardStyles state={state} />
      <ManageHeader
        state={state}
        title={name}
        trail={[{ label: t(TITLE[kind]), href: href(state, list) }]}
        lead={item.kind === "designer" || item.kind === "photo" || item.kind === "video"
          ? (item.row.published ? t("board.manage.published") : t("board.manage.unpublished"))
          : undefined}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <FieldsForm state={state} data={data} action={action} />
      {item.kind === "designer" && <Works state={state} data={data} works={item.works} action={action} />}
      <Photos state={state} data={data} action={action} />
    </>
  );
});

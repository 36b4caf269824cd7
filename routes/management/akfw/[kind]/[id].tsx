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
import { Select, Textarea, TextField } from "../../../../components/ui/FormField.tsx";
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

function FieldsForm({ state, data, action }: { state: State; data: Data; action: string }) {
  const { t } = state;
  const { item } = data;
  const error = (name: string) => data.fields?.[name];
  return (
    <form method="post" action={action} enctype="multipart/form-data" class="post-form">
      <CsrfField state={state} />
      <input type="hidden" name="action" value="save" />
      {item.kind === "designer" && (
        <>
          <TextField
            name="name"
            label={t("board.manage.col.name")}
            value={item.row.name}
            required
            maxLength={120}
            error={error("name")}
          />
          <TextField name="name_en" label={t("board.manage.col.nameEn")} value={item.row.nameEn} maxLength={120} />
          <TextField name="field" label={t("board.manage.field")} value={item.row.field} maxLength={60} />
          <TextField name="field_en" label={t("board.manage.fieldEn")} value={item.row.fieldEn} maxLength={60} />
          <Textarea name="bio" label={t("board.manage.description")} value={item.row.bio} maxLength={2000} rows={3} />
          <Textarea
            name="bio_en"
            label={t("board.manage.descriptionEn")}
            value={item.row.bioEn}
            maxLength={2000}
            rows={3}
          />
          <TextField
            name="website"
            type="url"
            label={t("board.manage.website")}
            value={item.row.website}
            maxLength={300}
            error={error("website")}
          />
          <PictureField state={state} name="photo" label={t("board.manage.portrait")} />
        </>
      )}
      {item.kind === "photo" && (
        <>
          <TextField
            name="title"
            label={t("board.manage.title")}
            value={item.row.title}
            required
            maxLength={120}
            error={error("title")}
          />
          <TextField name="title_en" label={t("board.manage.titleEn")} value={item.row.titleEn} maxLength={120} />
          <Textarea
            name="description"
            label={t("board.manage.description")}
            value={item.row.description}
            maxLength={2000}
            rows={3}
          />
          <Textarea
            name="description_en"
            label={t("board.manage.descriptionEn")}
            value={item.row.descriptionEn}
            maxLength={2000}
            rows={3}
          />
          <TextField
            name="taken_on"
            type="date"
            label={t("board.gallery.takenOn")}
            value={item.row.takenOn ?? ""}
            error={error("taken_on")}
          />
        </>
      )}
      {item.kind === "video" && (
        <>
          <TextField
            name="title"
            label={t("board.manage.title")}
            value={item.row.title}
            required
            maxLength={120}
            error={error("title")}
          />
          <TextField name="title_en" label={t("board.manage.titleEn")} value={item.row.titleEn} maxLength={120} />
          <Textarea
            name="description"
            label={t("board.manage.description")}
            value={item.row.description}
            maxLength={2000}
            rows={3}
          />
          <Textarea
            name="description_en"
            label={t("board.manage.descriptionEn")}
            value={item.row.descriptionEn}
            maxLength={2000}
            rows={3}
          />
          <Select
            name="provider"
            label={t("board.manage.provider")}
            value={item.row.provider}
            options={[{ value: "youtube", label: "YouTube" }, { value: "vimeo", label: "Vimeo" }]}
            error={error("provider")}
          />
          <TextField
            name="video_key"
            label={t("board.manage.videoKey")}
            value={item.row.videoKey}
            required
            maxLength={20}
            error={error("video_key")}
          />
        </>
      )}
      {item.kind === "schedule" && (
        <>
          <TextField
            name="title"
            label={t("board.manage.title")}
            value={item.row.title}
            required
            maxLength={120}
            error={error("title")}
          />
          <TextField name="title_en" label={t("board.manage.titleEn")} value={item.row.titleEn} maxLength={120} />
          <TextField name="place" label={t("board.manage.place")} value={item.row.place} maxLength={120} />
          <TextField name="place_en" label={t("board.manage.placeEn")} value={item.row.placeEn} maxLength={120} />
          <TextField
            name="starts_on"
            type="date"
            label={t("board.manage.startsOn")}
            value={item.row.startsOn}
            required
            error={error("starts_on")}
          />
          <TextField
            name="ends_on"
            type="date"
            label={t("board.manage.endsOn")}
            value={item.row.endsOn}
            required
            error={error("ends_on")}
          />
          <TextField
            name="url"
            type="url"
            label={t("board.manage.url")}
            value={item.row.url}
            maxLength={300}
            error={error("url")}
          />
        </>
      )}
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

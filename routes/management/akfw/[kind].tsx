// /management/akfw/{designer|photo|video|schedule} (SPEC §2.2): the kind's items with publish, hide and
// delete buttons, and a form to add one (a designer with a photo, an album with its pictures, a video by
// its provider id, an event with its dates). Plain forms; refusals shown on the screen. The schedule is
// also /management/schedule (SPEC §2.2, issue 23 §14): the same screen on its own, under its own grant.
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { Select, Textarea, TextField } from "../../../components/ui/FormField.tsx";
import { Table } from "../../../components/ui/Table.tsx";
import {
  addItem,
  changeItem,
  GALLERY_KINDS,
  type GalleryItem,
  type GalleryKind,
  ItemAction,
  listItems,
} from "../../../domain/board/manage-gallery.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { formRefusal } from "../../../domain/errors.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, href, type State } from "../../../state.ts";

const TITLE: Record<
  GalleryKind,
  "board.gallery.designer" | "board.gallery.photo" | "board.gallery.video" | "board.schedule.title"
> = {
  designer: "board.gallery.designer",
  photo: "board.gallery.photo",
  video: "board.gallery.video",
  schedule: "board.schedule.title",
};

function kindOf(value = "designer"): GalleryKind {
  if (!(GALLERY_KINDS as readonly string[]).includes(value)) throw new HttpError(404, "error.404");
  return value as GalleryKind;
}

/** Where a kind's screen is: under /management/akfw with the other kinds' tabs, or on its own path. */
interface Place {
  base: string;
  standalone: boolean;
}

const placeOf = (kind: GalleryKind, own?: string): Place =>
  own ? { base: own, standalone: true } : { base: `/management/akfw/${kind}`, standalone: false };

async function load(state: State, kind: GalleryKind, place: Place, error?: string, status = 200) {
  state.title = state.t(TITLE[kind]);
  return page<{ kind: GalleryKind; place: Place; items: GalleryItem[]; error?: string }>(
    { kind, place, items: await listItems(state.db, siteIdOf(state), kind), error },
    { status },
  );
}

/** The screen's handlers: of the kind in the path, or of one kind at its own path. */
export function galleryHandlers(fixed?: { kind: GalleryKind; path: string }) {
  const kindIn = (param?: string) => fixed?.kind ?? kindOf(param);
  return define.handlers({
    GET: ({ state, params }) => {
      const kind = kindIn(params.kind);
      return load(state, kind, placeOf(kind, fixed?.path));
    },
    POST: ({ state, params, req }) => {
      const kind = kindIn(params.kind);
      return change(state, kind, placeOf(kind, fixed?.path), req);
    },
  });
}

export const handler = galleryHandlers();

/** An add, publish, hide or delete; back to the screen with the flash, or the screen with the refusal. */
async function change(state: State, kind: GalleryKind, place: Place, req: Request) {
  try {
    const sent = await readBody(req, 11 * 10 * 1024 * 1024);
    const input = parseOrThrow(ItemAction, sent.body);
    const siteId = siteIdOf(state);
    if (input.action === "add") {
      const pictures = [...(sent.files.photos ?? []), ...(sent.files.photo ?? [])];
      await addItem(state.db, state.files, siteId, state.viewer.id, kind, sent.body, pictures);
    } else {
      if (!input.id) throw new HttpError(422, "error.validation");
      await changeItem(state.db, siteId, kind, input.id, input.action);
    }
    // Cached anonymous pages (the galleries are cacheable) are dropped at once.
    state.sites.clear();
    const res = redirect(href(state, place.base));
    res.headers.append("set-cookie", flashCookie("board.manage.saved", state.https));
    return res;
  } catch (err) {
    const refused = formRefusal(err, state.t);
    const key = refused.fields ? Object.values(refused.fields)[0]?.[0] : undefined;
    return load(
      state,
      kind,
      place,
      key && key.includes(".") ? state.t(key as never) : refused.message,
      refused.status,
    );
  }
}

function AddForm({ state, kind, base }: { state: State; kind: GalleryKind; base: string }) {
  const { t } = state;
  const picture = (multiple: boolean) => (
    <div class="field">
      <label class="field-label" for="field-photos">{t("board.write.photos")}</label>
      <input
        class="input"
        type="file"
        id="field-photos"
        name="photos"
        accept=".jpg,.jpeg,.png,.gif,.webp"
        multiple={multiple}
      />
    </div>
  );
  return (
    <form
      method="post"
      action={href(state, base)}
      enctype="multipart/form-data"
      class="post-form"
    >
      <CsrfField state={state} />
      <input type="hidden" name="action" value="add" />
      {kind === "designer" && (
        <>
          <TextField name="name" label={t("board.manage.col.name")} required maxLength={120} />
          <TextField name="name_en" label={t("board.manage.col.nameEn")} maxLength={120} />
          <TextField name="field" label={t("board.manage.field")} maxLength={60} />
          <TextField name="field_en" label={t("board.manage.fieldEn")} maxLength={60} />
          <Textarea name="bio" label={t("board.manage.description")} maxLength={2000} rows={3} />
          <Textarea name="bio_en" label={t("board.manage.descriptionEn")} maxLength={2000} rows={3} />
          <TextField name="website" type="url" label={t("board.manage.website")} maxLength={300} />
          {picture(false)}
        </>
      )}
      {kind === "photo" && (
        <>
          <TextField name="title" label={t("board.manage.title")} required maxLength={120} />
          <TextField name="title_en" label={t("board.manage.titleEn")} maxLength={120} />
          <Textarea name="description" label={t("board.manage.description")} maxLength={2000} rows={3} />
          <Textarea name="description_en" label={t("board.manage.descriptionEn")} maxLength={2000} rows={3} />
          {picture(true)}
        </>
      )}
      {kind === "video" && (
        <>
          <TextField name="title" label={t("board.manage.title")} required maxLength={120} />
          <TextField name="title_en" label={t("board.manage.titleEn")} maxLength={120} />
          <Select
            name="provider"
            label={t("board.manage.provider")}
            options={[{ value: "youtube", label: "YouTube" }, { value: "vimeo", label: "Vimeo" }]}
          />
          <TextField name="video_key" label={t("board.manage.videoKey")} required maxLength={20} />
        </>
      )}
      {kind === "schedule" && (
        <>
          <TextField name="title" label={t("board.manage.title")} required maxLength={120} />
          <TextField name="title_en" label={t("board.manage.titleEn")} maxLength={120} />
          <TextField name="place" label={t("board.manage.place")} maxLength={120} />
          <TextField name="place_en" label={t("board.manage.placeEn")} maxLength={120} />
          <TextField name="starts_on" type="date" label={t("board.manage.startsOn")} required />
          <TextField name="ends_on" type="date" label={t("board.manage.endsOn")} required />
          <TextField name="url" type="url" label={t("board.manage.url")} maxLength={300} />
        </>
      )}
      <div class="form-actions">
        <button type="submit" class="button button-primary">{t("board.manage.add")}</button>
      </div>
    </form>
  );
}

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { kind } = data;
  const base = href(state, data.place.base);
  const button = (item: GalleryItem, action: string, label: string) => (
    <form method="post" action={base}>
      <CsrfField state={state} />
      <input type="hidden" name="id" value={String(item.id)} />
      <button type="submit" class="button button-ghost button-sm" name="action" value={action}>{label}</button>
    </form>
  );
  return (
    <>
      <BoardStyles state={state} />
      <ManageHeader state={state} title={t(TITLE[kind])} lead={t("board.manage.akfwLead")} />
      {!data.place.standalone && (
        <nav aria-label={t("board.manage.akfw")}>
          <ul class="board-tabs">
            {GALLERY_KINDS.map((k) => (
              <li key={k}>
                <a href={href(state, `/management/akfw/${k}`)} aria-current={k === kind ? "page" : undefined}>
                  {t(TITLE[k])}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <Table
        caption={t(TITLE[kind])}
        captionHidden
        stack
        rows={data.items}
        rowKey={(r) => r.id}
        empty={t("board.gallery.empty")}
        columns={[
          {
            header: t("board.manage.title"),
            rowHeader: true,
            align: "start",
            // The item's own screen (fields, works, photos) is under /management/akfw: the section's grant.
            cell: (r) =>
              data.place.standalone ? r.title : (
                <a
                  href={href(state, `/management/akfw/${kind}/${r.id}`)}
                  aria-label={t("board.manage.editNamed", { title: r.title })}
                >
                  {r.title}
                </a>
              ),
          },
          { header: t("board.manage.col.kind"), cell: (r) => r.detail || "-" },
          {
            header: t("board.manage.col.status"),
            cell: (r) => (r.published ? t("board.manage.published") : t("board.manage.unpublished")),
          },
          {
            header: t("board.manage.col.actions"),
            cell: (r) => (
              <div class="comment-tools">
                {kind !== "schedule" &&
                  (r.published
                    ? button(r, "unpublish", t("board.manage.hide"))
                    : button(r, "publish", t("board.manage.show")))}
                {button(r, "delete", t("board.manage.action.delete"))}
              </div>
            ),
          },
        ]}
      />
      <h2>{t("board.manage.add")}</h2>
      <AddForm state={state} kind={kind} base={data.place.base} />
    </>
  );
});

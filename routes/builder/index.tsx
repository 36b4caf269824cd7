// /builder (SPEC §2.1, issue 15 §2): the page builder. Without `?page=` the site's pages to choose from;
// with it the builder island over the page's trees, and the versions with publish and rollback as plain
// forms (so they work without JavaScript). For administrators and staff granted the `page` section.
import { page, redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { Versions } from "../../components/builder/Versions.tsx";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Table } from "../../components/ui/Table.tsx";
import PageBuilder, { type PageBuilderProps } from "../../islands/PageBuilder.tsx";
import type { PageRow } from "../../db/schema/site.ts";
import { requireBuilder } from "../../domain/builder/access.ts";
import { PAGE_IMAGE_PURPOSE } from "../../domain/builder/images.ts";
import { acceptFor, uploadMessages } from "../../components/file/messages.ts";
import { uploadRule } from "../../domain/file/rules.ts";
import { catalogueJson, sectionsJson } from "../../domain/builder/sections.ts";
import type { BuilderNode } from "../../domain/builder/tree.ts";
import {
  type BuilderPage,
  builderPage,
  publishDraft,
  rollbackTo,
  sitePages,
  workingTrees,
} from "../../domain/builder/versions.ts";
import { pageIdOf, RollbackBody } from "../../domain/builder/web.ts";
import { formRefusal } from "../../domain/errors.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { readBody } from "../../domain/request.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { type MessageKey } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";

const UI_TEXTS = [
  "title",
  "palette",
  "sections",
  "canvas",
  "outline",
  "properties",
  "nothingSelected",
  "empty",
  "remove",
  "duplicate",
  "moveUp",
  "moveDown",
  "moveIn",
  "moveOut",
  "undo",
  "redo",
  "save",
  "publish",
  "preview",
  "language",
  "korean",
  "english",
  "englishSame",
  "copyKorean",
  "width",
  "phone",
  "tablet",
  "desktop",
  "saving",
  "savedAt",
  "unsaved",
  "saveFailed",
  "keyboardHelp",
  "moved",
  "imagePicker",
  "imageUpload",
  "imageRecent",
  "imageRecentShow",
  "imageRecentNone",
  "imageUse",
  "imageCurrent",
  "imageNone",
  "imageUploading",
  "imageUploaded",
  "imageAdded",
  "imageUploadFailed",
] as const;

type BuilderScreen =
  | { kind: "list"; pages: PageRow[] }
  | { kind: "edit"; builder: BuilderPage; island: PageBuilderProps; error?: string };

async function load(state: State, url: URL, error?: string, status = 200) {
  await requireBuilder(state);
  state.title = state.t("builder.ui.title");
  const param = url.searchParams.get("page");
  if (param === null) {
    if (!state.site) throw new HttpError(404, "error.404");
    return page<BuilderScreen>({ kind: "list", pages: await sitePages(state.db, state.site.id) });
  }
  const builder = await builderPage(state.db, pageIdOf(param));
  const catalogue = catalogueJson(state.t);
  const island: PageBuilderProps = {
    pageId: builder.page.id,
    csrf: state.csrfToken,
    trees: workingTrees(builder) as { ko: BuilderNode[]; en: BuilderNode[] | null },
    groups: Object.entries(catalogue).map(([group, types]) => ({
      group,
      label: state.t(`builder.group.${group}` as MessageKey),
      types: types.map(({ schema: _schema, ...rest }) => rest),
    })),
    sections: await sectionsJson(state.db, builder.page.siteId, state.locale),
    texts: {
      ...Object.fromEntries(UI_TEXTS.map((k) => [k, state.t(`builder.ui.${k}` as MessageKey)])),
      published: state.t("builder.published"),
      imageUploadHint: state.t("builder.ui.imageUploadHint", {
        size: Math.round(uploadRule(PAGE_IMAGE_PURPOSE).maxBytes / 1024 / 1024),
      }),
    },
    previewHref: href(state, `/builder/preview?page=${builder.page.id}`),
    upload: { messages: uploadMessages(state.t, PAGE_IMAGE_PURPOSE), accept: acceptFor(PAGE_IMAGE_PURPOSE) },
  };
  return page<BuilderScreen>({ kind: "edit", builder, island, error }, { status });
}

export const handler = define.handlers({
  GET: ({ state, url }) => load(state, url),
  async POST({ state, url, req }) {
    await requireBuilder(state);
    const id = pageIdOf(url.searchParams.get("page") ?? undefined);
    try {
      const { body } = await readBody(req, 8 * 1024);
      let flash = "builder.published";
      if (body.action === "rollback") {
        const { number } = parseOrThrow(RollbackBody, body);
        await state.db.transaction((tx) => rollbackTo(tx, state.viewer, id, number));
        flash = "builder.rolled_back";
      } else if (body.action === "publish") {
        await state.db.transaction((tx) => publishDraft(tx, state.viewer, id));
      } else throw new HttpError(422, "error.validation");
      // Visitors read the new version at once on this instance (others follow the page row's NOTIFY).
      state.sites.clear();
      const res = redirect(href(state, `/builder?page=${id}`));
      res.headers.append("set-cookie", flashCookie(flash, state.https));
      return res;
    } catch (err) {
      const refused = formRefusal(err, state.t);
      return load(state, url, refused.message, refused.status);
    }
  },
});

function Styles({ state }: { state: State }) {
  const url = (p: string) => state.staticFiles?.url(p) ?? p;
  return (
    <>
      <MemberStyles state={state} />
      <link rel="stylesheet" href={url("/css/builder.css")} />
      <link rel="stylesheet" href={url("/css/builder-editor.css")} />
    </>
  );
}

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  if (data.kind === "list") {
    return (
      <>
        <Styles state={state} />
        <PageHeader t={t} title={t("builder.ui.title")} lead={t("builder.ui.lead")} />
        <p>{t("builder.ui.choosePage")}</p>
        <Table
          caption={t("builder.ui.pages")}
          rows={data.pages}
          rowKey={(p) => p.id}
          empty={t("builder.ui.noPages")}
          columns={[
            { header: t("builder.field.title"), rowHeader: true, align: "start", cell: (p) => p.title },
            { header: t("builder.field.url"), align: "start", cell: (p) => <code>{decodeURI(p.path)}</code> },
            {
              header: t("builder.ui.open"),
              cell: (p) => (
                <>
                  <a href={href(state, `/builder?page=${p.id}`)}>
                    {t("builder.ui.open")}
                    <span class="visually-hidden">: {p.title}</span>
                  </a>{" "}
                  ·{" "}
                  <a href={href(state, p.path)}>
                    {t("builder.ui.view")}
                    <span class="visually-hidden">: {p.title}</span>
                  </a>
                </>
              ),
            },
          ]}
        />
      </>
    );
  }
  const { builder, island } = data;
  const title = (state.locale === "en" && builder.page.titleEn) || builder.page.title;
  return (
    <>
      <Styles state={state} />
      <PageHeader
        t={t}
        title={`${t("builder.ui.title")}: ${title}`}
        crumbs={[{ label: t("builder.ui.title"), href: href(state, "/builder") }, { label: title }]}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <noscript>
        <p class="pbb-noscript">{t("builder.ui.noscript")}</p>
      </noscript>
      <PageBuilder {...island} />
      <Versions state={state} pageId={builder.page.id} versions={builder.versions} hasDraft={!!builder.draft} />
    </>
  );
});

// The asset list: a preview, the name (a download link), its type, size and pixels, the address pages
// use, when it was added, and the row's actions.
import type { ComponentChildren } from "preact";
import type { FileRow } from "../../db/schema/file.ts";
import type { AssetType } from "../../domain/file/assets.ts";
import { fileUrl } from "../../domain/file/present.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { Picture } from "../ui/Picture.tsx";
import { Table } from "../ui/Table.tsx";
import { Tabs } from "../ui/Tabs.tsx";

const TABS: { type: AssetType; label: "asset.tab.image" | "asset.tab.application" | "asset.tab.text" }[] = [
  { type: "image", label: "asset.tab.image" },
  { type: "application", label: "asset.tab.application" },
  { type: "text", label: "asset.tab.text" },
];

export function AssetTabs({ state, current }: { state: State; current: AssetType }) {
  const link = (type: AssetType) =>
    href(state, type === "text" ? "/management/asset/text" : `/management/asset?type=${type}`);
  return (
    <Tabs
      label={state.t("asset.types")}
      tabs={TABS.map((tab) => ({
        key: tab.type,
        href: link(tab.type),
        label: state.t(tab.label),
        current: tab.type === current,
      }))}
    />
  );
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/** The address a page links to: the web-sized image, or the file itself. */
export function assetAddress(file: FileRow): string {
  return file.mimetype.startsWith("image/") ? fileUrl.variant(file.id, "external_image") : fileUrl.download(file.id);
}

export function AssetTable(
  { state, rows, actions }: { state: State; rows: FileRow[]; actions: (file: FileRow) => ComponentChildren },
) {
  const { t } = state;
  return (
    <Table
      caption={t("asset.title")}
      captionHidden
      rows={rows}
      rowKey={(f) => f.id}
      empty={t("asset.empty")}
      stack
      columns={[
        {
          header: t("asset.col.preview"),
          cell: (f) =>
            f.mimetype.startsWith("image/")
              ? <Picture file={f} alt="" kind="thumbnail" sizes="120px" class="asset-thumb" />
              : <span class="asset-kind">{f.mimetype.split("/")[1]?.toUpperCase()}</span>,
        },
        {
          header: t("asset.col.name"),
          rowHeader: true,
          align: "start",
          cell: (f) => <a href={fileUrl.download(f.id)}>{f.originalName}</a>,
        },
        {
          header: t("asset.col.details"),
          cell: (f) =>
            [formatBytes(f.size), f.width && f.height ? `${f.width}×${f.height}` : ""].filter(Boolean).join(" · "),
        },
        {
          header: t("asset.col.address"),
          align: "start",
          cell: (f) => <code class="asset-address">{assetAddress(f)}</code>,
        },
        { header: t("asset.col.created"), hideOnMobile: true, cell: (f) => formatDate(f.createdAt, state.locale) },
        { header: t("asset.col.actions"), cell: actions },
      ]}
    />
  );
}

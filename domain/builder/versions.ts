// A page's versions (issue 15 §1): one draft the builder autosaves into, one published version that
// visitors see, and every earlier one kept for rollback, each with who and when. Publishing and rollback
// touch the page row in the same transaction, so its trigger tells every instance to drop cached pages
// (NOTIFY site_cache, migration 0001): visitors read the new version at once.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type PageTrees, type PageVersionRow, pageVersions } from "../../db/schema/builder.ts";
import { users } from "../../db/schema/member.ts";
import { type PageRow, pages } from "../../db/schema/site.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Viewer } from "../member/permissions.ts";
import { holdDraftFiles, publishPageFiles } from "./page-files.ts";
import { searchTexts } from "./search-text.ts";
import type { Trees } from "./tree.ts";

export interface VersionSummary {
  number: number;
  status: PageVersionRow["status"];
  restored_from: number | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export interface BuilderPage {
  page: PageRow;
  draft: PageVersionRow | null;
  published: PageVersionRow | null;
  versions: VersionSummary[];
}

/** The page row locked for a change of its versions (one publisher at a time per page). */
async function lockPage(tx: Tx, pageId: number): Promise<PageRow> {
  const [page] = await tx.select().from(pages).where(eq(pages.id, pageId)).for("update").limit(1);
  if (!page) throw new HttpError(404, "builder.page_not_found");
  return page;
}

async function nextNumber(tx: Tx, pageId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`coalesce(max(${pageVersions.number}), 0)::int` })
    .from(pageVersions).where(eq(pageVersions.pageId, pageId));
  return (row?.n ?? 0) + 1;
}

async function versionWith(tx: Tx, pageId: number, status: "draft" | "published") {
  const [row] = await tx.select().from(pageVersions)
    .where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.status, status))).limit(1);
  return row ?? null;
}

export async function pageById(tx: Tx, pageId: number): Promise<PageRow | null> {
  const [page] = await tx.select().from(pages).where(eq(pages.id, pageId)).limit(1);
  return page ?? null;
}

export async function builderPage(tx: Tx, pageId: number): Promise<BuilderPage> {
  const page = await pageById(tx, pageId);
  if (!page) throw new HttpError(404, "builder.page_not_found");
  const rows = await tx.select({ v: pageVersions, name: users.name }).from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.createdBy))
    .where(eq(pageVersions.pageId, pageId)).orderBy(desc(pageVersions.number)).limit(200);
  return {
    page,
    draft: rows.find((r) => r.v.status === "draft")?.v ?? null,
    published: rows.find((r) => r.v.status === "published")?.v ?? null,
    versions: rows.map(({ v, name }) => ({
      number: v.number,
      status: v.status,
      restored_from: v.restoredFrom,
      created_by: name,
      created_at: v.createdAt.toISOString(),
      updated_at: v.updatedAt.toISOString(),
      published_at: v.publishedAt?.toISOString() ?? null,
    })),
  };
}

/** The trees the builder opens: the draft, else the published version, else an empty page. */
export function workingTrees(p: BuilderPage): PageTrees {
  return p.draft?.trees ?? p.published?.trees ?? { ko: [], en: null };
}

/** Autosave and save: the page's one draft takes the trees (made if there is none). */
export async function saveDraft(tx: Tx, viewer: Viewer, pageId: number, trees: Trees): Promise<PageVersionRow> {
  await lockPage(tx, pageId);
  await holdDraftFiles(tx, trees);
  const draft = await versionWith(tx, pageId, "draft");
  if (draft) {
    const [row] = await tx.update(pageVersions).set({ trees, updatedAt: new Date(), createdBy: viewer.id || null })
      .where(eq(pageVersions.id, draft.id)).returning();
    return row;
  }
  const [row] = await tx.insert(pageVersions).values({
    pageId,
    number: await nextNumber(tx, pageId),
    status: "draft",
    trees,
    createdBy: viewer.id || null,
  }).returning();
  return row;
}

/**
 * Marks the page as a builder page shown from now on with the text of its published trees for the site
 * search, and touches it (its trigger drops every cache).
 */
async function touchPage(tx: Tx, pageId: number, now: Date, published: PageTrees) {
  await tx.update(pages).set({ format: "builder", ...searchTexts(published), updatedAt: now })
    .where(eq(pages.id, pageId));
}

async function archivePublished(tx: Tx, pageId: number) {
  await tx.update(pageVersions).set({ status: "archived" })
    .where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.status, "published")));
}

/** Publishes the draft (saved first from `trees` when given); 409 when there is nothing to publish. */
export async function publishDraft(
  tx: Tx,
  viewer: Viewer,
  pageId: number,
  trees?: Trees,
  now = new Date(),
): Promise<PageVersionRow> {
  if (trees) await saveDraft(tx, viewer, pageId, trees);
  else await lockPage(tx, pageId);
  const draft = await versionWith(tx, pageId, "draft");
  if (!draft) throw new HttpError(409, "builder.nothing_to_publish");
  // The files it shows: usable by this page, and public from now on (page-files.ts).
  await publishPageFiles(tx, draft.trees, now);
  await archivePublished(tx, pageId);
  const [row] = await tx.update(pageVersions)
    .set({ status: "published", publishedAt: now, publishedBy: viewer.id || null, updatedAt: now })
    .where(eq(pageVersions.id, draft.id)).returning();
  await touchPage(tx, pageId, now, row.trees);
  return row;
}

/**
 * Rollback: an earlier version's trees published again as a new version (history stays linear and
 * nothing is lost: a draft in progress is archived, so it stays in the list).
 */
export async function rollbackTo(
  tx: Tx,
  viewer: Viewer,
  pageId: number,
  number: number,
  now = new Date(),
): Promise<PageVersionRow> {
  await lockPage(tx, pageId);
  const [source] = await tx.select().from(pageVersions)
    .where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.number, number))).limit(1);
  if (!source) throw new HttpError(404, "builder.version_not_found");
  if (source.status === "published") throw new HttpError(409, "builder.already_published");
  await publishPageFiles(tx, source.trees, now);
  await tx.update(pageVersions).set({ status: "archived" })
    .where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.status, "draft")));
  await archivePublished(tx, pageId);
  const [row] = await tx.insert(pageVersions).values({
    pageId,
    number: await nextNumber(tx, pageId),
    status: "published",
    trees: source.trees,
    restoredFrom: source.number,
    createdBy: viewer.id || null,
    publishedBy: viewer.id || null,
    publishedAt: now,
  }).returning();
  await touchPage(tx, pageId, now, row.trees);
  return row;
}

/** What visitors see of a builder page: its published trees, or null. */
export async function publishedTrees(tx: Tx, pageId: number): Promise<PageTrees | null> {
  const [row] = await tx.select({ trees: pageVersions.trees }).from(pageVersions)
    .where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.status, "published"))).limit(1);
  return row?.trees ?? null;
}

/** The pages of a site for the builder's list, by path. */
export async function sitePages(tx: Tx, siteId: number): Promise<PageRow[]> {
  return await tx.select().from(pages).where(eq(pages.siteId, siteId)).orderBy(asc(pages.path)).limit(1000);
}

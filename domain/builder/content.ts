// Reusable content blocks (/management/content, issue 23 §14): a title and a body in both languages that
// builder pages insert (the `content` component); every change keeps the earlier state as a revision, and
// any revision can be restored. Bodies are sanitised on write (domain/common/rich-text.ts).
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { contentBlockRevisions, type ContentBlockRow, contentBlocks } from "../../db/schema/builder.ts";
import { HttpError } from "../../framework/errors.ts";
import { sanitizeRichText } from "../common/rich-text.ts";
import { plainProperty } from "./tree.ts";

export const BlockInput = z.object({
  title: z.string().max(200, "builder.too_long").transform(plainProperty).refine(
    (v) => v.length > 0,
    "builder.required",
  ),
  title_en: z.string().max(200, "builder.too_long").transform(plainProperty).default(""),
  body: z.string().max(50_000, "builder.too_long").transform(sanitizeRichText).default(""),
  body_en: z.string().max(50_000, "builder.too_long").transform(sanitizeRichText).default(""),
});
export type BlockInput = z.infer<typeof BlockInput>;

export async function siteBlocks(tx: Tx, siteId: number): Promise<ContentBlockRow[]> {
  return await tx.select().from(contentBlocks).where(eq(contentBlocks.siteId, siteId)).orderBy(desc(contentBlocks.id))
    .limit(500);
}

export async function blockOf(tx: Tx, siteId: number, id: number): Promise<ContentBlockRow> {
  const [row] = await tx.select().from(contentBlocks)
    .where(and(eq(contentBlocks.id, id), eq(contentBlocks.siteId, siteId))).limit(1);
  if (!row) throw new HttpError(404, "builder.block_not_found");
  return row;
}

export async function createBlock(tx: Tx, siteId: number, userId: number, input: BlockInput): Promise<number> {
  const [row] = await tx.insert(contentBlocks).values({
    siteId,
    title: input.title,
    titleEn: input.title_en,
    body: input.body,
    bodyEn: input.body_en,
    updatedBy: userId || null,
  }).returning({ id: contentBlocks.id });
  return row.id;
}

/** Saves a block, keeping what it was as a revision (both in one transaction, the caller's). */
export async function updateBlock(tx: Tx, siteId: number, id: number, userId: number, input: BlockInput) {
  const before = await blockOf(tx, siteId, id);
  await tx.insert(contentBlockRevisions).values({
    blockId: id,
    title: before.title,
    titleEn: before.titleEn,
    body: before.body,
    bodyEn: before.bodyEn,
    changedBy: before.updatedBy,
    changedAt: before.updatedAt,
  });
  await tx.update(contentBlocks).set({
    title: input.title,
    titleEn: input.title_en,
    body: input.body,
    bodyEn: input.body_en,
    updatedBy: userId || null,
    updatedAt: new Date(),
  }).where(eq(contentBlocks.id, id));
}

export async function blockRevisions(tx: Tx, id: number) {
  return await tx.select().from(contentBlockRevisions).where(eq(contentBlockRevisions.blockId, id))
    .orderBy(desc(contentBlockRevisions.id)).limit(50);
}

/** Restores a revision as the block's current state (the state it replaces becomes a revision too). */
export async function restoreRevision(tx: Tx, siteId: number, id: number, revisionId: number, userId: number) {
  const [rev] = await tx.select().from(contentBlockRevisions)
    .where(and(eq(contentBlockRevisions.id, revisionId), eq(contentBlockRevisions.blockId, id))).limit(1);
  if (!rev) throw new HttpError(404, "builder.block_not_found");
  await updateBlock(tx, siteId, id, userId, {
    title: rev.title,
    title_en: rev.titleEn,
    body: rev.body,
    body_en: rev.bodyEn,
  });
}

export async function deleteBlock(tx: Tx, siteId: number, id: number) {
  await blockOf(tx, siteId, id);
  await tx.delete(contentBlocks).where(eq(contentBlocks.id, id));
}

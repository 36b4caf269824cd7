// The registration wizard on the server (SPEC §2.5 market registration: goods type, product info, completion),
// shared by the plain forms and the island: each step checked with its schema (domain/market/schema.ts) and
// kept in the member's server draft (domain/common/drafts.ts, kind `market_product`; ref 0 for a new product,
// the product's id while its seller edits it during the wait for approval). The pictures and the IP file go
// through the files pipeline with their SPEC §5 rules (market_image, market_ip) and stay the member's alone
// until the product takes them. The last step stores the product waiting for the council, in one transaction.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { files as fileRows } from "../../db/schema/file.ts";
import { type MarketProductRow, marketProducts } from "../../db/schema/market.ts";
import { HttpError } from "../../framework/errors.ts";
import { attachUploads } from "../file/attach.ts";
import type { FileService } from "../file/files.ts";
import { uploadRule } from "../file/rules.ts";
import { checkUploads } from "../file/upload.ts";
import { type Draft, type DraftKey, dropDraft, keptFields, readDraft, saveStep, writeDraft } from "../common/drafts.ts";
import { canRegisterMarketGoods, canSellProduct, isSignedIn, type Viewer } from "../member/permissions.ts";
import { fieldErrors } from "../validation.ts";
import { productMachine } from "./status.ts";
import {
  MARKET_DRAFT_FIELDS,
  MARKET_STEPS,
  type MarketStep,
  PRODUCT_FILES,
  type ProductFileField,
  type ProductInput,
} from "./schema.ts";

export const MARKET_KIND = "market_product";
export const MARKET_STEP_COUNT = 3;

const keyOf = (viewer: Viewer, ref: number): DraftKey => ({ userId: viewer.id, kind: MARKET_KIND, ref });

function assertCanRegister(viewer: Viewer) {
  if (!isSignedIn(viewer)) throw new HttpError(401, "market.login_needed");
  if (!canRegisterMarketGoods(viewer)) throw new HttpError(403, "market.members_only");
}

/** The product being edited: its seller's (or an administrator's), and only while it waits (409 otherwise). */
async function editable(tx: Tx, viewer: Viewer, id: number): Promise<MarketProductRow> {
  const [row] = await tx.select().from(marketProducts).where(eq(marketProducts.id, id));
  if (!row) throw new HttpError(404, "market.not_found");
  if (!canSellProduct(viewer, row)) throw new HttpError(403, "market.not_seller");
  productMachine.next("edit", row.status);
  return row;
}

/** A product's fields as the wizard's draft holds them (an edit starts from what is stored). */
export function draftOf(p: MarketProductRow): Record<string, unknown> {
  return {
    type: p.type,
    category: p.category,
    title: p.title,
    title_en: p.titleEn,
    summary: p.summary,
    summary_en: p.summaryEn,
    description: p.description,
    description_en: p.descriptionEn,
    price: String(p.price),
    thumbnail_id: p.thumbnailId ?? undefined,
    image_ids: p.imageIds,
    rights_number: p.rightsNumber,
    application_date: p.applicationDate ?? undefined,
    ip_file_id: p.ipFileId ?? undefined,
  };
}

/** The member's draft (step 1, nothing typed, when there is none; an edit starts from the product). */
export async function openRegistration(db: Db, viewer: Viewer, ref = 0): Promise<Draft> {
  assertCanRegister(viewer);
  const draft = await readDraft(db, keyOf(viewer, ref));
  if (ref === 0) return draft ?? { data: {}, step: 1 };
  const product = await editable(db, viewer, ref);
  return draft ?? { data: draftOf(product), step: 1 };
}

function check<S extends MarketStep>(step: S, data: Record<string, unknown>): z.infer<typeof MARKET_STEPS[S]> {
  const result = MARKET_STEPS[step].safeParse(data);
  if (!result.success) {
    throw new HttpError(422, "error.validation", "Validation failed", { fields: fieldErrors(result.error), step });
  }
  return result.data as z.infer<typeof MARKET_STEPS[S]>;
}

/**
 * Files sent with the details step: each field checked with its purpose's rule (count with the ones already
 * kept), stored unattached as the member's own, and their ids put in the field. Nothing is stored unless the
 * whole field passes (422 naming the field; 413 for a file too large).
 */
export async function receiveProductFiles(
  files: FileService,
  viewer: Viewer,
  body: Record<string, unknown>,
  sent: Record<string, File[]>,
): Promise<Record<string, unknown>> {
  const next = { ...body };
  for (
    const [field, spec] of Object.entries(PRODUCT_FILES) as [ProductFileField, typeof PRODUCT_FILES[ProductFileField]][]
  ) {
    const list = (sent[spec.input] ?? []).filter((f) => f.size > 0 || f.name !== "");
    if (list.length === 0) continue;
    const kept = spec.many ? [body[field] ?? []].flat().filter((v) => v !== "" && v !== undefined) : [];
    const rule = uploadRule(spec.purpose);
    const room = spec.many ? rule.maxFiles - 1 : rule.maxFiles;
    if (kept.length + list.length > room) {
      throw new HttpError(422, "file.too_many", undefined, { fields: { [field]: ["file.too_many"] } });
    }
    const checked = await checkUploads(rule, field, list);
    const ids: number[] = [];
    for (const file of checked) {
      ids.push(
        (await files.save(file, { purpose: spec.purpose, ownerId: viewer.id, access: "owner", attached: false })).id,
      );
    }
    next[field] = spec.many ? [...kept, ...ids] : ids[0];
  }
  return next;
}

/** A finished step: checked, kept, and the draft moved on to the next step. */
export async function saveMarketStep(
  db: Db,
  viewer: Viewer,
  ref: number,
  step: MarketStep,
  body: Record<string, unknown>,
): Promise<Draft> {
  await openRegistration(db, viewer, ref);
  const fields = keptFields(body, MARKET_DRAFT_FIELDS);
  if (step === 2) {
    // The type chosen in step 1 decides what the details need; step 2 never changes it.
    delete fields.type;
    fields.image_ids ??= [];
    const current = await readDraft(db, keyOf(viewer, ref));
    check(2, { ...current?.data, ...fields });
  } else check(1, fields);
  return await saveStep(db, keyOf(viewer, ref), fields, step + 1);
}

/** Keeps what was sent (files included) without checking it, so a refused try loses nothing. */
export async function keepMarketDraft(
  db: Db,
  viewer: Viewer,
  ref: number,
  body: Record<string, unknown>,
  step: number,
) {
  const current = await readDraft(db, keyOf(viewer, ref));
  await writeDraft(db, keyOf(viewer, ref), {
    data: { ...(current?.data ?? {}), ...keptFields(body, MARKET_DRAFT_FIELDS) },
    step,
  });
}

/** Back: what is typed is kept unchecked and the wizard shows the previous step. */
export async function marketStepBack(
  db: Db,
  viewer: Viewer,
  ref: number,
  step: number,
  body: Record<string, unknown>,
): Promise<Draft> {
  await openRegistration(db, viewer, ref);
  return await saveStep(db, keyOf(viewer, ref), keptFields(body, MARKET_DRAFT_FIELDS), Math.max(1, step - 1));
}

/** Opens an earlier step of the draft (never a later one than reached). */
export async function showMarketStep(db: Db, viewer: Viewer, ref: number, step: number): Promise<Draft> {
  const draft = await openRegistration(db, viewer, ref);
  if (step >= 1 && step < draft.step) {
    const moved = { ...draft, step };
    await writeDraft(db, keyOf(viewer, ref), moved);
    return moved;
  }
  return draft;
}

/** The whole product from the draft: every step checked again (422 naming the first step in error). */
export function productInput(data: Record<string, unknown>): ProductInput {
  check(1, data);
  return check(2, data);
}

/**
 * Every file of the product must be the seller's own upload of its field's purpose, or a file the product
 * already holds (an edit keeps them; a product registered from an award entry holds the entry's pictures).
 */
async function assertOwnFiles(tx: Tx, ownerId: number, input: ProductInput, held: number[]): Promise<void> {
  const wanted: [number, string][] = [
    ...(input.thumbnail_id ? [[input.thumbnail_id, "market_image"] as [number, string]] : []),
    ...input.image_ids.map((id): [number, string] => [id, "market_image"]),
    ...(input.ip_file_id ? [[input.ip_file_id, "market_ip"] as [number, string]] : []),
  ];
  const ids = wanted.map(([id]) => id);
  if (new Set(ids).size !== ids.length) throw new HttpError(422, "market.files_invalid");
  const fresh = wanted.filter(([id]) => !held.includes(id));
  if (!fresh.length) return;
  const rows = await tx.select({ id: fileRows.id, ownerId: fileRows.ownerId, purpose: fileRows.purpose })
    .from(fileRows).where(inArray(fileRows.id, fresh.map(([id]) => id)));
  const ok = fresh.every(([id, purpose]) =>
    rows.some((r) => r.id === id && r.ownerId === ownerId && r.purpose === purpose)
  );
  if (!ok) {
    throw new HttpError(422, "market.files_invalid", undefined, { fields: { thumbnail_id: ["market.files_invalid"] } });
  }
}

/**
 * The last step: the product stored waiting for the council (new), or the waiting product changed (edit), its
 * pictures attached as public and the IP file attached as its seller's, the draft dropped, in one transaction.
 */
export async function finishRegistration(db: Db, viewer: Viewer, ref = 0, now = new Date()): Promise<MarketProductRow> {
  assertCanRegister(viewer);
  return await db.transaction(async (tx) => {
    const existing = ref ? await editable(tx, viewer, ref) : null;
    const draft = await readDraft(tx, keyOf(viewer, ref));
    if (!draft) throw new HttpError(409, "market.wrong_status");
    const v = productInput(draft.data);
    const sellerId = existing?.sellerId ?? viewer.id;
    const held = existing
      ? [existing.thumbnailId, existing.ipFileId, ...existing.imageIds].filter((n): n is number => !!n)
      : [];
    await assertOwnFiles(tx, sellerId, v, held);
    const values = {
      type: v.type,
      category: v.category,
      title: v.title,
      titleEn: v.title_en,
      summary: v.summary,
      summaryEn: v.summary_en,
      description: v.description,
      descriptionEn: v.description_en,
      thumbnailId: v.thumbnail_id ?? null,
      imageIds: v.image_ids,
      ipFileId: v.ip_file_id,
      rightsNumber: v.rights_number,
      applicationDate: v.application_date,
      price: v.price,
      updatedAt: now,
    };
    let row: MarketProductRow;
    if (existing) {
      const status = productMachine.next("edit", existing.status);
      [row] = await tx.update(marketProducts).set({ ...values, status })
        .where(and(eq(marketProducts.id, existing.id), productMachine.fromCondition(marketProducts.status, "edit")))
        .returning();
      if (!row) throw new HttpError(409, "market.wrong_status");
    } else {
      [row] = await tx.insert(marketProducts).values({ ...values, sellerId, status: "waiting", createdAt: now })
        .returning();
    }
    const pictures = [v.thumbnail_id, ...v.image_ids].filter((n): n is number => !!n);
    await attachUploads(tx, pictures, { access: "public" }, now);
    if (v.ip_file_id) {
      // The IP file stays its seller's: a buyer reads it through domain/market/files.ts.
      await tx.update(fileRows).set({ attachedAt: sql`coalesce(${fileRows.attachedAt}, now())`, updatedAt: now })
        .where(eq(fileRows.id, v.ip_file_id));
    }
    await dropDraft(tx, keyOf(viewer, ref));
    return row;
  });
}

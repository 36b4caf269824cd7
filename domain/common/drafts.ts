// The wizard-draft kit (DESIGN §6 "a wizard … with a server-side draft between steps"): each step the
// member finishes is kept under (member, wizard kind, object), whether it came from the island's JSON call
// or the plain form, and read back when the wizard opens again. Only the fields the wizard's step schemas
// name are kept, and a draft is bounded like any other input.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { HttpError } from "../../framework/errors.ts";

export interface Draft {
  data: Record<string, unknown>;
  step: number;
}

export interface DraftKey {
  userId: number;
  kind: string;
  /** The object edited (0 for a new one). */
  ref?: number;
}

export const MAX_DRAFT_BYTES = 64 * 1024;

/** The fields of `body` the wizard knows (`fields`), refused with 413 above MAX_DRAFT_BYTES. */
export function keptFields(body: Record<string, unknown>, fields: ReadonlySet<string>): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(body).filter(([k]) => fields.has(k)));
  if (JSON.stringify(kept).length > MAX_DRAFT_BYTES) throw new HttpError(413, "error.413");
  return kept;
}

const where = ({ userId, kind, ref = 0 }: DraftKey) =>
  and(eq(wizardDrafts.userId, userId), eq(wizardDrafts.kind, kind), eq(wizardDrafts.ref, ref));

export async function readDraft(tx: Tx, key: DraftKey): Promise<Draft | null> {
  const [row] = await tx.select({ data: wizardDrafts.data, step: wizardDrafts.step }).from(wizardDrafts)
    .where(where(key));
  return row ?? null;
}

export async function writeDraft(tx: Tx, key: DraftKey, draft: Draft): Promise<void> {
  const { userId, kind, ref = 0 } = key;
  await tx.insert(wizardDrafts).values({ userId, kind, ref, data: draft.data, step: draft.step })
    .onConflictDoUpdate({
      target: [wizardDrafts.userId, wizardDrafts.kind, wizardDrafts.ref],
      set: { data: draft.data, step: draft.step, updatedAt: new Date() },
    });
}

/** Merges a finished step's fields into the draft and moves it on to `step`. */
export async function saveStep(tx: Tx, key: DraftKey, fields: Record<string, unknown>, step: number): Promise<Draft> {
  const current = await readDraft(tx, key);
  const draft = { data: { ...(current?.data ?? {}), ...fields }, step };
  if (JSON.stringify(draft.data).length > MAX_DRAFT_BYTES) throw new HttpError(413, "error.413");
  await writeDraft(tx, key, draft);
  return draft;
}

export async function dropDraft(tx: Tx, key: DraftKey): Promise<void> {
  await tx.delete(wizardDrafts).where(where(key));
}

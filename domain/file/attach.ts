// Uploads taken by the record they were made for (an entry submitted or edited): from then on they are
// attached (the sweep leaves them) and readable as their purpose's rule says. An upload is its owner's
// alone until this; a file already made public (an exhibited entry's picture) stays public.
import { inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { files } from "../../db/schema/file.ts";
import type { FileAccess } from "./rules.ts";

export interface Attachment {
  /** Who besides the owner may read them now (the rule of their purpose). */
  access: Exclude<FileAccess, "owner">;
  /** The award whose judges may read `judges` files (with a submitted entry holding them). */
  awardId?: number;
}

export async function attachUploads(tx: Tx, ids: number[], to: Attachment, now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(files).set({
    ...(to.awardId ? { awardId: to.awardId } : {}),
    attachedAt: sql`coalesce(${files.attachedAt}, now())`,
    access: sql`case when ${files.access} = 'owner' then ${to.access} else ${files.access} end`,
    updatedAt: now,
  }).where(inArray(files.id, ids));
}

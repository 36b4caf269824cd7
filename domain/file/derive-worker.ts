// The image derivatives in a process of their own (`deno task derive`, run at a lower CPU priority next
// to the servers, with DERIVE_WORKER=1 telling the servers not to make them themselves): photos being
// processed then take CPU only when page requests leave some. It wakes on NOTIFY file_derive (sent
// after each upload) and looks for pending images every few seconds in case one was missed.
import { and, asc, isNull, like, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { files } from "../../db/schema/file.ts";
import type { FileService } from "./files.ts";

export const DERIVE_CHANNEL = "file_derive";

/**
 * Makes the derivatives of every pending image, oldest first; answers how many it made. Images it could
 * not do are remembered in `failed` and not tried again by this process.
 */
export async function derivePending(
  database: Database,
  service: FileService,
  failed = new Set<number>(),
  batch = 20,
): Promise<number> {
  let made = 0;
  while (true) {
    const skip = failed.size ? notInArray(files.id, [...failed]) : undefined;
    const pending = await database.db.select().from(files)
      .where(and(isNull(files.derivedAt), like(files.mimetype, "image/%"), skip))
      .orderBy(asc(files.id)).limit(batch);
    if (pending.length === 0) return made;
    for (const file of pending) {
      try {
        await service.derive(file);
        // Not made (its original is missing from the store, or it was replaced meanwhile): skip it.
        if (file.derivedAt) made++;
        else failed.add(file.id);
      } catch (err) {
        // Not retried by this process (a request for a variant tries again on demand).
        console.error(`derivatives of file ${file.id}`, err);
        failed.add(file.id);
      }
    }
  }
}

export async function runDeriveWorker(
  database: Database,
  service: FileService,
  { signal, pollMs = 5000 }: { signal: AbortSignal; pollMs?: number },
): Promise<void> {
  let wake: () => void = () => {};
  const failed = new Set<number>();
  await database.listen(DERIVE_CHANNEL, () => wake());
  while (!signal.aborted) {
    await derivePending(database, service, failed);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
      signal.addEventListener("abort", wake, { once: true });
    });
  }
}

// Files as the rest of the app sees them: stored under random names, described by a `files` row, with
// their image derivatives made in the background (at most one at a time per instance, so uploads do not
// take the CPU from page requests) and on demand when a variant is asked for before it is ready.
import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { HttpError } from "../../framework/errors.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import { makeDerivatives, VARIANT_NAMES, type VariantName } from "./derivatives.ts";
import type { FileStore, StoredObject } from "./storage.ts";
import { readAll } from "./storage.ts";
import { EXTENSIONS_BY_KIND, type FileAccess, type FileKind, type FilePurpose, IMAGE_KINDS } from "./rules.ts";
import type { CheckedUpload } from "./upload.ts";
import { PublicFileCache } from "./public-cache.ts";

export const originalKey = (file: Pick<FileRow, "savename">) => `originals/${file.savename}`;
export const variantKey = (file: Pick<FileRow, "savename">, name: VariantName) =>
  `derived/${file.savename}/${name}.jpg`;

export function isImage(file: Pick<FileRow, "mimetype">): boolean {
  return file.mimetype.startsWith("image/");
}

function randomName(kind: FileKind): string {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${id.slice(0, 2)}/${id}.${EXTENSIONS_BY_KIND[kind][0]}`;
}

export interface SaveOptions {
  purpose: FilePurpose;
  ownerId: number | null;
  access: FileAccess;
  awardId?: number | null;
  /**
   * Whether the record the file belongs to takes it now (a profile, an award, an asset saved with it:
   * the default). Uploads for a form not yet sent (POST /api/file, a wizard's draft) pass false: they
   * stay unattached, their owner's alone, until the area attaches them (attach.ts), and are swept a
   * day later otherwise (sweep.ts).
   */
  attached?: boolean;
}

/** How long after an upload a request for its variants waits for the derive worker, and how often it looks. */
export const WORKER_WAIT_MS = 10_000;
const WORKER_POLL_MS = 100;

export class FileService {
  private readonly pending = new Map<number, Promise<void>>();
  private readonly waiting = new Map<number, Promise<Date | null>>();
  private queue: Promise<unknown> = Promise.resolve();

  /** Public derivatives in memory (public-cache.ts). */
  readonly publicCache = new PublicFileCache();
  /** Tells the other instances a file changed (NOTIFY file_cache); app.ts wires it. */
  onChange: (id: number) => void | Promise<void> = () => {};
  /**
   * Set when a derive worker process makes the derivatives (DERIVE_WORKER=1): an upload then only wakes
   * it (NOTIFY file_derive) instead of making them here.
   */
  wakeWorker?: () => void | Promise<void>;

  constructor(private readonly db: Db, readonly store: FileStore, private readonly log = console.error) {}

  /** Drops a file's cached derivatives here and on every other instance. */
  private async changed(id: number): Promise<void> {
    this.publicCache.dropFile(id);
    await this.onChange(id);
  }

  /**
   * Writes an original; a store that fails is SPEC §8's upload error 7 (could not be written), answered 503:
   * the service is unavailable for now, not broken by the request (a full or read-only disk, S3 down).
   */
  private async putOriginal(savename: string, upload: CheckedUpload): Promise<void> {
    try {
      await this.store.put(originalKey({ savename }), upload.bytes, upload.mimetype);
    } catch (err) {
      this.log("file store write failed", err);
      throw new HttpError(503, "file.upload_error.7", undefined, { code: 7 }, { "retry-after": "30" });
    }
  }

  /** Stores a checked upload and describes it; derivatives follow in the background. */
  async save(upload: CheckedUpload, options: SaveOptions, tx: Tx = this.db): Promise<FileRow> {
    const savename = randomName(upload.kind);
    await this.putOriginal(savename, upload);
    const [row] = await tx.insert(files).values({
      savename,
      originalName: upload.name,
      mimetype: upload.mimetype,
      size: upload.bytes.length,
      width: upload.width,
      height: upload.height,
      colorSpace: upload.colorSpace,
      density: upload.density,
      ownerId: options.ownerId,
      purpose: options.purpose,
      access: options.access,
      awardId: options.awardId ?? null,
      attachedAt: options.attached === false ? null : new Date(),
    }).returning();
    if (IMAGE_KINDS.includes(upload.kind)) this.schedule(row);
    return row;
  }

  /** New bytes under the same id (asset management): a new savename, so caches see a new ETag. */
  async replace(file: FileRow, upload: CheckedUpload): Promise<FileRow> {
    const savename = randomName(upload.kind);
    await this.putOriginal(savename, upload);
    const [row] = await this.db.update(files).set({
      savename,
      originalName: upload.name,
      mimetype: upload.mimetype,
      size: upload.bytes.length,
      width: upload.width,
      height: upload.height,
      colorSpace: upload.colorSpace,
      density: upload.density,
      derivedAt: null,
      updatedAt: new Date(),
    }).where(eq(files.id, file.id)).returning();
    await this.removeObjects(file);
    await this.changed(file.id);
    if (IMAGE_KINDS.includes(upload.kind)) this.schedule(row);
    return row;
  }

  async find(id: number): Promise<FileRow | null> {
    const [row] = await this.db.select().from(files).where(eq(files.id, id));
    return row ?? null;
  }

  async findMany(ids: number[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return await this.db.select().from(files).where(inArray(files.id, ids));
  }

  async remove(file: FileRow): Promise<void> {
    await this.db.delete(files).where(eq(files.id, file.id));
    await this.discard(file);
  }

  /** After a file's row is deleted (here or by the sweep): its objects go, and every instance forgets it. */
  async discard(file: FileRow): Promise<void> {
    await this.removeObjects(file);
    await this.changed(file.id);
  }

  /** Who may read a file from now on (e.g. entries shown in the exhibition become public). */
  async setAccess(file: FileRow, access: FileAccess, tx: Tx = this.db): Promise<void> {
    await tx.update(files).set({ access, updatedAt: new Date() }).where(eq(files.id, file.id));
    file.access = access;
    await this.changed(file.id);
  }

  private async removeObjects(file: FileRow): Promise<void> {
    await Promise.all(
      [originalKey(file), ...VARIANT_NAMES.map((v) => variantKey(file, v))].map((k) => this.store.delete(k)),
    );
  }

  original(file: FileRow): Promise<StoredObject | null> {
    return this.store.get(originalKey(file));
  }

  /**
   * A derivative, made now if the background job has not got to it yet; null for non-images. With a
   * derive worker, a request for a new image's variant waits for the worker first (polling the row,
   * no CPU) rather than decoding the photo here, at page requests' priority.
   */
  async variant(file: FileRow, name: VariantName): Promise<StoredObject | null> {
    if (!isImage(file)) return null;
    if (!file.derivedAt && this.wakeWorker && Date.now() - file.createdAt.getTime() < WORKER_WAIT_MS) {
      await this.awaitWorker(file);
    }
    if (!file.derivedAt) await this.derive(file);
    return await this.store.get(variantKey(file, name));
  }

  /** Settles when the worker has made `file`'s derivatives (file.derivedAt set), or WORKER_WAIT_MS after its upload. */
  private awaitWorker(file: FileRow): Promise<void> {
    const waiting = this.waiting.get(file.id) ?? (async () => {
      const until = file.createdAt.getTime() + WORKER_WAIT_MS;
      while (Date.now() < until) {
        const [row] = await this.db.select({ derivedAt: files.derivedAt, savename: files.savename })
          .from(files).where(eq(files.id, file.id));
        // Deleted or replaced meanwhile: derive() decides.
        if (!row || row.savename !== file.savename) return null;
        if (row.derivedAt) return row.derivedAt;
        await new Promise((resolve) => setTimeout(resolve, WORKER_POLL_MS));
      }
      return null;
    })().finally(() => this.waiting.delete(file.id));
    this.waiting.set(file.id, waiting);
    return waiting.then((derivedAt) => {
      if (derivedAt) file.derivedAt = derivedAt;
    });
  }

  /** Queues the derivatives of an image; failures are logged (the variant route retries on demand). */
  schedule(file: FileRow): void {
    if (this.wakeWorker) {
      Promise.resolve(this.wakeWorker()).catch((err) => this.log("waking the derive worker", err));
      return;
    }
    this.queue = this.queue.then(() => this.derive(file)).catch((err) =>
      this.log(`derivatives of file ${file.id}`, err)
    );
  }

  /** Settles when every queued derivative job has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (true) {
      const current = this.queue;
      await current.catch(() => {});
      if (current === this.queue) return;
    }
  }

  /** Makes and stores the four derivatives once, however many requests ask at the same time. */
  derive(file: FileRow): Promise<void> {
    const running = this.pending.get(file.id);
    if (running) return running;
    const job = (async () => {
      const [current] = await this.db.select({ derivedAt: files.derivedAt, savename: files.savename })
        .from(files).where(eq(files.id, file.id));
      if (!current || current.derivedAt || current.savename !== file.savename) return;
      const object = await this.original(file);
      if (!object) return;
      const made = await makeDerivatives(await readAll(object));
      await Promise.all(VARIANT_NAMES.map((name) => this.store.put(variantKey(file, name), made[name], "image/jpeg")));
      await this.db.update(files).set({ derivedAt: new Date() }).where(eq(files.id, file.id));
      file.derivedAt = new Date();
    })().finally(() => this.pending.delete(file.id));
    this.pending.set(file.id, job);
    return job;
  }
}

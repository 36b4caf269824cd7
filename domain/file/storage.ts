// Where file bytes live. The app talks to a FileStore only: the local disk under DATA_DIR (outside
// static/, the default) or an S3-compatible object store, so that several instances share their files.
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { AwsClient } from "aws4fetch";

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface FileStore {
  readonly kind: "local" | "s3";
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  has(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the app (random names and fixed variant names); anything else is a bug. */
export function assertKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9_\-./]*$/.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`bad file store key: ${key}`);
  }
}

export async function readAll(object: StoredObject): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(object.body).arrayBuffer());
}

export class LocalFileStore implements FileStore {
  readonly kind = "local";
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    return join(this.root, key);
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = `${path}.${crypto.randomUUID()}.part`;
    await Deno.writeFile(temporary, data);
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const file = await Deno.open(this.path(key), { read: true });
      const { size } = await file.stat();
      return { body: file.readable, size };
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return null;
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    return await stat(this.path(key)).then((s) => s.isFile(), () => false);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

export interface S3Options {
  /** https://s3.ap-northeast-2.amazonaws.com, or a MinIO / R2 / Ceph address. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Path-style requests signed with SigV4 (aws4fetch), which every S3-compatible store accepts. */
export class S3FileStore implements FileStore {
  readonly kind = "s3";
  private readonly client: AwsClient;

  constructor(private readonly options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: "s3",
    });
  }

  private url(key: string): string {
    assertKey(key);
    return `${this.options.endpoint.replace(/\/$/, "")}/${this.options.bucket}/${key}`;
  }

  private async send(method: string, key: string, init: RequestInit = {}): Promise<Response> {
    const res = await this.client.fetch(this.url(key), { method, ...init });
    if (!res.ok && res.status !== 404) {
      await res.body?.cancel();
      throw new Error(`file store ${method} ${key}: ${res.status}`);
    }
    return res;
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    const res = await this.send("PUT", key, {
      body: data as Uint8Array<ArrayBuffer>,
      headers: { "content-type": contentType },
    });
    await res.body?.cancel();
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.send("GET", key);
    if (res.status === 404 || !res.body) {
      await res.body?.cancel();
      return null;
    }
    return { body: res.body, size: Number(res.headers.get("content-length") ?? 0) };
  }

  async has(key: string): Promise<boolean> {
    const res = await this.send("HEAD", key);
    await res.body?.cancel();
    return res.ok;
  }

  async delete(key: string): Promise<void> {
    const res = await this.send("DELETE", key);
    await res.body?.cancel();
  }
}

export interface StoreConfig {
  dataDir: string;
  s3?: S3Options;
}

export function openFileStore(config: StoreConfig): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(join(config.dataDir, "files"));
}

// Many files as one zip, streamed: each entry is read from the store only when the client pulls the
// archive that far, so memory stays flat whatever the total size (fflate, stored without compression:
// images and PDFs are compressed already).
import { Zip, ZipPassThrough } from "fflate";

export interface ZipEntry {
  name: string;
  date: Date;
  open(): Promise<ReadableStream<Uint8Array> | null>;
}

export function zipStream(entries: ZipEntry[]): ReadableStream<Uint8Array> {
  return ReadableStream.from(zipChunks(entries));
}

async function* zipChunks(entries: ZipEntry[]): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push(chunk);
  });
  for (const entry of entries) {
    const body = await entry.open();
    if (!body) continue;
    const file = new ZipPassThrough(entry.name);
    file.mtime = entry.date;
    zip.add(file);
    for await (const chunk of body) {
      file.push(chunk);
      yield* out.splice(0);
    }
    file.push(new Uint8Array(0), true);
    yield* out.splice(0);
  }
  zip.end();
  yield* out.splice(0);
  if (failure) throw failure;
}

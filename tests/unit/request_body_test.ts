// Raw upload bodies (domain/request.ts readBytes): whole, cut off over the limit, and refused when the
// bytes that arrive do not match the declared length.
import assert from "node:assert/strict";
import { readBytes } from "../../domain/request.ts";
import { HttpError } from "../../framework/errors.ts";

function upload(chunks: number[][], headers: Record<string, string> = {}): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  });
  return new Request("http://localhost/api/file", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

const refusal = (key: string, status: number) => (err: unknown) =>
  err instanceof HttpError && err.status === status && err.key === key;

Deno.test("a body of a declared length arrives whole, chunk after chunk", async () => {
  const bytes = await readBytes(upload([[1, 2], [3], [4, 5, 6]], { "content-length": "6" }), 100);
  assert.deepEqual([...bytes], [1, 2, 3, 4, 5, 6]);
});

Deno.test("a chunked body without a length arrives whole", async () => {
  assert.deepEqual([...await readBytes(upload([[7], [8, 9]]), 100)], [7, 8, 9]);
});

Deno.test("a body over the limit is refused as too large, declared or not", async () => {
  await assert.rejects(
    readBytes(upload([[1, 2, 3]], { "content-length": "3" }), 2),
    refusal("file.upload_error.1", 413),
  );
  await assert.rejects(readBytes(upload([[1, 2], [3]]), 2), refusal("file.upload_error.1", 413));
});

Deno.test("a body longer or shorter than its content-length is a partial upload (error 3)", async () => {
  await assert.rejects(
    readBytes(upload([[1, 2], [3]], { "content-length": "2" }), 100),
    refusal("file.upload_error.3", 400),
  );
  await assert.rejects(readBytes(upload([[1]], { "content-length": "4" }), 100), refusal("file.upload_error.3", 400));
});

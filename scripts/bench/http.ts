// A minimal HTTP/1.1 GET over a TCP connection for `deno task bench`: it shows the bytes exactly as the
// server sends them (fetch() would decompress them) and lets us set the Host header.

export interface RawResponse {
  status: number;
  headers: Headers;
  /** The body as sent: still compressed when the response has a content-encoding. */
  body: Uint8Array;
  /** Milliseconds from connecting to the end of the response. */
  ms: number;
}

const CRLF2 = new Uint8Array([13, 10, 13, 10]);

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function dechunk(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  const text = new TextDecoder("latin1");
  let at = 0;
  while (at < data.length) {
    const eol = indexOf(data, new Uint8Array([13, 10]), at);
    if (eol < 0) break;
    const size = parseInt(text.decode(data.subarray(at, eol)).split(";")[0], 16);
    if (!size) break;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return concat(parts);
}

/** GET `path` from 127.0.0.1:`port` with `connection: close`; the Host header defaults to `localhost`. */
export async function rawGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<RawResponse> {
  const started = performance.now();
  const all: Record<string, string> = { host: "localhost", ...headers, connection: "close" };
  const head = `GET ${path} HTTP/1.1\r\n` + Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join("") + "\r\n";
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const timer = setTimeout(() => {
    try {
      conn.close();
    } catch {
      // already closed
    }
  }, timeoutMs);
  const chunks: Uint8Array[] = [];
  try {
    const request = new TextEncoder().encode(head);
    for (let written = 0; written < request.length;) written += await conn.write(request.subarray(written));
    const buffer = new Uint8Array(64 * 1024);
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      chunks.push(buffer.slice(0, n));
    }
  } catch (error) {
    if (!chunks.length) throw new Error(`GET ${path}: ${error instanceof Error ? error.message : error}`);
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch {
      // closed by the timer or the server
    }
  }
  const data = concat(chunks);
  const end = indexOf(data, CRLF2);
  if (end < 0) throw new Error(`GET ${path}: no complete response (${data.length} bytes)`);
  const lines = new TextDecoder("latin1").decode(data.subarray(0, end)).split("\r\n");
  const status = Number(lines[0].split(" ")[1]);
  const responseHeaders = new Headers();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) responseHeaders.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  let body = data.subarray(end + 4);
  if (/\bchunked\b/i.test(responseHeaders.get("transfer-encoding") ?? "")) body = dechunk(body);
  else if (responseHeaders.has("content-length")) {
    body = body.subarray(0, Number(responseHeaders.get("content-length")));
  }
  return { status, headers: responseHeaders, body, ms: performance.now() - started };
}

export async function rawGetText(port: number, path: string, headers: Record<string, string> = {}) {
  const res = await rawGet(port, path, { ...headers, "accept-encoding": "identity" });
  return { ...res, text: new TextDecoder().decode(res.body) };
}

// Hostile requests for any route, built with fast-check (issue 16 §1): wrong types, missing and extra
// fields, huge and negative numbers, arrays for scalars, deep nesting, long and invalid UTF-8 strings,
// hostile path segments, wrong content types and truncated multipart. Shrinkable, so a failing input is
// printed at its smallest.
import fc from "fast-check";
import type { Method } from "../../framework/define.ts";
import type { Segment } from "../../framework/manifest.ts";
import { TEST_CSRF } from "./app.ts";
import { pathOf, type RouteCall } from "./routes.ts";

/** Field and query names the platform's calls use (SPEC §7), so inputs reach past "unknown field". */
const NAMES = [
  "id",
  "ids",
  "page",
  "perpage",
  "lang",
  "status",
  "force",
  "category",
  "keyword",
  "sort",
  "sect",
  "year",
  "url",
  "domain",
  "price",
  "type",
  "purpose",
  "name",
  "token",
  "email",
  "username",
  "password",
  "password_confirmation",
  "current_password",
  "remember",
  "bearer",
  "step",
  "draft",
  "submit_title",
  "_method",
  "device",
  "table",
  "column",
  "value",
  "web",
  "redirect",
  "roles",
  "role",
  "reason",
  "action",
  "sections",
  "award_id",
  "entry_id",
  "file",
  "title",
  "name_en",
  "phone",
  "agree",
] as const;

const ODD_STRINGS = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "../../../etc/passwd",
  "..%2f..%2f",
  "%00",
  "\u0000",
  "\u202e\u2066",
  "<script>alert(1)</script>",
  "' OR 1=1--",
  "=cmd|' /C calc'!A0",
  "𝕳𝖆𝖓𝖇𝖎𝖙",
  "한빛디자인",
  "9".repeat(400),
  "2147483648",
  "-9223372036854775809",
  "2026-02-30",
  "javascript:alert(1)",
  "//evil.example",
];

/** A string a validator must refuse or handle: short random text, unicode, odd literals, huge ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 120_000 }).map((n) => "x".repeat(n)) },
);

/** A JSON value of the wrong type or shape for any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 63), 1e308)) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 5_000 }).map(nested) },
);

/** `[[[…]]]` `depth` levels deep. */
function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

const fieldName = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...NAMES) }, {
  weight: 1,
  arbitrary: hostileString.filter((s) => s.length < 200),
});

const fields = fc.array(fc.tuple(fieldName, hostileValue), { maxLength: 8 });

/** A path segment: encoded hostile text, or raw dot segments and broken percent-encoding. */
const segmentValue = fc.oneof(
  { weight: 4, arbitrary: hostileString.filter((s) => s.length < 2000).map(encodeURIComponent) },
  {
    weight: 2,
    arbitrary: fc.constantFrom("1", "0", "-1", "999999999999", "1.5", "%", "%ZZ", "%E0%A4%A", "%2e%2e", "%2F", "a%00b"),
  },
  { weight: 1, arbitrary: fc.nat().map(String) },
);

export type FuzzBody =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "form"; fields: [string, unknown][] }
  | { kind: "multipart"; fields: [string, unknown][]; file: Uint8Array; cut: number }
  | { kind: "raw"; type: string; bytes: Uint8Array };

const body: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  {
    weight: 4,
    arbitrary: fc.oneof(fields.map((f) => Object.fromEntries(f)), hostileValue).map((value) => ({
      kind: "json" as const,
      value,
    })),
  },
  { weight: 3, arbitrary: fields.map((f) => ({ kind: "form" as const, fields: f })) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("multipart" as const),
      fields,
      file: fc.uint8Array({ maxLength: 2048 }),
      cut: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("raw" as const),
      type: fc.constantFrom(
        "application/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "text/plain",
        "application/xml",
        "image/jpeg",
        "application/octet-stream",
        "",
      ),
      // Bytes that are rarely valid UTF-8, JSON or multipart.
      bytes: fc.oneof(fc.uint8Array({ maxLength: 4096 }), fc.constant(new Uint8Array([0xff, 0xfe, 0xc3, 0x28, 0x7b]))),
    }),
  },
);

export type Who = "anonymous" | "member" | "admin";

export interface FuzzInput {
  who: Who;
  params: string[];
  query: [string, unknown][];
  body: FuzzBody;
  /** Send the CSRF token (so state-changing calls get past the check and reach validation). */
  csrf: boolean;
}

export function fuzzInput(call: RouteCall): fc.Arbitrary<FuzzInput> {
  const params = call.segments.filter((s) => s.kind !== "static").length;
  return fc.record({
    who: fc.constantFrom<Who>("anonymous", "member", "admin"),
    params: fc.array(segmentValue, { minLength: params, maxLength: params }),
    query: fields,
    body: call.method === "GET" ? fc.constant({ kind: "none" as const }) : body,
    csrf: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  });
}

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value) ?? "");

/** The request an input describes, for `call`, as `cookies[who]` would send it. */
export function fuzzRequest(
  call: RouteCall,
  input: FuzzInput,
  cookies: Record<Who, string | undefined>,
  origin = "http://localhost",
): Request {
  let i = 0;
  const path = pathOf(call, (_: Segment) => input.params[i++] ?? "x");
  const search = new URLSearchParams(input.query.map(([k, v]) => [k, text(v)])).toString();
  const headers = new Headers();
  const cookie = [cookies[input.who], input.csrf ? `XSRF-TOKEN=${TEST_CSRF}` : ""].filter(Boolean).join("; ");
  if (cookie) headers.set("cookie", cookie);
  if (input.csrf) {
    headers.set("x-xsrf-token", TEST_CSRF);
    headers.set("origin", origin);
  }
  const init: RequestInit = { method: call.method as Method, headers, redirect: "manual" };
  const b = input.body;
  if (b.kind === "json") {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(b.value) ?? "null";
  } else if (b.kind === "form") {
    headers.set("content-type", "application/x-www-form-urlencoded");
    init.body = new URLSearchParams(b.fields.map(([k, v]) => [k, text(v)])).toString();
  } else if (b.kind === "multipart") {
    const boundary = "----fuzz" + b.cut;
    const parts = b.fields.map(([k, v]) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${text(v)}\r\n`
    );
    const head = new TextEncoder().encode(
      parts.join("") + `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\n` +
        `content-type: image/jpeg\r\n\r\n`,
    );
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const whole = new Uint8Array([...head, ...b.file, ...tail]);
    headers.set("content-type", `multipart/form-data; boundary=${boundary}`);
    // Truncated somewhere (or whole, when the cut falls past the end).
    init.body = whole.slice(0, Math.min(whole.length, b.cut % (whole.length + 40)));
  } else if (b.kind === "raw") {
    if (b.type) headers.set("content-type", b.type);
    init.body = b.bytes.slice();
  }
  return new Request(`${origin}${path}${search ? `?${search}` : ""}`, init);
}

/**
 * Fuzzes every call of an area (route keys matching `area`) with `runs` inputs (POSTs twice as many) from
 * an anonymous visitor, a member and an administrator; answers the calls whose property failed (an answer
 * ≥ 500), the shrunk input in each message. The caller checks what the server logged and unhandled rejections.
 */
export async function fuzzArea(
  t: { app: { fetch(req: Request): Promise<Response> } },
  area: RegExp,
  runs: number,
  seed: number,
  signIn: (username: string) => Promise<string>,
): Promise<{ calls: number }> {
  const { routeCalls } = await import("./routes.ts");
  const calls = routeCalls().filter((c) => area.test(c.key));
  for (const call of calls) {
    const cookies: Record<Who, string | undefined> = {
      anonymous: undefined,
      member: await signIn("member"),
      admin: await signIn("admin"),
    };
    await fc.assert(
      fc.asyncProperty(fuzzInput(call), async (input) => {
        const res = await t.app.fetch(fuzzRequest(call, input, cookies));
        await res.body?.cancel();
        return res.status < 500;
      }),
      { numRuns: call.method === "GET" ? runs : runs * 2, seed },
    ).catch((err) => {
      throw new Error(`${call.key}: ${err instanceof Error ? err.message : err}`);
    });
  }
  return { calls: calls.length };
}

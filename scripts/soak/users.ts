// Virtual users for `deno task soak` and `deno task faults`: visitors reading pages in both languages,
// members who register, sign in and out, keep a wizard draft, upload photos, submit an entry and pay it
// with the test provider, and administrators listing and exporting. Each has its own address
// (X-Forwarded-For; the server runs with TRUST_PROXY=1) so per-address limits behave as for real clients,
// its own cookies, and retries a request once when the connection failed (no answer at all).
// Every write answered 2xx goes into the ledger, which is checked against the database at the end.
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../../db/client.ts";
import { entries } from "../../db/schema/award.ts";
import { files } from "../../db/schema/file.ts";
import { users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import type { Metrics, Outcome } from "./metrics.ts";

export const CSRF = "soak-csrf-token-0123456789abcdef";
const PASSWORD = "Saebom#2027";
const ENTRY_FEE = 100_000;

export interface Target {
  /** http://localhost:PORT (localhost: the demo's www site is chosen by host name). */
  origin: string;
  /** An award open for entries. */
  awardId: number;
  /** Awards with a year page: /award/years/Y and /ibda/years/Y. */
  years: { family: string; year: number }[];
  photos: { thumbnail: Uint8Array; image: Uint8Array };
}

export interface Mix {
  visitors: number;
  members: number;
  admins: number;
}

/** 70 % visitors, 25 % members, 5 % administrators (at least one of each). */
export function mixFor(total: number): Mix {
  const admins = Math.max(1, Math.round(total * 0.05));
  const members = Math.max(1, Math.round(total * 0.25));
  return { visitors: Math.max(1, total - admins - members), members, admins };
}

export interface RunOptions {
  target: Target;
  mix: Mix;
  metrics: Metrics;
  ledger: Ledger;
  /** Aborted: every user stops after its current request. */
  signal: AbortSignal;
  /** A request without an answer after this long counts as a timeout (a hang). */
  timeoutMs?: number;
  /** Multiplies every pause between two requests of a user (1: 1–3 s for visitors). */
  think?: number;
}

/** Two small camera-like JPEGs (RGB) for the entry's thumbnail and detail image. */
export async function entryPhotos(): Promise<Target["photos"]> {
  const make = async (width: number, height: number) =>
    new Uint8Array(
      await sharp({
        create: {
          width,
          height,
          channels: 3,
          background: "#3a6ea5",
          noise: { type: "gaussian", mean: 128, sigma: 20 },
        },
      }).jpeg({ quality: 85 }).toBuffer(),
    );
  return { thumbnail: await make(440, 330), image: await make(1200, 800) };
}

/** Open award and year pages, read from the database. */
export async function findTarget(db: Db, origin: string): Promise<Target> {
  const { awards } = await import("../../db/schema/award.ts");
  const rows = await db.select({
    id: awards.id,
    family: awards.family,
    year: awards.year,
    from: awards.submitFrom,
    to: awards.submitTo,
  })
    .from(awards);
  const now = Date.now();
  const open = rows.find((a) =>
    a.family === "award" && a.from && a.to && a.from.getTime() < now && a.to.getTime() > now
  );
  if (!open) throw new Error("no award open for entries in the database (is the demo seeded?)");
  return {
    origin,
    awardId: open.id,
    years: rows.map((a) => ({ family: a.family, year: a.year })),
    photos: await entryPhotos(),
  };
}

// ---------------------------------------------------------------------------------------------------
// The acknowledged-write ledger.

export interface LedgerCheck {
  kind: "registration" | "entry" | "payment" | "upload";
  acknowledged: number;
  found: number;
  lost: number;
  /** The first few that were not found. */
  missing: string[];
}

export class Ledger {
  registrations: { id: number; username: string }[] = [];
  entries: number[] = [];
  payments: { order: string; entryId: number }[] = [];
  uploads: number[] = [];

  get total(): number {
    return this.registrations.length + this.entries.length + this.payments.length + this.uploads.length;
  }

  /** Looks every acknowledged write up in the database. */
  async verify(db: Db): Promise<LedgerCheck[]> {
    const chunks = <T>(list: T[]) =>
      Array.from({ length: Math.ceil(list.length / 500) }, (_, i) => list.slice(i * 500, i * 500 + 500));
    const check = (kind: LedgerCheck["kind"], keys: string[], found: Set<string>): LedgerCheck => {
      const missing = keys.filter((k) => !found.has(k));
      return {
        kind,
        acknowledged: keys.length,
        found: keys.length - missing.length,
        lost: missing.length,
        missing: missing.slice(0, 10),
      };
    };
    const registered = new Set<string>();
    for (const part of chunks(this.registrations)) {
      const rows = await db.select({ id: users.id, username: users.username }).from(users)
        .where(inArray(users.id, part.map((r) => r.id)));
      for (const r of rows) registered.add(`${r.id}:${r.username}`);
    }
    const entered = new Set<string>();
    for (const part of chunks(this.entries)) {
      for (const r of await db.select({ id: entries.id }).from(entries).where(inArray(entries.id, part))) {
        entered.add(String(r.id));
      }
    }
    // A payment is kept when its row says paid and its entry says pay_complete.
    const paid = new Set<string>();
    for (const part of chunks(this.payments)) {
      const rows = await db.select({ order: payments.orderId, status: payments.status }).from(payments)
        .where(inArray(payments.orderId, part.map((p) => p.order)));
      const entryRows = await db.select({ id: entries.id, status: entries.status }).from(entries)
        .where(inArray(entries.id, part.map((p) => p.entryId)));
      const complete = new Set(entryRows.filter((e) => e.status === "pay_complete").map((e) => e.id));
      for (const r of rows) {
        const p = part.find((x) => x.order === r.order)!;
        if (r.status === "paid" && complete.has(p.entryId)) paid.add(r.order);
      }
    }
    const uploaded = new Set<string>();
    for (const part of chunks(this.uploads)) {
      for (const r of await db.select({ id: files.id }).from(files).where(inArray(files.id, part))) {
        uploaded.add(String(r.id));
      }
    }
    return [
      check("registration", this.registrations.map((r) => `${r.id}:${r.username}`), registered),
      check("entry", this.entries.map(String), entered),
      check("payment", this.payments.map((p) => p.order), paid),
      check("upload", this.uploads.map(String), uploaded),
    ];
  }
}

// ---------------------------------------------------------------------------------------------------
// One client: its address, its cookies, its retry.

export function randomAddress(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${Math.max(1, c)}`;
}

interface Answer {
  status: number | "error" | "timeout";
  text: string;
  headers: Headers;
}

interface SendOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  raw?: Uint8Array;
  /** No cookies, no CSRF header: a payment provider posting its return from its own site. */
  bare?: { body: string; origin: string };
  accept?: string;
}

export class Client {
  private cookies = new Map<string, string>([["XSRF-TOKEN", CSRF]]);

  constructor(
    private readonly origin: string,
    readonly ip: string,
    private readonly metrics: Metrics,
    private readonly timeoutMs: number,
  ) {}

  get signedIn(): boolean {
    return this.cookies.has("session");
  }

  async send(kind: string, path: string, options: SendOptions = {}): Promise<Answer> {
    const first = await this.once(path, options);
    if (first.outcome.status !== "error") {
      this.metrics.record(kind, first.outcome);
      return first.answer;
    }
    // The connection failed before any answer (a server process died, a socket was reset): once more.
    const second = await this.once(path, options);
    this.metrics.record(kind, { ...second.outcome, retried: true });
    return second.answer;
  }

  private async once(path: string, options: SendOptions): Promise<{ answer: Answer; outcome: Outcome }> {
    const method = options.method ?? (options.json || options.form || options.raw || options.bare ? "POST" : "GET");
    const headers: Record<string, string> = {
      "x-forwarded-for": this.ip,
      accept: options.accept ?? (path.startsWith("/api/") ? "application/json" : "text/html"),
      "accept-encoding": "gzip, br",
    };
    let body: BodyInit | undefined;
    if (options.bare) {
      headers.origin = options.bare.origin;
      headers["sec-fetch-site"] = "cross-site";
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = options.bare.body;
    } else {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      if (method !== "GET") {
        headers.origin = this.origin;
        headers["x-xsrf-token"] = CSRF;
      }
      if (options.json !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(options.json);
      } else if (options.form) body = options.form;
      else if (options.raw) {
        headers["content-type"] = "application/octet-stream";
        body = options.raw as Uint8Array<ArrayBuffer>;
      }
    }
    const at = performance.now();
    try {
      const res = await fetch(this.origin + path, {
        method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      if (!options.bare) this.keepCookies(res.headers);
      return {
        answer: { status: res.status, text, headers: res.headers },
        outcome: { status: res.status, ms: performance.now() - at, at },
      };
    } catch (error) {
      const timeout = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
      const status = timeout ? "timeout" as const : "error" as const;
      return {
        answer: { status, text: "", headers: new Headers() },
        outcome: { status, ms: performance.now() - at, at },
      };
    }
  }

  private keepCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  forgetSession(): void {
    this.cookies.delete("session");
  }
}

// ---------------------------------------------------------------------------------------------------
// The users.

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}

/** Pages a visitor reads: [kind, path]; both languages. */
function visitorPages(target: Target): [string, string][] {
  const pages: [string, string][] = [];
  for (const base of ["", "/en"]) {
    pages.push(
      ["page: home", base || "/"],
      ["page: content", `${base}/about/greeting`],
      ["page: award", `${base}/award`],
      ["page: ibda", `${base}/ibda`],
    );
    for (const { family, year } of target.years) {
      if (family === "award" || family === "ibda") pages.push(["page: year list", `${base}/${family}/years/${year}`]);
    }
  }
  pages.push(["sitemap.xml", "/sitemap.xml"]);
  return pages;
}

async function visitor(options: Required<RunOptions>): Promise<void> {
  const { target, metrics, signal, think, timeoutMs } = options;
  const pages = visitorPages(target);
  const client = new Client(target.origin, randomAddress(), metrics, timeoutMs);
  // Users start spread over the first seconds rather than all at once.
  await pause(Math.random() * 3000 * think, signal);
  while (!signal.aborted) {
    const [kind, path] = pick(pages);
    await client.send(kind, path);
    await pause((1000 + Math.random() * 2000) * think, signal);
  }
}

let serial = 0;
function person() {
  const n = `${Date.now().toString(36).slice(-5)}${(++serial).toString(36)}${
    Math.floor(Math.random() * 1296).toString(36)
  }`;
  return { username: `soak${n}`, email: `soak${n}@example.org` };
}

function registration(who: { username: string; email: string }): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    type: "individual",
    ...who,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    name: "부하시험",
    name_en: "Soak Tester",
    phone: "010-1234-5678",
    zip: "61000",
    address1: "한빛광역시 누리구 디자인로 100",
    affiliation: "한빛디자인",
    agree_terms: "on",
    agree_privacy: "on",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

const entrant = {
  exhibitor_type: "company",
  company: "(주)부하시험",
  designer: { name: "김디자", name_en: "Kim Design", email: "kim@example.org", phone: "010-1234-5678" },
};

function json<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

async function signIn(client: Client, username: string, password: string, kind = "sign in"): Promise<boolean> {
  const res = await client.send(kind, "/api/login", { json: { username, password } });
  return res.status === 200 && client.signedIn;
}

async function signOut(client: Client): Promise<void> {
  await client.send("sign out", "/logout", { method: "POST", form: formOf({ _token: CSRF }) });
  client.forgetSession();
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** One person after another: register, sign in, draft, two uploads, submit, pay, sign out, sign in and out again. */
async function member(options: Required<RunOptions>): Promise<void> {
  const { target, metrics, ledger, signal, think, timeoutMs } = options;
  const step = () => pause((1000 + Math.random() * 1000) * think, signal);
  await pause(Math.random() * 5000 * think, signal);
  while (!signal.aborted) {
    const client = new Client(target.origin, randomAddress(), metrics, timeoutMs);
    const who = person();
    const reg = await client.send("register", "/api/register", { form: registration(who) });
    const created = json<{ id: number; username: string }>(reg.text);
    if (reg.status === 201 && created?.id) ledger.registrations.push({ id: created.id, username: created.username });
    else {
      await step();
      continue;
    }
    await step();
    if (signal.aborted || !await signIn(client, who.username, PASSWORD)) continue;
    await step();
    await client.send("page: my page", "/mypage/awards");
    await step();
    await client.send("entry draft", "/api/entry/draft", {
      json: { award_id: target.awardId, step: 1, data: entrant },
    });
    const ids: number[] = [];
    for (
      const [purpose, bytes] of [["entry_thumbnail", target.photos.thumbnail], [
        "entry_image",
        target.photos.image,
      ]] as const
    ) {
      await step();
      if (signal.aborted) break;
      const up = await client.send("upload", `/api/file?purpose=${purpose}&name=${purpose}.jpg`, { raw: bytes });
      const id = json<{ data: { id: number }[] }>(up.text)?.data?.[0]?.id;
      if (up.status === 201 && id) {
        ledger.uploads.push(id);
        ids.push(id);
      }
    }
    if (ids.length === 2 && !signal.aborted) {
      await step();
      const data = {
        ...entrant,
        category: "10",
        title: "바람 의자",
        title_en: "Wind chair",
        description: "바람을 닮은 의자",
        work_type: "image",
        thumbnail_id: ids[0],
        detail_ids: [ids[1]],
        agree_rules: true,
        declare_not_prized: true,
      };
      const sent = await client.send("entry submit", "/api/entry", { json: { award_id: target.awardId, data } });
      const entryId = json<{ result: { id: number } }>(sent.text)?.result?.id;
      if (sent.status === 201 && entryId) {
        ledger.entries.push(entryId);
        await step();
        await pay(client, target, entryId, ledger);
      }
    }
    await step();
    await signOut(client);
    // A member coming back later: signs in, looks, signs out.
    await step();
    if (signal.aborted || !await signIn(client, who.username, PASSWORD)) continue;
    await step();
    await client.send("page: my page", "/mypage/awards");
    await step();
    await signOut(client);
  }
}

/** GET /api/pay/request, the test provider's card screen, then its signed "approve" return. */
async function pay(client: Client, target: Target, entryId: number, ledger: Ledger): Promise<void> {
  const qs = new URLSearchParams({ domain: "localhost", price: String(ENTRY_FEE), id: String(entryId), type: "award" });
  const req = await client.send("pay request", `/api/pay/request?${qs}`);
  const order = json<{ action: string; fields: Record<string, string>; order: string }>(req.text);
  if (req.status !== 200 || !order?.action) return;
  const card = await client.send("pay card screen", `${order.action}?${new URLSearchParams(order.fields)}`);
  if (card.status !== 200) return;
  const form = card.text.match(/<form method="post" action="([^"]+)" class="pay-approve">(.*?)<\/form>/s);
  if (!form) return;
  const unescape = (s: string) =>
    s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const fields: Record<string, string> = {};
  for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    fields[unescape(m[1])] = unescape(m[2]);
  }
  const action = new URL(unescape(form[1]), target.origin);
  const ret = await client.send("pay return", action.pathname + action.search, {
    bare: { body: new URLSearchParams(fields).toString(), origin: "https://stdpay.inicis.com" },
  });
  if (ret.status === 200 && json<{ result: string }>(ret.text)?.result === "paid") {
    ledger.payments.push({ order: order.order, entryId });
  }
}

async function admin(options: Required<RunOptions>): Promise<void> {
  const { target, metrics, signal, think, timeoutMs } = options;
  const client = new Client(target.origin, randomAddress(), metrics, timeoutMs);
  const step = () => pause((2000 + Math.random() * 2000) * think, signal);
  await pause(Math.random() * 5000 * think, signal);
  let round = 0;
  while (!signal.aborted) {
    if (!client.signedIn && !await signIn(client, "admin", DEMO_PASSWORD, "admin sign in")) {
      await step();
      continue;
    }
    const answers = [await client.send("admin: members", "/management/user")];
    await step();
    answers.push(await client.send("admin: entries", "/management/award/entries"));
    if (++round % 3 === 0) {
      await step();
      answers.push(await client.send("admin: entries.csv", "/management/award/entries.csv"));
    }
    // Signed out behind our back (session ended, idle timeout): sign in again next round.
    if (answers.some((a) => a.status === 302 || a.status === 303 || a.status === 401)) client.forgetSession();
    await step();
  }
}

/** Runs the users until `signal` aborts; resolves when every one has stopped. */
export async function runUsers(options: RunOptions): Promise<void> {
  const full: Required<RunOptions> = { timeoutMs: 30_000, think: 1, ...options };
  const all: Promise<void>[] = [];
  for (let i = 0; i < full.mix.visitors; i++) all.push(visitor(full));
  for (let i = 0; i < full.mix.members; i++) all.push(member(full));
  for (let i = 0; i < full.mix.admins; i++) all.push(admin(full));
  await Promise.all(all);
}

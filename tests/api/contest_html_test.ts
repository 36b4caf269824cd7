// The Nu HTML Checker (vnu.jar, run by the machine's Java) finds no error on the contest area's pages in
// Korean and English: the list, a contest page, past winners, each hosting step (and one refused with field
// errors), the entry form (and a refused try), the host's judging screen, my page contests, the management
// list, screen and statistics. The pages are rendered in-process and checked in one Java run.
import assert from "node:assert/strict";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import vnuJar from "vnu-jar";
import { contests } from "../../db/schema/contest.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const t = await openTestApp();
const db = t.app.database.db;
const id = async (titleEn: string) => (await db.select().from(contests).where(eq(contests.titleEn, titleEn)))[0].id;

async function html(path: string, cookie: string | null, status = 200, init: RequestInit = {}): Promise<string> {
  // A form's headers carry the session with the CSRF cookie already.
  const headers = init.headers ? init.headers as Record<string, string> : cookie ? { cookie } : {};
  const res = await t.request(path, { ...init, headers });
  const body = await res.text();
  assert.equal(res.status, status, `${path} answers ${res.status}`);
  return body;
}

function form(cookie: string, fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded", accept: "text/html" }),
    body: new URLSearchParams(fields).toString(),
  };
}

appTest("the Nu HTML Checker finds no error on the contest pages in Korean and English", async () => {
  const member = await signIn(t, "member");
  const company = await signIn(t, "company");
  const admin = await signIn(t, "admin");
  const ongoing = await id("Hanbit Works brand logo design contest");
  const judging = await id("Hanbit goods design contest");
  const done = await id("2025 Hanbit Works leaflet design contest");
  const pages: [string, string][] = [];
  for (const p of ["", "/en"]) {
    for (const path of ["/contest", `/contest/${done}`, `/contest/${ongoing}`, "/contest/awards", "/contest/closed"]) {
      pages.push([p + path, await html(p + path, null)]);
    }
    pages.push([`${p}/mypage/contests`, await html(`${p}/mypage/contests`, company)]);
    pages.push([`${p}/mypage/contests?type=entry`, await html(`${p}/mypage/contests?type=entry`, member)]);
    pages.push([`${p}/contest/${ongoing}/enter`, await html(`${p}/contest/${ongoing}/enter`, member)]);
    pages.push([
      `${p}/contest/${ongoing}/enter (refused)`,
      await html(`${p}/contest/${ongoing}/enter`, member, 422, form(member, { title: "" })),
    ]);
    pages.push([`${p}/contest/${judging}/judge`, await html(`${p}/contest/${judging}/judge`, company)]);
    pages.push([`${p}/contest/${ongoing}/judge`, await html(`${p}/contest/${ongoing}/judge`, company)]);
    for (const path of ["/management/contest", `/management/contest/${judging}`, `/management/contest/${done}`]) {
      pages.push([p + path, await html(p + path, admin)]);
    }
    pages.push([`${p}/management/statistics/contest`, await html(`${p}/management/statistics/contest`, admin)]);
    // The hosting wizard: each step, and step 2 refused.
    const steps: Record<string, string>[] = [
      { _step: "1", field: "brand", sub_field: "logo" },
      {
        _step: "2",
        title: "검사",
        company: "회사",
        contact_email: "a@example.com",
        summary: "요약",
        request: "요청",
        languages: "ko",
      },
      { _step: "3", open_at: "2030-01-01", close_at: "2030-02-01", result_at: "2030-03-01", prize1: "1000000" },
    ];
    for (const fields of steps) {
      pages.push([`${p}/contest/host step ${fields._step}`, await html(`${p}/contest/host`, company)]);
      if (fields._step === "2") {
        pages.push([
          `${p}/contest/host step 2 (refused)`,
          await html(`${p}/contest/host`, company, 422, form(company, { _step: "2", title: "" })),
        ]);
      }
      await html(`${p}/contest/host`, company, 303, form(company, fields));
    }
    pages.push([`${p}/contest/host step 4`, await html(`${p}/contest/host`, company)]);
    const created = await t.request(`${p}/contest/host`, form(company, { _step: "4" }));
    assert.equal(created.status, 303);
    const location = created.headers.get("location")!;
    pages.push([`${p}/contest/host done`, await html(location, company)]);
  }

  const dir = await Deno.makeTempDir({ prefix: "vnu-contest-" });
  try {
    const files = new Map<string, string>();
    for (const [i, [label, body]] of pages.entries()) {
      const file = join(dir, `${String(i).padStart(3, "0")}.html`);
      await Deno.writeTextFile(file, body);
      files.set(file, label);
    }
    const out = await new Deno.Command("java", {
      args: ["-Xss2m", "-jar", String(vnuJar), "--format", "json", "--exit-zero-always", ...files.keys()],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const messages = (JSON.parse(new TextDecoder().decode(out.stderr)) as { messages: VnuMessage[] }).messages;
    const errors = messages.filter((m) => m.type !== "info").map((m) => {
      const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
      return `${files.get(file) ?? file}:${m.lastLine}: ${m.message} — ${m.extract ?? ""}`;
    });
    assert.deepEqual(errors, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());

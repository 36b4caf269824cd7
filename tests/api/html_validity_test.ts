// Issue 10 §2: the Nu HTML Checker (vnu.jar from the vnu-jar package, run by the machine's Java) finds no
// error on the main pages in Korean and English: home, a content page, the award families, sign-in and
// registration, each step of the entry wizard as a member (and a step refused with field errors), my
// page, the profile, every management screen the administrator reaches, and the 404 screen. The pages are
// rendered in-process and checked in one Java run (the checker takes seconds to start).
import assert from "node:assert/strict";
import { join } from "node:path";
import vnuJar from "vnu-jar";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/member.ts";
import { posts } from "../../db/schema/board.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF, type TestApp } from "../support/app.ts";
import { photo } from "../support/images.ts";
import { signIn } from "../support/session.ts";
import { isDownload, routeShape } from "../support/routes.ts";

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The Java runtime, or an error that says how to get one. */
async function javaVersion(): Promise<string> {
  try {
    const out = await new Deno.Command("java", { args: ["-version"], stdout: "piped", stderr: "piped" }).output();
    if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
    return new TextDecoder().decode(out.stderr).split("\n")[0];
  } catch (error) {
    throw new Error(
      "java is needed to run the Nu HTML Checker (vnu.jar) and was not found or does not run: install a Java " +
        `runtime (Debian: apt-get install -y default-jre-headless). ${error instanceof Error ? error.message : error}`,
    );
  }
}

/** Runs vnu.jar once over `files` and answers its messages. */
async function validate(files: string[]): Promise<VnuMessage[]> {
  const jar = String(vnuJar);
  await Deno.stat(jar).catch(() => {
    throw new Error(`vnu.jar not found at ${jar}: the vnu-jar package of deno.json is not installed`);
  });
  const out = await new Deno.Command("java", {
    args: ["-Xss2m", "-jar", jar, "--format", "json", "--exit-zero-always", ...files],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const report = new TextDecoder().decode(out.stderr);
  try {
    return (JSON.parse(report) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`vnu.jar answered no JSON report (exit ${out.code}):\n${report.slice(0, 2000)}`);
  }
}

const t = await openTestApp();

/** GET `path` with the session and answer its HTML, checking the status. */
async function html(path: string, cookie: string | null, status = 200): Promise<string> {
  const res = await t.request(path, { headers: cookie ? { cookie } : {} });
  const body = await res.text();
  assert.equal(res.status, status, `${path} answers ${res.status}`);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/, `${path} is HTML`);
  return body;
}

/** The four steps of /entry through its plain forms, plus step 2 refused with field errors. */
async function entrySteps(t: TestApp, cookie: string, prefix: string): Promise<[string, string][]> {
  const pages: [string, string][] = [];
  const first = await html(`${prefix}/entry`, cookie);
  pages.push([`${prefix}/entry (step 1)`, first]);
  const action = first.match(/action="([^"]*\/entry\?award=\d+)"/)?.[1]?.replaceAll("&amp;", "&");
  assert.ok(action, "the entry form posts to /entry?award=…");
  const post = async (fields: Record<string, string>, files: [string, Uint8Array][] = []) => {
    const body = new FormData();
    body.set("_token", TEST_CSRF);
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    for (const [name, bytes] of files) {
      body.append(name, new File([bytes as Uint8Array<ArrayBuffer>], "work.jpg", { type: "image/jpeg" }));
    }
    const headers = csrfHeaders({ cookie });
    delete headers["x-xsrf-token"];
    return await t.request(action, { method: "POST", headers, body, redirect: "manual" });
  };
  const moved = async (res: Response, what: string) => {
    assert.equal(res.status, 303, `${what}: ${res.status} ${await res.clone().text()}`);
    await res.body?.cancel();
    return res.headers.get("location")!;
  };
  await moved(
    await post({
      _step: "1",
      _action: "next",
      exhibitor_type: "general",
      "designer.name": "이하나",
      "designer.name_en": "Hana Lee",
      "designer.email": "hana@example.org",
      "designer.phone": "010-9876-5432",
    }),
    "step 1",
  );
  pages.push([`${prefix}/entry (step 2)`, await html(action, cookie)]);
  const refused = await post({ _step: "2", _action: "next", category: "10", title: "t" });
  assert.equal(refused.status, 422);
  pages.push([`${prefix}/entry (step 2 with errors)`, await refused.text()]);
  const work = {
    _step: "2",
    _action: "next",
    category: "10",
    title: "물결 조명",
    title_en: "Wave lamp",
    description: "물결",
    work_type: "image",
  };
  await moved(
    await post(work, [["thumbnail_file", await photo(400, 300)], ["detail_file", await photo(600, 400)]]),
    "step 2",
  );
  pages.push([`${prefix}/entry (step 3)`, await html(action, cookie)]);
  const done = await moved(
    await post({ _step: "3", _action: "next", agree_rules: "1", declare_not_prized: "1" }),
    "step 3",
  );
  pages.push([`${prefix}/entry (done)`, await html(done, cookie)]);
  return pages;
}

/** The management screens the administrator reaches from /management, one per route (`/user/7` for all). */
async function managementPages(cookie: string): Promise<string[]> {
  const seen = new Map<string, string>();
  const queue = ["/management"];
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(routeShape(path))) continue;
    seen.set(routeShape(path), path);
    for (const [, link] of (await html(path, cookie)).matchAll(/href="(\/management[^"#?]*)/g)) {
      if (!isDownload(link) && !seen.has(routeShape(link))) queue.push(link);
    }
  }
  return [...seen.values()];
}

appTest("the Nu HTML Checker finds no error on the main pages in Korean and English", async () => {
  const java = await javaVersion();
  const member = await signIn(t, "member");
  const tester = await signIn(t, "tester");
  const admin = await signIn(t, "admin");
  const [{ id: memberId }] = await t.app.database.db.select({ id: users.id }).from(users)
    .where(eq(users.username, "member"));
  const pages: [string, string][] = [];
  const add = async (path: string, cookie: string | null, status = 200) =>
    pages.push([`${path}${cookie ? " (signed in)" : ""}`, await html(path, cookie, status)]);

  const management = await managementPages(admin);
  assert.ok(management.length >= 15, `the management crawl reached only ${management.join(", ")}`);
  // Issue 13: each gallery item's screen (fields, a designer's works, an album's photos), from its list.
  for (const kind of ["designer", "photo", "video", "schedule"]) {
    const shape = `/management/akfw/${kind}/:id`;
    assert.ok(management.some((path) => routeShape(path) === shape), `the management crawl reached ${shape}`);
  }
  for (const prefix of ["", "/en"]) {
    for (const path of ["/", "/about/history", "/award", "/ibda", "/login", "/register", "/contest", "/contest/8"]) {
      await add(prefix + path === "/en/" ? "/en" : prefix + path, null);
    }
    await add(`${prefix}/no/such/page`, null, 404);
    // Issue 14: the support, programme and course pages; a course's form as a member; the support call's
    // form (every component type) as the administrator, who may apply to it.
    for (const path of ["/support", "/support/3", "/program", "/program/8", "/education", "/education/9"]) {
      await add(prefix + path, null);
    }
    for (const path of ["/mypage/supports", "/mypage/supports/13", "/education/10"]) await add(prefix + path, member);
    // Issue 11: my page's judging sections (the judge's screens: tests/e2e/judging_pages_test.ts).
    for (const path of ["/mypage/judge", "/mypage/prizes", "/mypage/certificates"]) await add(prefix + path, member);
    await add(`${prefix}/support/3`, admin);
    // Issue 13: boards (list, read with comments, write, the password prompt), galleries, events, search.
    for (
      const path of [
        "/board/notice",
        "/board/notice/315",
        "/board/free",
        "/board/free/10",
        "/board/free/8", // a visitor's comment: its edit and delete forms ask for the password
        "/board/write?bbs=free",
        "/gallery/designer",
        "/gallery/designer/1",
        "/gallery/photo",
        "/gallery/photo/1",
        "/gallery/video",
        "/gallery/video/1?play=1",
        "/notice/events",
        "/search?q=%EB%94%94%EC%9E%90%EC%9D%B8",
      ]
    ) await add(prefix + path, null);
    for (const path of ["/board/notice/315", "/board/write?bbs=qna", "/board/write?post=315"]) {
      await add(prefix + path, admin);
    }
    // Issue 14 §1: a board that carries a form of the form builder (its write page asks the form's fields).
    // The seeded sign-up's page shows its answers.
    const [signUp] = await t.app.database.db.select({ id: posts.id }).from(posts)
      .where(eq(posts.title, "디자인 주간 워크숍 참가 신청"));
    for (const path of ["/board/event", `/board/event/${signUp.id}`, "/board/write?bbs=event"]) {
      await add(prefix + path, member);
    }
    for (const path of ["/mypage", "/mypage/awards", "/profile", "/mypage/contests", "/contest/5/enter"]) {
      await add(prefix + path, member);
    }
    // Issue 18: the markets, a product of each, my page market and the registration wizard.
    for (const path of ["/market/design", "/market/intellect", "/market/design/1", "/market/intellect/7"]) {
      await add(prefix + path, null);
    }
    for (const path of ["/mypage/market", "/mypage/market?type=request", "/market/register"]) {
      await add(prefix + path, member);
    }
    // Issue 19: the job and share lists, a posting, a share, the designer profile; my page job and share, the
    // member's resume and the wizards' first steps; the employer wizard and a posting with its applicants as
    // the administrator.
    for (
      const path of [
        "/job/recruit",
        "/job/recruit?region=29&career=E&keyword=%EB%94%94%EC%9E%90%EC%9D%B8",
        "/job/recruit/1",
        "/job/search",
        "/share/donate",
        "/share/request",
        "/share/donate/1",
        `/designer/${memberId}`,
      ]
    ) await add(prefix + path, null);
    for (
      const path of [
        "/mypage/job",
        "/mypage/job?type=apply",
        "/mypage/share",
        "/mypage/share?type=applied",
        "/job/search/1",
        "/job/search/register",
        "/share/register",
      ]
    ) await add(prefix + path, member);
    for (const path of ["/job/recruit/register", "/job/recruit/1"]) await add(prefix + path, admin);
    // Issue 15: a builder page with every component, the style guides, the redirect interstitial; the
    // builder, its page list and its preview as the administrator.
    for (
      const path of ["/showcase", "/style", "/style/adp-default", "/redirect?url=https%3A%2F%2Fevil.example%2F"]
    ) await add(prefix + path, null);
    for (const path of ["/builder", "/builder?page=1", "/builder/preview?page=1"]) await add(prefix + path, admin);
    for (const path of management) await add(prefix + path, admin);
  }
  pages.push(...await entrySteps(t, member, ""), ...await entrySteps(t, tester, "/en"));

  const dir = await Deno.makeTempDir({ prefix: "vnu-" });
  try {
    const files = new Map<string, string>();
    for (const [i, [label, body]] of pages.entries()) {
      const file = join(dir, `${String(i).padStart(3, "0")}.html`);
      await Deno.writeTextFile(file, body);
      files.set(file, label);
    }
    const messages = await validate([...files.keys()]);
    const errors = messages.filter((m) => m.type !== "info");
    const where = (m: VnuMessage) => {
      const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
      return `${files.get(file) ?? (file || "?")}:${m.lastLine ?? "?"}`;
    };
    const report = errors.map((m) => `  ${where(m)} ${m.message}\n      ${(m.extract ?? "").replace(/\n/g, " ")}`);
    assert.equal(errors.length, 0, `vnu (${java}) on ${pages.length} pages:\n${report.join("\n")}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

appTest("close", () => t.close());

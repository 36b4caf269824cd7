// The XSS corpus in a real browser (issue 13 "Bad input and attacks"): every payload of tests/support/xss.ts
// (over 300) is written through the board calls as an anonymous visitor — as a post's title, its writer's
// name, its formatted body, an attachment's file name, and a comment with its commenter's name — and every
// post page is then opened in Chromium with JavaScript on. Nothing may run: no alert, confirm or prompt is
// called, no inline script or handler is even attempted (the CSP would report it), and the page holds no
// element, attribute or URL that could run later (script without our own src, on* attributes, javascript:
// or data: URLs, frames, objects).
import assert from "node:assert/strict";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { randomAddress } from "../support/session.ts";
import { xssCorpus } from "../support/xss.ts";

const PASSWORD = "xss-corpus";

interface Findings {
  calls: string[];
  blocked: string[];
  dangerous: string[];
}

appTest("XSS corpus: titles, names, bodies, file names and comments execute nothing in a browser", async () => {
  const t = await openTestApp();
  const corpus = xssCorpus();
  assert.ok(corpus.length >= 300, `${corpus.length} payloads`);

  // Anonymous visitors (each from its own address, as the write limit counts per address) on the open forum.
  const ids: number[] = [];
  for (const payload of corpus) {
    const body = new FormData();
    body.append("title", payload.slice(0, 200));
    body.append("name", payload.slice(0, 40));
    body.append("password", PASSWORD);
    body.append("content", payload);
    body.append("format", "html");
    body.append("attachments", new File(["a,b\n1,2\n"], `${payload.slice(0, 80)}.csv`, { type: "text/csv" }));
    const res = await t.request("/api/bbs/free", {
      method: "POST",
      headers: csrfHeaders({ accept: "application/json", "x-forwarded-for": randomAddress() }),
      body,
    });
    const post = await res.json();
    assert.equal(res.status, 201, `${payload}: ${JSON.stringify(post)}`);
    const comment = await t.request(`/api/bbs/post/${post.id}/comment`, {
      method: "POST",
      headers: csrfHeaders({
        accept: "application/json",
        "content-type": "application/json",
        "x-forwarded-for": randomAddress(),
      }),
      body: JSON.stringify({ content: payload.slice(0, 2000), name: payload.slice(0, 40), password: PASSWORD }),
    });
    assert.equal(comment.status, 201, `${payload}: ${await comment.text()}`);
    ids.push(post.id);
  }

  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await page.addInitScript(() => {
      const w = window as unknown as { __xss: { calls: string[]; blocked: string[] } };
      w.__xss = { calls: [], blocked: [] };
      for (const name of ["alert", "confirm", "prompt", "print"] as const) {
        (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
          w.__xss.calls.push(`${name}(${args.join(",")})`);
        };
      }
      document.addEventListener("securitypolicyviolation", (e) => {
        if (e.violatedDirective.startsWith("script-src")) w.__xss.blocked.push(`${e.violatedDirective} ${e.sample}`);
      });
    });
    const inspect = () =>
      page.evaluate((): Findings => {
        const w = window as unknown as { __xss: { calls: string[]; blocked: string[] } };
        const dangerous: string[] = [];
        for (const el of document.querySelectorAll("*")) {
          const tag = el.tagName.toLowerCase();
          if (["iframe", "object", "embed", "base", "frame", "frameset"].includes(tag)) dangerous.push(`<${tag}>`);
          if (tag === "script") {
            const src = (el as HTMLScriptElement).src;
            const own = src && new URL(src).origin === location.origin;
            const data = (el as HTMLScriptElement).type === "application/json";
            if (!own && !data) dangerous.push(`<script>${el.textContent?.slice(0, 60)}`);
          }
          for (const attr of el.attributes) {
            // Browsers skip whitespace and control characters inside a scheme ("jav\tascript:").
            // deno-lint-ignore no-control-regex
            const value = attr.value.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
            if (attr.name.startsWith("on")) dangerous.push(`${tag}[${attr.name}]`);
            if (
              ["href", "src", "action", "formaction", "xlink:href", "data", "srcdoc", "background"].includes(
                attr.name,
              ) && /^(javascript|vbscript|data:text|data:image\/svg)/.test(value)
            ) dangerous.push(`${tag}[${attr.name}=${attr.value.slice(0, 60)}]`);
          }
        }
        return { calls: w.__xss.calls, blocked: w.__xss.blocked, dangerous };
      });

    const found: string[] = [];
    const check = async (path: string) => {
      const res = await page.goto(`${server.origin}${path}`);
      assert.equal(res?.status(), 200, path);
      const { calls, blocked, dangerous } = await inspect();
      for (const what of [...calls, ...blocked, ...dangerous]) found.push(`${path}: ${what}`);
    };
    // Every post page (title, writer, body, attachment names, comments and their names) ...
    for (const id of ids) await check(`/board/free/${id}`);
    // ... and the lists that show the titles and writers, in both languages.
    for (const listPage of [1, 2, 3]) await check(`/board/free?page=${listPage}`);
    await check(`/en/board/free`);
    assert.deepEqual(found, [], `${found.length} findings:\n${found.slice(0, 40).join("\n")}`);
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});

// /redirect?url= over HTTP (issue 15 §5): same-site paths, the platform's sub-sites and allow-listed hosts
// are followed; another host, //evil, /\evil and their encodings get the interstitial, never a Location to
// another site. And /style, /style/adp-default answer in both languages with no script.
import assert from "node:assert/strict";
import { appTest, openTestApp } from "../support/app.ts";

const t = await openTestApp({ REDIRECT_ALLOW_HOSTS: "partner.example.org, *.go.kr" });
const go = (url: string) => t.request(`/redirect?url=${encodeURIComponent(url)}`, { redirect: "manual" });

appTest("followed: same-site paths, our sub-sites, allow-listed hosts", async () => {
  for (
    const [url, location] of [
      ["/contest?x=1", "/contest?x=1"],
      ["/en/about", "/en/about"],
      ["https://partner.example.org/a?b=1", "https://partner.example.org/a?b=1"],
      ["https://www.mois.go.kr/", "https://www.mois.go.kr/"],
      ["http://ibda.localhost/", "http://ibda.localhost/"],
    ]
  ) {
    const res = await go(url);
    assert.equal(res.status, 302, url);
    assert.equal(res.headers.get("location"), location);
    await res.body?.cancel();
  }
});

appTest("never an open redirect: other hosts, //evil, /\\evil and encoded variants get the interstitial", async () => {
  const attacks = [
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/%2Fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/\t/evil.example",
    " //evil.example",
    "https://partner.example.org@evil.example/",
    "https://partner.example.org.evil.example/",
    "javascript:alert(document.domain)",
    "data:text/html,<script>alert(1)</script>",
  ];
  for (const url of attacks) {
    const res = await go(url);
    assert.equal(res.status, 200, url);
    assert.equal(res.headers.get("location"), null, url);
    const html = await res.text();
    assert.match(html, /다른 사이트로 이동/, url);
    assert.doesNotMatch(html, /href="javascript:|href="data:/i, url);
  }
  const english = await (await t.request(`/en/redirect?url=${encodeURIComponent("https://evil.example/")}`)).text();
  assert.match(english, /Leaving this site/);
  assert.match(english, /href="https:\/\/evil\.example\/" rel="noopener noreferrer nofollow"/);
  // The raw query, not encoded by us: still never a Location elsewhere.
  for (const raw of ["//evil.example", "/%5Cevil.example", "%2f%2fevil.example", "/%09/evil.example"]) {
    const res = await t.request(`/redirect?url=${raw}`, { redirect: "manual" });
    const location = res.headers.get("location");
    assert.ok(location === null || /^\/[^/\\]/.test(location), `${raw} → ${location}`);
    await res.body?.cancel();
  }
  const missing = await t.request("/redirect");
  assert.equal(missing.status, 400);
  await missing.body?.cancel();
});

appTest("the style guides answer in both languages, with every builder component and no script", async () => {
  for (const path of ["/style", "/en/style", "/style/adp-default", "/en/style/adp-default"]) {
    const res = await t.request(path);
    assert.equal(res.status, 200, path);
    const html = await res.text();
    assert.match(html, /sg-section/);
    if (path.endsWith("/style")) {
      for (
        const cls of ["pb-heading", "pb-slider", "pb-columns", "pb-grid", "pb-tabs", "pb-table", "pb-map", "pb-video"]
      ) {
        assert.match(html, new RegExp(cls), `${path}: ${cls}`);
      }
      // The slider's enhancement is the only script, and it is a file of this site.
      assert.deepEqual(
        [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1].replace(/\?.*$/, "")).map((s) =>
          s.replace(/-[A-Za-z0-9]+\.js$/, ".js")
        ),
        ["/js/slider.js"],
      );
    } else assert.doesNotMatch(html, /<script/);
  }
});

appTest("close", async () => {
  await t.close();
});

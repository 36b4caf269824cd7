// Issue 15's unit tests of site administration and /redirect: page paths that collide with application
// routes, menu moves and cycles, links to missing pages, and the redirect allow-list against //evil, /\evil
// and their encodings.
import assert from "node:assert/strict";
import manifest from "../../routes.gen.ts";
import { isApplicationPath, menuMove, missingLinks, routeShapes, wouldCycle } from "../../domain/builder/rules.ts";
import { hostAllowed, isSameSitePath, redirectDecision } from "../../domain/builder/redirect.ts";

const shapes = routeShapes(Object.keys(manifest.routes));
const app = (path: string) => isApplicationPath(path, shapes);

Deno.test("a page path may not be an application route or a reserved prefix", () => {
  for (
    const path of [
      "/login",
      "/LOGIN",
      "/api",
      "/api/award/5",
      "/management/page",
      "/builder",
      "/contest/5",
      "/en",
      "/en/about",
      "/redirect",
      "/style/adp-default",
    ]
  ) {
    assert.equal(app(path), true, path);
  }
  for (const path of ["/about", "/about/greeting", "/award/overview", "/%ED%99%88", "/e2e-builder"]) {
    assert.equal(app(path), false, path);
  }
});

const rows = [
  { id: 1, parentId: null, sort: 10 },
  { id: 2, parentId: 1, sort: 10 },
  { id: 3, parentId: 2, sort: 10 },
  { id: 4, parentId: null, sort: 20 },
  { id: 5, parentId: null, sort: 20 },
];

Deno.test("menu cycles: an item cannot become its own ancestor", () => {
  assert.equal(wouldCycle(rows, 1, 3), true, "under its grandchild");
  assert.equal(wouldCycle(rows, 1, 1), true, "under itself");
  assert.equal(wouldCycle(rows, 2, 3), true);
  assert.equal(wouldCycle(rows, 3, 1), false);
  assert.equal(wouldCycle(rows, 4, null), false);
  assert.equal(
    wouldCycle([{ id: 7, parentId: 8, sort: 0 }, { id: 8, parentId: 7, sort: 0 }], 9, 7),
    true,
    "a broken loop ends",
  );
});

Deno.test("menu moves: one place among siblings, renumbered; none past the ends", () => {
  assert.deepEqual([...menuMove(rows, 5, "up")], [[4, 30]], "5 takes 4's place; equal sorts are renumbered");
  assert.deepEqual([...menuMove(rows, 1, "up")], []);
  assert.deepEqual([...menuMove(rows, 5, "down")], []);
  assert.deepEqual([...menuMove(rows, 1, "down")], [[4, 10], [1, 20], [5, 30]]);
  assert.deepEqual([...menuMove(rows, 99, "up")], []);
});

Deno.test("menu links to missing pages are flagged; application routes and other sites are not", () => {
  const items = [
    { id: 1, url: "/about" },
    { id: 2, url: "/gone" },
    { id: 3, url: "/contest" },
    { id: 4, url: "https://example.com/x" },
    { id: 5, url: "/about/" },
    { id: 6, url: "/%E0%A4%A" },
  ];
  assert.deepEqual([...missingLinks(items, new Set(["/about"]), app)].sort(), [2, 6]);
});

const own = ["localhost", "*.localhost"];
const allow = ["partner.example.org", "*.gov.kr"];

Deno.test("redirect: same-site paths and allowed hosts are followed", () => {
  assert.deepEqual(redirectDecision("/contest?x=1", own, allow), { kind: "follow", location: "/contest?x=1" });
  assert.equal(redirectDecision("https://partner.example.org/a", own, allow).kind, "follow");
  assert.equal(redirectDecision("https://www.mois.gov.kr/", own, allow).kind, "follow");
  assert.equal(redirectDecision("http://ibda.localhost/", own, allow).kind, "follow");
  assert.equal(hostAllowed("gov.kr", own, allow), false, "*.gov.kr is its sub-domains only");
});

Deno.test("redirect: other hosts, //evil, /\\evil and encoded variants get the interstitial", () => {
  const evil = [
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2Fevil.example",
    "/%2fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    " //evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "https://partner.example.org@evil.example/",
    "https://user:pw@partner.example.org/",
    "https://partner.example.org.evil.example/",
    "javascript:alert(1)",
    "data:text/html,x",
    "",
  ];
  for (const url of evil) {
    const decision = redirectDecision(url, own, allow);
    assert.equal(decision.kind, "confirm", JSON.stringify(url));
  }
  assert.equal((redirectDecision("javascript:alert(1)", own, allow) as { link: string | null }).link, null);
  assert.equal(isSameSitePath("/a/%2F/b"), true, "an encoded slash inside a path is still this site");
});

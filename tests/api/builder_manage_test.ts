// Issue 15 §4 over HTTP: sites (create, a taken sub-domain or host), host names checked unique, menus (add,
// move, a cycle refused, a link to a missing page flagged), pages (a path the application owns or another
// page's refused), content blocks with revisions, site layouts shown on a page, and the address rules of
// the management area on the address the proxy setting gives. Members and staff without the right are refused.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contentBlockRevisions, contentBlocks, ipRules } from "../../db/schema/builder.ts";
import { domains, menus, pages, sites } from "../../db/schema/site.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const member = await signIn(t, "member");
const staff = await signIn(t, "staff");
const [www] = await db.select().from(sites).where(eq(sites.subDomain, "www"));

const ADDRESS = "198.51.100.7";
const get = (path: string, cookie = admin, address = ADDRESS) =>
  t.request(path, { headers: { cookie, "x-forwarded-for": address } });
const post = (path: string, body: Record<string, string>, cookie = admin, address = ADDRESS) =>
  t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address }),
    body: new URLSearchParams({ _token: TEST_CSRF, ...body }),
  });
const html = async (res: Response) => await res.text();

const SCREENS = [
  "/management/site",
  "/management/site/create",
  `/management/site/${www.id}`,
  `/management/site/${www.id}/menu`,
  "/management/domain",
  "/management/menu",
  "/management/page",
  "/management/content",
  "/management/layout",
  "/management/ip",
];

appTest(
  "every screen answers administrators in both languages; members and staff without the right get 403",
  async () => {
    for (const path of SCREENS) {
      for (const prefix of ["", "/en"]) {
        const res = await get(prefix + path);
        assert.equal(res.status, 200, prefix + path);
        await res.body?.cancel();
      }
      for (const cookie of [member, staff]) {
        const res = await get(path, cookie);
        assert.equal(res.status, 403, `${path} as ${cookie === member ? "member" : "staff"}`);
        await res.body?.cancel();
      }
    }
  },
);

appTest("a sub-site is created with its host; a taken sub-domain or host is refused", async () => {
  const site = {
    sub_domain: "expo",
    host: "expo.localhost",
    name: "디자인 엑스포",
    name_en: "Design Expo",
    title: "디자인 엑스포",
    locale: "ko",
    home_url: "/",
    pay_module: "test",
  };
  const made = await post("/management/site/create", site);
  assert.equal(made.status, 303, await made.clone().text());
  const [row] = await db.select().from(sites).where(eq(sites.subDomain, "expo"));
  assert.match(made.headers.get("location") ?? "", new RegExp(`/management/site/${row.id}$`));
  assert.equal((await db.select().from(domains).where(eq(domains.host, "expo.localhost"))).length, 1);
  const again = await post("/management/site/create", site);
  assert.equal(again.status, 422);
  assert.match(await html(again), /이미 사용 중인 하위 도메인/);
  const host = await post("/management/site/create", { ...site, sub_domain: "expo2", host: "www.localhost" });
  assert.equal(host.status, 409);
  assert.match(await html(host), /이미 다른 사이트에 연결된 호스트/);
  const bad = await post("/management/site/create", { ...site, sub_domain: "-x-", home_url: "javascript:alert(1)" });
  assert.equal(bad.status, 422);
  // Edit keeps working; a visitor of the new host sees the new site's name.
  const edited = await post(`/management/site/${row.id}`, { ...site, title: "엑스포 2026" });
  assert.equal(edited.status, 303);
  assert.equal((await db.select().from(sites).where(eq(sites.id, row.id)))[0].title, "엑스포 2026");
});

appTest("editing a site's host: a host of another site is 409; the domains row follows the new host", async () => {
  const site = {
    sub_domain: "fair",
    host: "fair.localhost",
    name: "박람회",
    title: "박람회",
    locale: "ko",
    home_url: "/",
    pay_module: "test",
  };
  assert.equal((await post("/management/site/create", site)).status, 303);
  const [row] = await db.select().from(sites).where(eq(sites.subDomain, "fair"));
  const hostsOf = async () =>
    (await db.select().from(domains).where(eq(domains.siteId, row.id))).map((d) => d.host).sort();

  // Another site's host: refused on the form with the field's message, nothing changed.
  const taken = await post(`/management/site/${row.id}`, { ...site, host: "WWW.localhost" });
  assert.equal(taken.status, 409);
  assert.match(await html(taken), /이미 다른 사이트에 연결된 호스트/);
  const [after] = await db.select().from(sites).where(eq(sites.id, row.id));
  assert.equal(after.host, "fair.localhost");
  assert.deepEqual(await hostsOf(), ["fair.localhost"]);
  const en = await post(`/en/management/site/${row.id}`, { ...site, host: "ibda.localhost" });
  assert.equal(en.status, 409);
  assert.match(await html(en), /already points to a site/);

  // A free host: the site and its domains row move to it, and the old host name is free again.
  const moved = await post(`/management/site/${row.id}`, { ...site, host: "Fair2.localhost" });
  assert.equal(moved.status, 303, await moved.clone().text());
  assert.equal((await db.select().from(sites).where(eq(sites.id, row.id)))[0].host, "fair2.localhost");
  assert.deepEqual(await hostsOf(), ["fair2.localhost"]);
  // The new host reaches the site (an unknown host is 404; hosts are cached until the NOTIFY arrives).
  let page = "";
  for (let i = 0; i < 200 && !page.includes("박람회"); i++) {
    const res = await t.request("/login", { headers: { host: "fair2.localhost" } });
    page = res.status === 200 ? await res.text() : "";
    if (res.status !== 200) await res.body?.cancel();
    if (!page.includes("박람회")) await new Promise((r) => setTimeout(r, 25));
  }
  assert.match(page, /박람회/, "the new host reaches the site");
  const add = await post("/management/domain", { action: "add", host: "fair.localhost", site: String(www.id) });
  assert.equal(add.status, 303);

  // A host that already is one of this site's names becomes the primary; the others stay.
  await post("/management/domain", { action: "add", host: "fair-alias.localhost", site: String(row.id) });
  const alias = await post(`/management/site/${row.id}`, { ...site, host: "fair-alias.localhost" });
  assert.equal(alias.status, 303);
  assert.deepEqual(await hostsOf(), ["fair-alias.localhost", "fair2.localhost"]);
  // Saving without a change of host keeps the rows as they are.
  assert.equal((await post(`/management/site/${row.id}`, { ...site, host: "fair-alias.localhost" })).status, 303);
  assert.deepEqual(await hostsOf(), ["fair-alias.localhost", "fair2.localhost"]);
});

appTest("host names are checked unique and well formed", async () => {
  assert.equal(
    (await post("/management/domain", { action: "add", host: "localhost", site: String(www.id) })).status,
    409,
  );
  assert.equal(
    (await post("/management/domain", { action: "add", host: "bad host!", site: String(www.id) })).status,
    422,
  );
  const ok = await post("/management/domain", { action: "add", host: "Design.Example.ORG", site: String(www.id) });
  assert.equal(ok.status, 303);
  const [row] = await db.select().from(domains).where(eq(domains.host, "design.example.org"));
  assert.equal(row.siteId, www.id);
  assert.equal((await post("/management/domain", { action: "delete", id: String(row.id) })).status, 303);
});

appTest("menus: add, move, no cycles, links to missing pages flagged", async () => {
  const base = `/management/menu?site=${www.id}`;
  const add = (title: string, url: string, parent = "") =>
    post(base, { action: "add", title, title_en: title, url, parent });
  assert.equal((await add("시험 상위", "/about")).status, 303);
  const [top] = await db.select().from(menus).where(and(eq(menus.siteId, www.id), eq(menus.title, "시험 상위")));
  assert.equal((await add("시험 하위", "/no-such-page", String(top.id))).status, 303);
  const [child] = await db.select().from(menus).where(eq(menus.title, "시험 하위"));
  assert.equal(child.parentId, top.id);
  // The parent made a child of its own child: refused.
  const cycle = await post(base, {
    action: "save",
    id: String(top.id),
    title: "시험 상위",
    url: "/about",
    parent: String(child.id),
  });
  assert.equal(cycle.status, 422);
  assert.match(await html(cycle), /자기 자신이나 그 하위 메뉴/);
  const self = await post(base, {
    action: "save",
    id: String(top.id),
    title: "시험 상위",
    url: "/about",
    parent: String(top.id),
  });
  assert.equal(self.status, 422);
  // A javascript: link is refused.
  assert.equal((await add("나쁜 링크", "javascript:alert(1)")).status, 422);
  // The missing page is flagged on the screen.
  const screen = await html(await get(base));
  assert.match(screen, /시험 하위[\s\S]*?연결된 페이지가 없습니다/);
  // Moving the new last top-level item up changes its place.
  const before = await db.select().from(menus).where(and(eq(menus.siteId, www.id)));
  const roots = before.filter((r) => r.parentId === null).sort((a, b) => a.sort - b.sort || a.id - b.id);
  assert.equal(roots.at(-1)!.id, top.id);
  assert.equal((await post(base, { action: "up", id: String(top.id) })).status, 303);
  const after = (await db.select().from(menus).where(eq(menus.siteId, www.id))).filter((r) => r.parentId === null)
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  assert.equal(after.at(-2)!.id, top.id);
  // Deleting the parent keeps its child (moved up a level).
  assert.equal((await post(base, { action: "delete", id: String(top.id) })).status, 303);
  assert.equal((await db.select().from(menus).where(eq(menus.id, child.id)))[0].parentId, null);
});

appTest("pages: application paths and taken paths are refused; a page is created, edited, deleted", async () => {
  const base = `/management/page?site=${www.id}`;
  const create = (path: string) =>
    post(base, { action: "create", path, title: "시험 페이지", layout: "sub", published: "on" });
  for (
    const path of [
      "/login",
      "/api/award",
      "/management",
      "/builder/x",
      "/contest/5",
      "/en/x",
      "/about/greeting",
      "about",
      "//evil",
      "/a/../b",
    ]
  ) {
    const res = await create(path);
    assert.equal(res.status, 422, path);
    await res.body?.cancel();
  }
  assert.match(await html(await create("/login")), /프로그램이 사용하는 주소/);
  assert.match(await html(await create("/about/greeting")), /같은 주소의 페이지가 이미 있습니다/);
  assert.equal((await create("/시험-페이지")).status, 303);
  const [row] = await db.select().from(pages).where(
    and(eq(pages.siteId, www.id), eq(pages.path, "/%EC%8B%9C%ED%97%98-%ED%8E%98%EC%9D%B4%EC%A7%80")),
  );
  assert.ok(row, "stored under its canonical path");
  const page = await t.request("/시험-페이지");
  assert.equal(page.status, 200);
  await page.body?.cancel();
  const saved = await post(`${base}&edit=${row.id}`, {
    action: "save",
    id: String(row.id),
    path: "/about/history",
    title: "x",
    layout: "sub",
  });
  assert.equal(saved.status, 422, "moving onto another page's path");
  assert.equal((await post(base, { action: "delete", id: String(row.id) })).status, 303);
  assert.equal((await db.select().from(pages).where(eq(pages.id, row.id))).length, 0);
});

appTest("content blocks keep their history and show on builder pages; layouts add their notes", async () => {
  const base = `/management/content?site=${www.id}`;
  const made = await post(base, { action: "create", title: "안내 블록", body: "<p>첫 내용<script>x</script></p>" });
  assert.equal(made.status, 303);
  const [block] = await db.select().from(contentBlocks).where(eq(contentBlocks.title, "안내 블록"));
  assert.equal(block.body, "<p>첫 내용</p>", "sanitised on write");
  assert.equal(
    (await post(`${base}&edit=${block.id}`, {
      action: "save",
      id: String(block.id),
      title: "안내 블록",
      body: "<p>둘째 내용</p>",
    })).status,
    303,
  );
  const revisions = await db.select().from(contentBlockRevisions).where(eq(contentBlockRevisions.blockId, block.id));
  assert.equal(revisions.length, 1);
  assert.equal(revisions[0].body, "<p>첫 내용</p>");
  assert.equal(
    (await post(`${base}&edit=${block.id}`, {
      action: "restore",
      id: String(block.id),
      revision: String(revisions[0].id),
    })).status,
    303,
  );
  assert.equal((await db.select().from(contentBlocks).where(eq(contentBlocks.id, block.id)))[0].body, "<p>첫 내용</p>");
  assert.equal((await post(base, { action: "create", title: "" })).status, 422);

  // The layout `sub` in Korean gets a notice; the seeded /about/history page shows it.
  const layout = await post(`/management/layout?site=${www.id}`, {
    name: "sub",
    locale: "ko",
    shell: "sub",
    notice: "공사 안내<b>!</b>",
  });
  assert.equal(layout.status, 303);
  let text = "";
  for (let i = 0; i < 50 && !text.includes("공사 안내"); i++) {
    text = await (await t.request("/about/history", { headers: { host: "localhost" } })).text();
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.match(text, /<p class="layout-notice">공사 안내!<\/p>/);
  assert.equal(
    (await post(`/management/layout?site=${www.id}`, { name: "nope", locale: "ko", shell: "sub" })).status,
    422,
  );
});

appTest("address rules: no lockout of oneself; a denied address cannot reach the management area", async () => {
  assert.equal((await post("/management/ip", { action: "add", kind: "deny", cidr: "nonsense" })).status, 422);
  const lockout = await post("/management/ip", { action: "add", kind: "deny", cidr: "198.51.100.0/24" });
  assert.equal(lockout.status, 422);
  assert.match(await html(lockout), /관리자 화면을 쓸 수 없게/);
  assert.equal((await post("/management/ip", { action: "add", kind: "allow", cidr: "10.0.0.0/8" })).status, 422);
  assert.equal(
    (await post("/management/ip", { action: "add", kind: "deny", cidr: "203.0.113.0/24", note: "시험" })).status,
    303,
  );
  const denied = await get("/management", admin, "203.0.113.9");
  assert.equal(denied.status, 403);
  await denied.body?.cancel();
  const builder = await get("/builder", admin, "203.0.113.9");
  assert.equal(builder.status, 403);
  await builder.body?.cancel();
  const fine = await get("/management", admin);
  assert.equal(fine.status, 200);
  await fine.body?.cancel();
  // Staff never reach /management/ip, whatever their address.
  assert.equal(
    (await post("/management/ip", { action: "add", kind: "deny", cidr: "192.0.2.0/24" }, staff)).status,
    403,
  );
  const [rule] = await db.select().from(ipRules).where(eq(ipRules.cidr, "203.0.113.0/24"));
  assert.equal((await post("/management/ip", { action: "delete", id: String(rule.id) })).status, 303);
  const again = await get("/management", admin, "203.0.113.9");
  assert.equal(again.status, 200);
  await again.body?.cancel();
});

appTest("close", async () => {
  await t.close();
});

// `deno run -A bench/builder.ts [--requests N] [--readers N] [--publishes N]` — issue 15's figures (README
// "Page builder", not asserted): a builder page of 200 components (every kind, live ones included) drawn
// cold (page cache off: the published tree read, its live data queried, the page rendered) and cached
// (the served app's page cache), and publishing it 10 times through POST /api/builder/pages/{id}/publish
// while 50 visitors keep reading it — how long a publish takes, what the readers wait meanwhile, and
// whether any read that started after a publish had returned still got the older version (a stale page).
// In-process against a throwaway PostgreSQL (scripts/bench/inprocess.ts: the app's fetch, no sockets: the
// figures are the server's own work), removed afterwards.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { users } from "../db/schema/member.ts";
import { pages, sites } from "../db/schema/site.ts";
import { type BuilderNode, parseTrees, walkNodes } from "../domain/builder/tree.ts";
import { publishDraft } from "../domain/builder/versions.ts";
import { markdownTable, ms, openBenchApp, stats, timeRequests, writeHeaders } from "../scripts/bench/inprocess.ts";

const args = parseArgs({
  args: Deno.args,
  options: { requests: { type: "string" }, readers: { type: "string" }, publishes: { type: "string" } },
});
const REQUESTS = Number(args.values.requests ?? 300);
const READERS = Number(args.values.readers ?? 50);
const PUBLISHES = Number(args.values.publishes ?? 10);
const PATH = "/bench/builder-200";
const COMPONENTS = 200;

/** A page of exactly 200 components: a hero, the five live components, 15 content sections, dividers. */
function tree(version: number): BuilderNode[] {
  let n = 0;
  const id = () => `b${++n}`;
  const text = (html: string): BuilderNode => ({ id: id(), type: "text", props: { html } });
  const nodes: BuilderNode[] = [
    {
      id: id(),
      type: "section",
      props: { title: "", tone: "accent" },
      children: [
        { id: id(), type: "heading", props: { text: "벤치 페이지", level: "2" } },
        text(`<p>벤치 버전 ${version} 입니다. 구성 요소 200개로 만든 페이지입니다.</p>`),
        { id: id(), type: "button", props: { label: "공모전 보기", href: "/contest", variant: "primary" } },
        { id: id(), type: "button", props: { label: "문의하기", href: "/about/location", variant: "secondary" } },
      ],
    },
    { id: id(), type: "award", props: { family: "award" } },
    { id: id(), type: "notices", props: { board: "notice", count: 5 } },
    { id: id(), type: "events", props: { count: 5 } },
    { id: id(), type: "contests", props: { count: 4 } },
    { id: id(), type: "gallery", props: { kind: "photo", count: 6 } },
  ];
  for (let s = 1; s <= 15; s++) {
    nodes.push({
      id: id(),
      type: "section",
      props: { title: `구역 ${s}`, tone: s % 2 ? "plain" : "muted" },
      children: [
        { id: id(), type: "heading", props: { text: `소제목 ${s}`, level: "3" } },
        text(`<p>구역 ${s}의 <strong>본문</strong>입니다. 디자인 지원사업과 교육 과정을 안내합니다.</p>`),
        { id: id(), type: "list", props: { items: ["신청", "심사", "발표"], ordered: true } },
        {
          id: id(),
          type: "table",
          props: { caption: `일정 ${s}`, header: ["단계", "기간"], rows: [["접수", "1월"], ["심사", "2월"]] },
        },
        {
          id: id(),
          type: "columns",
          props: { ratio: "1-1" },
          children: [1, 2].map((c) => ({
            id: id(),
            type: "column",
            props: {},
            children: [
              text(`<p>단 ${c}의 설명입니다.</p>`),
              {
                id: id(),
                type: "image",
                props: { src: `/images/builder/slide-${c}.svg`, alt: `그림 ${c}`, caption: "", href: "" },
              },
            ],
          })),
        },
      ],
    });
  }
  for (let d = 0; d < 5; d++) {
    nodes.push({ id: id(), type: "divider", props: {} }, { id: id(), type: "spacer", props: { size: "s" } });
  }
  return nodes;
}

const versionOf = (html: string) => Number(/벤치 버전 (\d+) 입니다/.exec(html)?.[1] ?? NaN);
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

const bench = await openBenchApp({ uncached: true });
try {
  const db = bench.database.db;
  const count = [...walkNodes(tree(0))].length;
  if (count !== COMPONENTS) throw new Error(`the bench page has ${count} components, not ${COMPONENTS}`);
  const [www] = await db.select({ id: sites.id }).from(sites).where(eq(sites.subDomain, "www"));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  const [page] = await db.insert(pages).values({ siteId: www.id, path: PATH, title: "벤치", layout: "sub" })
    .returning({ id: pages.id });
  await publishDraft(db, { id: admin.id, roles: [] }, page.id, parseTrees({ ko: tree(0), en: null }));

  // ----- Cold and cached -----
  const first = await bench.uncached(PATH);
  const body = await first.text();
  if (first.status !== 200 || versionOf(body) !== 0) throw new Error(`${PATH}: ${first.status}`);
  const cold = stats(await timeRequests(bench.uncached, () => PATH, REQUESTS));
  const coldEn = stats(await timeRequests(bench.uncached, () => `/en${PATH}`, REQUESTS));
  await (await bench.request(PATH)).arrayBuffer();
  const hit = await bench.request(PATH);
  await hit.arrayBuffer();
  if (hit.headers.get("x-cache") !== "hit") throw new Error("the served app did not cache the page");
  const cached = stats(await timeRequests(bench.request, () => PATH, REQUESTS * 10));

  // ----- Publishing: alone, then while READERS visitors read -----
  const cookie = await bench.signIn("admin");
  let version = 0;
  const publishNext = async () => {
    const trees = { ko: tree(++version), en: null };
    const started = performance.now();
    const res = await bench.request(`/api/builder/pages/${page.id}/publish`, {
      method: "POST",
      headers: writeHeaders(cookie, { "content-type": "application/json", accept: "application/json" }),
      body: JSON.stringify({ trees }),
    });
    const answer = await res.text();
    const end = performance.now();
    if (res.status !== 200) throw new Error(`publish ${version}: ${res.status} ${answer}`);
    return { ms: end - started, end };
  };
  const alone: number[] = [];
  for (let k = 0; k < PUBLISHES; k++) alone.push((await publishNext()).ms);
  const base = version;
  interface Read {
    start: number;
    end: number;
    version: number;
  }
  const reads: Read[] = [];
  let reading = true;
  const reader = async () => {
    while (reading) {
      const start = performance.now();
      const res = await bench.request(PATH);
      const html = await res.text();
      if (res.status !== 200) throw new Error(`reader: ${res.status}`);
      reads.push({ start, end: performance.now(), version: versionOf(html) });
      // A cache hit resolves without a macrotask: without this the readers would starve the publisher's
      // timers (one event loop in-process).
      await sleep(0);
    }
  };
  const readers = Array.from({ length: READERS }, reader);
  await sleep(500); // the readers are under way and the page is cached
  const publishTimes: number[] = [];
  const returned: number[] = []; // when the k-th publish under readers (1-based) returned, at index k - 1
  for (let k = 1; k <= PUBLISHES; k++) {
    const { ms: took, end } = await publishNext();
    publishTimes.push(took);
    returned.push(end);
    await sleep(300); // readers fill the cache with this version before the next publish
  }
  reading = false;
  await Promise.all(readers);

  // A read is stale when it started after the k-th publish had returned and still showed an older version.
  const expected = (start: number) => base + returned.filter((t) => t <= start).length;
  const after = reads.filter((r) => r.start >= returned[0]);
  const stale = after.filter((r) => r.version < expected(r.start));
  const during = reads.filter((r) => r.start >= returned[0] - 1 && r.end <= returned.at(-1)!);
  // How soon after each publish returned the first read that started later saw the new version.
  const firstFresh = returned.map((t, i) => {
    const seen = reads.filter((r) => r.start >= t && r.version >= base + i + 1).sort((a, b) => a.end - b.end)[0];
    return seen ? seen.end - t : NaN;
  });
  const publish = stats(publishTimes);
  const publishAlone = stats(alone);
  const readDuring = stats(during.map((r) => r.end - r.start));
  const fresh = stats(firstFresh);
  const [load1] = Deno.loadavg();

  console.log(`\nA builder page of ${COMPONENTS} components (${PATH}), in-process; load average ${load1.toFixed(2)}\n`);
  const row = (label: string, x: { n: number; p50: number; p99: number }) => [label, String(x.n), ms(x.p50), ms(x.p99)];
  console.log(markdownTable(["case", "n", "p50", "p99"], [
    row("cold (page cache off), Korean", cold),
    row("cold (page cache off), English (the Korean tree)", coldEn),
    row("cached (served app)", cached),
    row("publish (POST …/publish with the 200-component tree), nobody reading", publishAlone),
    row(`publish, ${READERS} visitors reading the page meanwhile`, publish),
    row(`a visitor's GET while publishing (${READERS} at once)`, readDuring),
    row("first fresh read after a publish returned", fresh),
  ]));
  console.log(
    `\nreads after the first publish: ${after.length}; stale (started after a publish returned, older version): ${stale.length}`,
  );
  console.log(JSON.stringify({
    components: COMPONENTS,
    requests: REQUESTS,
    readers: READERS,
    publishes: PUBLISHES,
    loadavg: Deno.loadavg(),
    cold,
    coldEn,
    cached,
    publishAlone,
    publish,
    readDuring,
    firstFresh: fresh,
    reads: reads.length,
    stale: stale.length,
  }));
  if (stale.length) Deno.exitCode = 1;
} finally {
  await bench.close();
}

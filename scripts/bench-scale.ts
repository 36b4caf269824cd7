// `deno task bench:scale [--sizes 1000,100000,1000000] [--runs 7] [--explain]` (issue 22)
//
// Grows one copy of the seeded database per size — members, entries, mails, and the payments and membership
// changes that follow from them — with set-based SQL (generate_series) and a realistic spread (statuses,
// years, categories, entrant types, Korean and English names), then measures every management list (first
// and deep page, filters), search, the statistics page, the CSV export and my page in-process (app.fetch as
// the administrator or a member, one request at a time, the sizes taking turns request by request, median of
// `--runs` rounds after two warm-ups), and prints the growth of each against the smallest size. Each database
// is a throwaway PostgreSQL (scripts/bench/inprocess.ts) whose `bench` database has a UTF-8 LC_CTYPE, as
// pg_trgm needs for Korean trigrams (DATABASE_URL is never used: the bench writes millions of rows). Timings
// are printed, not asserted.
import { sql } from "drizzle-orm";
import { type BenchApp, median, openBenchApp, sizeLabel } from "./bench/inprocess.ts";

export interface ScaleOptions {
  sizes: number[];
  runs: number;
  explain: boolean;
}

export function parseScaleArgs(args: string[]): ScaleOptions {
  const options: ScaleOptions = { sizes: [1_000, 100_000, 1_000_000], runs: 7, explain: false };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split("=", 2);
    const value = () => inline ?? args[++i] ?? "";
    if (flag === "--sizes") {
      options.sizes = value().split(",").map((s) => Number(s.replace(/[_k]/g, (c) => (c === "k" ? "000" : ""))));
      if (options.sizes.some((n) => !Number.isInteger(n) || n < 100)) throw new Error("--sizes: integers ≥ 100");
      options.sizes.sort((a, b) => a - b);
    } else if (flag === "--runs") {
      options.runs = Math.max(1, Number(value()) || 7);
    } else if (flag === "--explain") {
      options.explain = true;
    } else if (flag !== "--scale") {
      throw new Error(`unknown option ${flag}`);
    }
  }
  return options;
}

type Exec = (query: ReturnType<typeof sql>) => Promise<unknown>;

const SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"];
const SURNAMES_EN = ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim"];
const GIVEN = [
  "민준",
  "서연",
  "도윤",
  "하은",
  "지호",
  "수아",
  "예준",
  "지우",
  "시우",
  "서윤",
  "주원",
  "하린",
  "유준",
  "지민",
  "건우",
  "채원",
];
const GIVEN_EN = [
  "Minjun",
  "Seoyeon",
  "Doyoon",
  "Haeun",
  "Jiho",
  "Sua",
  "Yejun",
  "Jiwoo",
  "Siwoo",
  "Seoyoon",
  "Juwon",
  "Harin",
  "Yujun",
  "Jimin",
  "Gunwoo",
  "Chaewon",
];
const WORDS = ["의자", "조명", "포장", "브랜드", "서체", "앱", "정원", "시계", "컵", "가방", "지도", "포스터"];
const WORDS_EN = ["Chair", "Lamp", "Package", "Brand", "Type", "App", "Garden", "Clock", "Cup", "Bag", "Map", "Poster"];
const COMPANIES = ["한빛디자인", "Studio Nara", "대한전자", "Blue Field", "", "", ""];

const arr = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/** Grows each main table to `size` rows (set-based); answers the seconds it took. */
export async function grow(exec: Exec, count: (table: string) => Promise<number>, size: number): Promise<number> {
  const started = performance.now();
  const users = await count("users where username like 'scale%'");
  if (users < size) {
    await exec(sql`insert into users (username, email, password_hash, name, name_en, created_at)
      select 'scale' || g, 'scale' || g || '@' || (array['example.com','mail.kr','design.net'])[1 + g % 3],
        'x',
        (${arr(SURNAMES)})[1 + g % 10] || (${arr(GIVEN)})[1 + (g / 10) % 16],
        (${arr(GIVEN_EN)})[1 + (g / 10) % 16] || ' ' || (${arr(SURNAMES_EN)})[1 + g % 10],
        timestamptz '2021-01-01' + ((g::bigint * 7919) % 157680000) * interval '1 second'
      from generate_series(${users + 1}::int, ${size}::int) g`);
    // Fresh statistics before the next statements (and the triggers they fire) join the new rows, as
    // autovacuum would give them in service; without them the planner takes the grown table for empty.
    await exec(sql`analyze users`);
    // Roles: members mostly, companies, design companies waiting or rejected; a few waiting changes.
    await exec(sql`insert into user_roles (user_id, role_code, approved, rejected)
      select u.id, case when n % 10 < 8 then 'member' when n % 10 = 8 then 'company' else 'design' end,
        n % 10 < 9 or n % 30 = 9, n % 10 = 9 and n % 30 = 19
      from (select id, substr(username, 6)::int as n from users
        where username like 'scale%' and substr(username, 6)::int > ${users}) u`);
    await exec(sql`insert into membership_changes (user_id, kind, to_roles, status, created_at)
      select u.id, 'conversion', array['company'], (array['waiting','approved','rejected'])[1 + n % 3], u.created_at
      from (select id, created_at, substr(username, 6)::int as n from users
        where username like 'scale%' and substr(username, 6)::int > ${users}) u where n % 10 = 3`);
  }
  const entries = await count("entries where title like 'scale %'");
  if (entries < size) {
    await exec(sql`with a as (select array_agg(id order by id) ids from awards),
      u as (select min(id) lo, count(*) n from users where username like 'scale%')
      insert into entries (award_id, user_id, status, exhibitor_type, company, designer_name, designer_name_en,
        designer_email, category, title, title_en, work_type, fee, submitted_at, created_at)
      select a.ids[1 + g % array_length(a.ids, 1)], u.lo + (g::bigint * 7877) % u.n,
        (array['submitted','complete','complete','pay_incomplete','cancel','submitted','complete'])[1 + g % 7],
        (array['company','general','student','general','invited','recommended'])[1 + (g / 7) % 6],
        (${arr(COMPANIES)})[1 + g % 7],
        (${arr(SURNAMES)})[1 + (g / 3) % 10] || (${arr(GIVEN)})[1 + g % 16],
        (${arr(GIVEN_EN)})[1 + g % 16] || ' ' || (${arr(SURNAMES_EN)})[1 + (g / 3) % 10],
        'designer' || g || '@example.com',
        (array[10,20,30,40,50,110])[1 + (g / 5) % 6],
        'scale ' || (${arr(WORDS)})[1 + g % 12] || ' ' || g,
        (${arr(WORDS_EN)})[1 + g % 12] || ' no. ' || g,
        'image',
        case when (g / 7) % 6 = 0 then 100000 when g % 3 = 0 then 50000 else 0 end,
        timestamptz '2021-03-01' + ((g::bigint * 6007) % 157680000) * interval '1 second',
        timestamptz '2021-03-01' + ((g::bigint * 6007) % 157680000) * interval '1 second'
      from generate_series(${entries + 1}::int, ${size}::int) g, a, u
      -- Inserted in a shuffled order (a multiplicative hash, one-to-one on 32 bits), so that ids, which the
      -- entries list is ordered by, say nothing of the number in a title: inserted in g's order, every title
      -- "… no. 7…" sat at the ids 7,000–7,999 and 70,000–79,999, and a page of "Lamp no. 7" read 14,000 index
      -- entries before it, which no real keyword's spread would ask.
      order by (g::bigint * 2654435761) % 4294967296`);
    await exec(sql`analyze entries`);
    await exec(sql`insert into payments (order_id, provider, target_type, target_id, user_id, amount, status,
        approved_at, created_at)
      select 'scale-' || e.id, 'test', 'award_entry', e.id, e.user_id, e.fee,
        case when e.status = 'cancel' then 'cancelled' else 'paid' end, e.submitted_at, e.submitted_at
      from entries e where e.title like 'scale %' and e.fee > 0 and e.status <> 'pay_incomplete'
        and not exists (select 1 from payments p where p.order_id = 'scale-' || e.id)`);
  }
  const mails = await count("outbox where subject like 'scale %'");
  if (mails < size) {
    await exec(sql`insert into outbox (\"to\", from_name, from_email, subject, body, status, sent_at, created_at)
      select 'scale' || g || '@example.com', '한빛', 'noreply@example.com', 'scale 알림 ' || g, '본문',
        (array['sent','sent','sent','pending','failed'])[1 + g % 5], now(), now()
      from generate_series(${mails + 1}::int, ${size}::int) g`);
  }
  // As autovacuum leaves a table in service: its statistics fresh and its visibility map set, so that the
  // lists' index-only walks (migration 0050) read no row of the table itself.
  await exec(sql`vacuum analyze`);
  return (performance.now() - started) / 1000;
}

interface Measure {
  label: string;
  path: string;
  as: "admin" | "member";
  csv?: boolean;
}

interface Result {
  ms: number;
  ttfbMs?: number;
  bytes?: number;
  rows?: number;
  rssMb?: number;
  status: number;
}

async function main() {
  const options = parseScaleArgs(Deno.args);
  // One database (and app) per size, all kept, so that their requests can take turns: whatever else runs on
  // the machine then weighs on every size alike (a size measured alone minutes after another was not).
  const benches: { size: number; bench: BenchApp; sessions: Record<Measure["as"], string> }[] = [];
  try {
    let year = 0;
    for (const size of options.sizes) {
      const bench = await openBenchApp();
      const sessions = { admin: "", member: "" };
      benches.push({ size, bench, sessions });
      [{ year }] = await bench.rows<{ year: number }>(
        sql`select year from awards where family = 'award' order by year desc limit 1`,
      );
      const seconds = await grow((q) => bench.exec(q), bench.count, size);
      Object.assign(sessions, { admin: await bench.signIn("admin"), member: await bench.signIn("member") });
      const entriesOfYear = await bench.count(
        `entries e join awards a on a.id = e.award_id where a.family = 'award' and a.year = ${year}`,
      );
      console.log(
        `== ${size.toLocaleString("en-US")} rows per main table (grown in ${seconds.toFixed(1)} s; ` +
          `award ${year}: ${entriesOfYear.toLocaleString("en-US")} entries)`,
      );
    }
    const measures: Measure[] = [
      { label: "/management (home: counts, waiting members)", path: "/management", as: "admin" },
      { label: "/management/user", path: "/management/user", as: "admin" },
      { label: "/management/user?page=40", path: "/management/user?page=40", as: "admin" },
      { label: "/management/user?q=scale777@ (one member)", path: "/management/user?q=scale777%40", as: "admin" },
      {
        label: "/management/user?q=김민준 (common name)",
        path: "/management/user?q=%EA%B9%80%EB%AF%BC%EC%A4%80",
        as: "admin",
      },
      {
        label: "/management/user?role=design&state=waiting",
        path: "/management/user?role=design&state=waiting",
        as: "admin",
      },
      { label: "/management/user?state=rejected&page=5", path: "/management/user?state=rejected&page=5", as: "admin" },
      { label: "/management/award/entries?year=…", path: `/management/award/entries?year=${year}`, as: "admin" },
      {
        label: "/management/award/entries?year=…&page=10",
        path: `/management/award/entries?year=${year}&page=10`,
        as: "admin",
      },
      {
        label: "…entries?year=…&status=complete&category=30",
        path: `/management/award/entries?year=${year}&status=complete&category=30`,
        as: "admin",
      },
      {
        label: "…entries?year=…&q=Bag no. 777 (rare: one work at 1 k)",
        path: `/management/award/entries?year=${year}&q=Bag+no.+777`,
        as: "admin",
      },
      {
        // 0.9 % of the entries: 2 of the 205 at 1 k, a full page of 20 above (the rows shown differ).
        label: "…entries?year=…&q=Lamp no. 7 (0.9 %)",
        path: `/management/award/entries?year=${year}&q=Lamp+no.+7`,
        as: "admin",
      },
      {
        // 11 %: a full page at every size.
        label: "…entries?year=…&q=no. 1 (broad)",
        path: `/management/award/entries?year=${year}&q=no.+1`,
        as: "admin",
      },
      { label: "/management/award/payments", path: "/management/award/payments", as: "admin" },
      { label: "/management/award/payments?page=10", path: "/management/award/payments?page=10", as: "admin" },
      { label: "/management/mailbox?page=40", path: "/management/mailbox?page=40", as: "admin" },
      { label: "/management/statistics/award?year=…", path: `/management/statistics/award?year=${year}`, as: "admin" },
      { label: "/mypage/awards (member)", path: "/mypage/awards", as: "member" },
      {
        label: "/management/award/entries.csv?year=… (all rows)",
        path: `/management/award/entries.csv?year=${year}`,
        as: "admin",
        csv: true,
      },
      {
        label: "/management/award/payments.csv (all rows)",
        path: "/management/award/payments.csv",
        as: "admin",
        csv: true,
      },
      {
        label: "/management/user/members.csv (all rows)",
        path: "/management/user/members.csv",
        as: "admin",
        csv: true,
      },
    ];
    const table = new Map<string, { size: number; result: Result }[]>();
    for (const m of measures) {
      const results = await measureSizes(
        benches.map(({ bench, sessions }) => ({ bench, cookie: sessions[m.as] })),
        m,
        options.runs,
      );
      for (const [j, result] of results.entries()) {
        const extra = m.csv
          ? `  ttfb ${result.ttfbMs!.toFixed(1)} ms, ${(result.bytes! / 1e6).toFixed(1)} MB, ${result.rows} rows, ` +
            `rss +${result.rssMb!.toFixed(0)} MB`
          : "";
        console.log(
          `${m.label.padEnd(52)} ${sizeLabel(benches[j].size).padEnd(5)} ${String(result.status).padEnd(4)} ` +
            `${result.ms.toFixed(1).padStart(8)} ms${extra}`,
        );
        if (result.status !== 200) throw new Error(`${m.path} answered ${result.status}`);
        table.set(m.label, [...(table.get(m.label) ?? []), { size: benches[j].size, result }]);
      }
    }
    if (options.explain) {
      for (const { size, bench } of benches) {
        console.log(`\n== plans at ${sizeLabel(size)}`);
        await explainAll((q) => bench.exec(q), year);
      }
    }
    printTable(options.sizes, table);
  } finally {
    for (const { bench } of benches) await bench.close();
  }
}

/** One request read to its end: its time, first byte, size, lines and the peak growth of resident memory. */
async function once(bench: BenchApp, cookie: string, m: Measure): Promise<Result> {
  const rssBefore = Deno.memoryUsage().rss;
  let rssPeak = rssBefore;
  const started = performance.now();
  const res = await bench.request(m.path, { headers: { cookie } });
  let ttfb = 0;
  let size = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!ttfb) ttfb = performance.now() - started;
    size += value.byteLength;
    if (m.csv) {
      for (let j = 0; j < value.length; j++) if (value[j] === 10) lines++;
      rssPeak = Math.max(rssPeak, Deno.memoryUsage().rss);
    }
  }
  const ms = performance.now() - started;
  return {
    ms,
    ttfbMs: ttfb,
    bytes: size,
    rows: Math.max(0, lines - 1),
    rssMb: (rssPeak - rssBefore) / 1e6,
    status: res.status,
  };
}

/**
 * A page at every size: two warm-ups each, then `runs` rounds in which every size is requested once in turn
 * (medians). An export of every row is read once per size, one after the other: its memory and first byte
 * are what it is judged by, and its duration grows with its rows by nature.
 */
async function measureSizes(at: { bench: BenchApp; cookie: string }[], m: Measure, runs: number): Promise<Result[]> {
  if (m.csv) {
    const results: Result[] = [];
    for (const { bench, cookie } of at) results.push(await once(bench, cookie, m));
    return results;
  }
  for (let i = 0; i < 2; i++) for (const { bench, cookie } of at) await once(bench, cookie, m);
  const all: Result[][] = at.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [j, { bench, cookie }] of at.entries()) all[j].push(await once(bench, cookie, m));
  }
  return all.map((rs) => ({ ...rs[0], ms: median(rs.map((r) => r.ms)) }));
}

async function explainAll(execute: Exec, year: number) {
  const statements = [
    sql`select id from users where withdrawn_at is null order by created_at desc, id desc limit 20 offset 780`,
    sql`select id from users where withdrawn_at is null and search_text like '%김민준%'
      order by created_at desc, id desc limit 20`,
    sql`select id from entries e where award_id = (select id from awards where family = 'award' and year = ${year})
      and search_text like '%lamp no. 7%' order by id limit 20`,
    sql`select e.id from entries e join awards a on a.id = e.award_id and a.family = 'award' and a.year = ${year}
      order by e.id limit 20 offset 780`,
  ];
  for (const statement of statements) {
    const plan = await execute(sql`explain (analyze, buffers) ${statement}`) as { "QUERY PLAN": string }[];
    console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
  }
}

function printTable(sizes: number[], table: Map<string, { size: number; result: Result }[]>) {
  const fmt = (n: number) => n >= 1e6 ? `${n / 1e6} M` : n >= 1e3 ? `${n / 1e3} k` : String(n);
  const head = ["page", ...sizes.map(fmt), ...sizes.slice(1).map((s) => `growth ${fmt(s)}`)];
  console.log(`\n| ${head.join(" | ")} |`);
  console.log(`|---|${head.slice(1).map(() => "---:").join("|")}|`);
  for (const [label, results] of table) {
    const base = results[0].result.ms;
    const cells = results.map((r) => `${r.result.ms.toFixed(1)} ms`);
    const growth = results.slice(1).map((r) => `${(r.result.ms / base).toFixed(2)}×`);
    console.log(`| \`${label}\` | ${[...cells, ...growth].join(" | ")} |`);
  }
  for (const [label, results] of table) {
    if (!label.includes(".csv")) continue;
    for (const { size, result } of results) {
      console.log(
        `CSV ${label.split(/[? ]/)[0]} at ${fmt(size)}: ${result.rows} rows, ` +
          `${(result.bytes! / 1e6).toFixed(1)} MB, first byte ${result.ttfbMs!.toFixed(1)} ms, ` +
          `server memory +${result.rssMb!.toFixed(0)} MB`,
      );
    }
  }
}

if (import.meta.main) {
  await main();
  // The app's background jobs (outbox, retention) keep timers; the measurements are done.
  Deno.exit(0);
}

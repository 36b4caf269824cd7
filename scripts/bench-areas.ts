// `deno task bench:market|bench:job|bench:board [--sizes 1000,100000] [--runs 50] [--explain]` — the public
// lists of the design market (issue 18), the job portal (issue 19) and the boards (issue 13) at scale; README
// "Design market", "Jobs and talent sharing", "Boards". Figures are printed, not asserted.
//
// Each size has its own throwaway PostgreSQL seeded with the demo data (scripts/bench/inprocess.ts), whose
// area tables are grown with set-based SQL (generate_series, a deterministic spread of statuses, categories,
// codes and Korean and English words). Every list is then requested through the real app, one request at a
// time, the body read to its end, the sizes taking turns request by request (so that whatever else runs on
// the machine weighs on every size alike):
//   - a page the anonymous page cache keeps: cold = `--runs` requests to a second app on the same database
//     whose page cache is off (every request renders and queries); cached = 4 × `--runs` repeated anonymous
//     requests to the served app after the first stored it;
//   - a page never page-cached (boards count views, the search is per viewer): cold = `--runs` first
//     requests of different pages (other posts, other keywords); warm = the first of them repeated.
// p50 / p99 are printed with the growth of the p50 over the smallest size. The market also times taking a
// request forward with 1,000 open requests on one product (POST /mypage/market as the seller).
import { desc, sql } from "drizzle-orm";
import { marketProducts } from "../db/schema/market.ts";
import { COUNT_EXACT_UP_TO } from "../domain/common/list.ts";
import { listCondition } from "../domain/market/public.ts";
import { ProductListQuery } from "../domain/market/schema.ts";
import { CAREERS, EMPLOY_TYPES, OCCUPATIONS, REGIONS } from "../domain/job/options.ts";
import { DESIGN_CATEGORIES, INTELLECT_CATEGORIES } from "../domain/market/options.ts";
import {
  type BenchApp,
  markdownTable,
  ms,
  openBenchApp,
  sizeLabel,
  type Stats,
  stats,
  timeRequests,
  writeHeaders,
} from "./bench/inprocess.ts";

export const AREAS = ["market", "job", "board"] as const;
export type Area = typeof AREAS[number];

export interface AreaOptions {
  area: Area;
  sizes: number[];
  runs: number;
  /** Print the plans (EXPLAIN ANALYZE) of the board's or the market's search statements at each size. */
  explain: boolean;
}

const DEFAULT_SIZES: Record<Area, number[]> = {
  market: [1_000, 100_000],
  job: [1_000, 100_000],
  board: [1_000, 1_000_000],
};

export function parseAreaArgs(args: string[]): AreaOptions {
  const area = args[0] as Area;
  if (!AREAS.includes(area)) throw new Error(`the first argument is the area: ${AREAS.join(", ")}`);
  const options: AreaOptions = { area, sizes: DEFAULT_SIZES[area], runs: 50, explain: false };
  for (let i = 1; i < args.length; i++) {
    const [flag, inline] = args[i].split("=", 2);
    const value = () => inline ?? args[++i] ?? "";
    if (flag === "--sizes") {
      options.sizes = value().split(",").map((s) => Number(s.replace(/_/g, "").replace(/k$/, "000")));
      if (options.sizes.some((n) => !Number.isInteger(n) || n < 100)) throw new Error("--sizes: integers ≥ 100");
      options.sizes.sort((a, b) => a - b);
    } else if (flag === "--runs") {
      options.runs = Math.max(2, Number(value()) || 50);
    } else if (flag === "--explain") {
      options.explain = true;
    } else {
      throw new Error(`unknown option ${flag}`);
    }
  }
  return options;
}

// ---------- Vocabulary ----------

const lit = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[]`);
/** A deterministic pseudo-random index 1…n of row g for the k-th column (hashint4 spreads neighbours apart). */
const pick = (n: number, k: number) => sql.raw(`(1 + abs(hashint4(g * 7 + ${k})) % ${n})`);

const WORDS = ["의자", "조명", "포장", "브랜드", "서체", "정원", "시계", "머그컵", "가방", "지도", "포스터", "달력"];
const WORDS_EN = [
  "Chair",
  "Lamp",
  "Package",
  "Brand",
  "Type",
  "Garden",
  "Clock",
  "Mug",
  "Bag",
  "Map",
  "Poster",
  "Calendar",
];
const ADJECTIVES = ["한지", "원목", "재생", "접이식", "휴대용", "수제", "모듈형", "친환경"];
const COMPANIES = [
  "한빛디자인",
  "누리스튜디오",
  "대한전자",
  "푸른들",
  "바람공방",
  "새길건축",
  "다온브랜딩",
  "라온미디어",
];
const COMPANIES_EN = [
  "Hanbit Design",
  "Nuri Studio",
  "Daehan Electronics",
  "Blue Field",
  "Baram",
  "Saegil",
  "Daon",
  "Raon",
];
const JOB_TITLES = ["제품 디자이너", "브랜드 디자이너", "UX 디자이너", "패키지 디자이너", "영상 편집자", "웹 퍼블리셔"];
const JOB_TITLES_EN = [
  "Product designer",
  "Brand designer",
  "UX designer",
  "Packaging designer",
  "Video editor",
  "Web publisher",
];
const SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤"];
const GIVEN = ["민준", "서연", "도윤", "하은", "지호", "수아", "예준", "지우", "시우", "서윤"];

// ---------- Measures ----------

interface Measure {
  label: string;
  /** The i-th request's path. */
  path: (i: number) => string;
  /** Whether the anonymous page cache keeps the page (see the header). */
  cached: boolean;
  /** Fewer requests than `--runs` (a statement known to read the whole table). */
  runs?: number;
}

const same = (path: string) => () => path;

interface Figure {
  size: number;
  cold: Stats;
  warm: Stats;
}

/**
 * One list at every size, the sizes' requests interleaved (1 k, 100 k, 1 k, 100 k, …) so that whatever else
 * the machine does falls on all sizes alike: the growth is then the data's, not the load's.
 */
async function measure(at: { b: BenchApp; m: Measure }[], runs: number): Promise<{ cold: Stats; warm: Stats }[]> {
  const cold = at.map(() => [] as number[]);
  const warm = at.map(() => [] as number[]);
  const cached = at[0].m.cached;
  for (let i = 0; i < runs; i++) {
    for (const [j, { b, m }] of at.entries()) {
      cold[j].push(...await timeRequests(cached ? b.uncached : b.request, () => m.path(i), 1));
    }
  }
  // The cached figure: the first request stored the page (or, never cached, read its rows once).
  for (const { b, m } of at) await timeRequests(b.request, () => m.path(0), 1);
  for (let i = 0; i < (cached ? runs * 4 : runs); i++) {
    for (const [j, { b, m }] of at.entries()) warm[j].push(...await timeRequests(b.request, () => m.path(0), 1));
  }
  return at.map((_, j) => ({ cold: stats(cold[j]), warm: stats(warm[j]) }));
}

// ---------- Market (issue 18) ----------

export async function growMarket(b: BenchApp, size: number): Promise<void> {
  const have = await b.count("market_products where title like 'bench %'");
  if (have >= size) return;
  // 60 % design goods, 40 % intellectual property; 70 % on sale, 10 % sold, 10 % waiting, 10 % banned.
  await b.exec(
    sql`with t as (select array_agg(thumbnail_id order by id) ids from market_products where thumbnail_id is not null),
      s as (select array_agg(id order by id) ids from users where username in ('company', 'member', 'tester'))
    insert into market_products (seller_id, type, category, title, title_en, summary, summary_en, description,
      description_en, thumbnail_id, rights_number, application_date, price, award_flag, request_count, status,
      decided_at, sold_at, created_at, updated_at)
    select s.ids[1 + g % 3], case when g % 5 < 3 then 'design' else 'intellect' end,
      case when g % 5 < 3 then (${lit(DESIGN_CATEGORIES)})[${pick(6, 1)}]
        else (${lit(INTELLECT_CATEGORIES)})[${pick(4, 1)}] end,
      'bench ' || (${lit(ADJECTIVES)})[${pick(8, 2)}] || ' ' || (${lit(WORDS)})[1 + g % 12] || ' ' || g,
      (${lit(WORDS_EN)})[1 + g % 12] || ' no. ' || g,
      (${lit(ADJECTIVES)})[${pick(8, 3)}] || ' 소재로 만든 ' || (${lit(WORDS)})[1 + g % 12] || '입니다.',
      'Made of ' || (${lit(WORDS_EN)})[${pick(12, 3)}] || ' material.',
      '자세한 사양과 거래 조건은 구매 요청을 보내 주시면 안내해 드립니다. 제품 번호 ' || g,
      'Send a purchase request for the full specification and terms. Product ' || g,
      t.ids[1 + g % greatest(1, coalesce(array_length(t.ids, 1), 1))],
      case when g % 5 < 3 then '' else '10-2020-' || lpad((g % 10000000)::text, 7, '0') end,
      case when g % 5 < 3 then null else date '2020-01-01' + (g % 1500) end,
      (abs(hashint4(g * 7 + 4)) % 5000) * 10000,
      g % 20 = 0,
      case when g % 10 = 7 then 1 else 0 end,
      (array['approved','approved','approved','approved','approved','approved','approved','finished','waiting',
        'rejected'])[${pick(10, 5)}],
      now(), null, now() - (${size}::int - g) * interval '1 minute', now()
    from generate_series(${have + 1}::int, ${size}::int) g, t, s`,
  );
  // What autovacuum gives a table in service after a bulk insert: statistics, and the visibility map that lets
  // bounded counts read the index alone.
  await b.seeder`vacuum analyze market_products`;
}

function marketMeasures(): Measure[] {
  const list = (query: string): Measure => ({
    label: decodeURIComponent(`/market/design${query}`),
    path: same(`/market/design${query}`),
    cached: true,
  });
  return [
    list(""),
    list("?page=5"),
    list("?order=price_asc"),
    list("?category=communication"),
    list("?award=1"),
    list("?price_min=1000000&price_max=5000000"),
    list("?category=product&award=1&price_min=1000000&order=price_desc"),
    list("?q=Lamp"),
    list("?q=no.%20777"),
    list(`?q=${encodeURIComponent("머그컵")}`),
    list(`?q=${encodeURIComponent("의자")}`), // 2 characters: no trigram of its own
    { label: "/market/intellect", path: same("/market/intellect"), cached: true },
  ];
}

/** Taking one request forward on a product with `open` open requests: `runs` products, one request each. */
async function forwardBench(b: BenchApp, open: number, runs: number): Promise<number[]> {
  const buyers = await b.count("users where username like 'benchbuyer%'");
  if (buyers < open) {
    await b.exec(
      sql`insert into users (username, email, password_hash, name, name_en)
      select 'benchbuyer' || g, 'benchbuyer' || g || '@example.com', 'x',
        (${lit(SURNAMES)})[1 + g % 8] || (${lit(GIVEN)})[1 + g % 10], 'Buyer ' || g
      from generate_series(${buyers + 1}::int, ${open}::int) g`,
    );
  }
  const cookie = await b.signIn("company");
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const [{ id: product }] = await b.rows<{ id: number }>(
      sql`insert into market_products (seller_id, type, category, title, price, status, request_count)
      select id, 'design', 'product', 'bench forward ' || ${i}::int, 100000, 'approved', ${open}::int from users
      where username = 'company' returning id`,
    );
    await b.exec(
      sql`insert into market_requests (product_id, buyer_id, message, contact, status)
      select ${product}, id, '구매 문의드립니다.', '010-0000-0000', 'requested' from users
      where username like 'benchbuyer%' order by id limit ${open}`,
    );
    const [{ id: request }] = await b.rows<{ id: number }>(
      sql`select id from market_requests where product_id = ${product} order by id limit 1 offset ${open >> 1}`,
    );
    const started = performance.now();
    const res = await b.request("/mypage/market", {
      method: "POST",
      headers: writeHeaders(cookie, { "content-type": "application/x-www-form-urlencoded" }),
      body: `_action=forward&request=${request}`,
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 303) throw new Error(`forward answered ${res.status}`);
    const canceled = await b.count(`market_requests where product_id = ${product} and status = 'canceled'`);
    if (canceled !== open - 1) throw new Error(`forward cancelled ${canceled} of ${open - 1}`);
  }
  return times;
}

// ---------- Jobs (issue 19) ----------

export async function growJob(b: BenchApp, size: number): Promise<void> {
  const postings = await b.count("job_postings where title like 'bench %'");
  if (postings < size) {
    // 85 % recruiting (closing within 60 days), 10 % done, 5 % cancelled.
    await b.exec(
      sql`with c as (select id from users where username = 'company')
      insert into job_postings (company_id, company, company_en, company_type, worker_num, title, title_en,
        occupation, duties, region, education, career, salary, salary_type, employ_type, holiday_type, work_hour,
        apply_method, close_on, status, created_at, updated_at)
      select c.id, (${lit(COMPANIES)})[${pick(8, 1)}], (${lit(COMPANIES_EN)})[${pick(8, 1)}], 'small', '10',
        'bench ' || (${lit(JOB_TITLES)})[${pick(6, 2)}] || ' 채용 ' || g,
        (${lit(JOB_TITLES_EN)})[${pick(6, 2)}] || ' wanted no. ' || g,
        (${lit(OCCUPATIONS)})[${pick(OCCUPATIONS.length, 3)}], '담당 업무 안내',
        (${lit(REGIONS)})[${pick(REGIONS.length, 4)}], 'any', (${lit(CAREERS)})[${pick(CAREERS.length, 5)}],
        30000000 + (g % 40) * 1000000, 'Y', (${lit(EMPLOY_TYPES)})[${pick(EMPLOY_TYPES.length, 6)}], 'five_days',
        'day', 'online', current_date + (1 + g % 60),
        (array['recruiting','recruiting','recruiting','recruiting','recruiting','recruiting','recruiting',
          'recruiting','recruiting','recruiting','recruiting','recruiting','recruiting','recruiting','recruiting',
          'recruiting','recruiting','done','done','cancelled'])[${pick(20, 7)}],
        now() - (${size}::int - g) * interval '1 minute', now()
      from generate_series(${postings + 1}::int, ${size}::int) g, c`,
    );
    await b.seeder`vacuum analyze job_postings`;
  }
  const people = await b.count("users where username like 'benchjob%'");
  if (people < size) {
    await b.exec(
      sql`insert into users (username, email, password_hash, name, name_en)
      select 'benchjob' || g, 'benchjob' || g || '@example.com', 'x',
        (${lit(SURNAMES)})[1 + g % 8] || (${lit(GIVEN)})[1 + (g / 8) % 10], 'Seeker ' || g
      from generate_series(${people + 1}::int, ${size}::int) g`,
    );
    // One resume each; 80 % looking.
    await b.exec(
      sql`insert into resumes (user_id, title, title_en, gender, occupation, region, career, education, employ_type,
        introduction, status, created_at, updated_at)
      select u.id, (${lit(JOB_TITLES)})[${pick(6, 2)}] || ' 지원 ' || g, (${lit(JOB_TITLES_EN)})[${
        pick(6, 2)
      }] || ' ' || g,
        'undisclosed', (${lit(OCCUPATIONS)})[${pick(OCCUPATIONS.length, 3)}],
        (${lit(REGIONS)})[${pick(REGIONS.length, 4)}], (${lit(CAREERS)})[${pick(CAREERS.length, 5)}], 'bachelor',
        (${lit(EMPLOY_TYPES)})[${pick(EMPLOY_TYPES.length, 6)}],
        (${lit(WORDS)})[1 + g % 12] || '와 ' || (${lit(WORDS)})[${pick(12, 8)}] || '를 디자인했습니다.',
        case when g % 5 = 0 then 'completed' else 'looking' end, now() - (${size}::int - g) * interval '1 minute', now()
      from (select id, substr(username, 9)::int as g from users where username like 'benchjob%'
        and substr(username, 9)::int > ${people}) u`,
    );
    await b.seeder`vacuum analyze users`;
    await b.seeder`vacuum analyze resumes`;
  }
}

function jobMeasures(): Measure[] {
  const all = "region=11&occupation=uiux&career=E&employ_type=regular";
  const m = (path: string): Measure => ({ label: decodeURIComponent(path), path: same(path), cached: true });
  return [
    m("/job/recruit"),
    m("/job/recruit?page=5"),
    m("/job/recruit?region=11"),
    m("/job/recruit?occupation=uiux"),
    m("/job/recruit?career=E"),
    m("/job/recruit?employ_type=regular"),
    m(`/job/recruit?keyword=${encodeURIComponent("브랜드")}`),
    m("/job/recruit?keyword=wanted%20no.%20777"),
    m(`/job/recruit?${all}`),
    m(`/job/recruit?${all}&keyword=${encodeURIComponent("디자이너")}`),
    m("/job/search"),
    m("/job/search?region=11"),
    m(`/job/search?keyword=${encodeURIComponent("머그컵")}`),
    m(`/job/search?${all}`),
    m(`/job/search?${all}&keyword=${encodeURIComponent("디자이너")}`),
  ];
}

// ---------- Boards (issue 13) ----------

export async function growBoard(b: BenchApp, size: number): Promise<void> {
  const have = await b.count("posts where title like 'bench %'");
  if (have >= size) return;
  // The trigram index is built once after the rows (as a restore would) rather than grown row by row.
  const [{ def }] = await b.seeder`select indexdef as def from pg_indexes where indexname = 'posts_search_trgm_idx'`;
  await b.seeder`set maintenance_work_mem = '256MB'`;
  await b.seeder`drop index posts_search_trgm_idx`;
  // All in the www site's open forum (its categories on two posts of three); writers members or anonymous.
  await b.exec(
    sql`with f as (select bo.id, (select array_agg(c.id order by c.id) from board_categories c where c.board_id = bo.id)
        cats from boards bo join sites s on s.id = bo.site_id where bo.slug = 'free' order by s.id limit 1),
      w as (select array_agg(id order by id) ids from users where username in ('member', 'tester', 'company'))
    insert into posts (board_id, category_id, title, content, plain, user_id, writer_name, views, created_at,
      updated_at)
    select f.id, case when g % 3 = 2 then null else f.cats[1 + g % 2] end,
      'bench ' || (${lit(ADJECTIVES)})[${pick(8, 1)}] || ' ' || (${lit(WORDS)})[1 + g % 12] || ' 이야기 글 ' || g,
      '<p>' || (${lit(WORDS)})[${pick(12, 2)}] || '와 ' || (${lit(WORDS)})[${pick(12, 3)}] ||
        '에 대해 이야기해 봅시다. 디자인센터 행사에서 본 ' || (${lit(WORDS_EN)})[${pick(12, 4)}] ||
        ' 전시가 좋았습니다.</p>',
      (${lit(WORDS)})[${pick(12, 2)}] || '와 ' || (${lit(WORDS)})[${pick(12, 3)}] ||
        '에 대해 이야기해 봅시다. 디자인센터 행사에서 본 ' || (${lit(WORDS_EN)})[${
      pick(12, 4)
    }] || ' 전시가 좋았습니다.',
      case when g % 4 = 0 then null else w.ids[1 + g % 3] end,
      (${lit(SURNAMES)})[1 + g % 8] || (${lit(GIVEN)})[1 + (g / 8) % 10],
      g % 500, now() - (${size}::int - g) * interval '10 seconds', now()
    from generate_series(${have + 1}::int, ${size}::int) g, f, w`,
  );
  // One post in ten has a comment.
  await b.exec(
    sql`insert into comments (post_id, writer_name, content)
    select id, '댓글러', '좋은 글 감사합니다.' from posts where title like 'bench %' and id % 10 = 0
      and id > coalesce((select max(post_id) from comments), 0)`,
  );
  await b.seeder.unsafe(def as string);
  await b.seeder`vacuum analyze posts`;
  await b.seeder`vacuum analyze comments`;
}

async function boardMeasures(b: BenchApp, size: number): Promise<Measure[]> {
  const categories = (await b.rows<{ id: number }>(
    sql`select c.id from board_categories c join boards bo on bo.id = c.board_id where bo.slug = 'free'
      and bo.site_id = (select site_id from boards where slug = 'free' order by site_id limit 1) order by c.id`,
  )).map((r) => r.id);
  const [{ lo, hi }] = await b.rows<{ lo: number; hi: number }>(
    sql`select min(id) lo, max(id) hi from posts where title like 'bench %'`,
  );
  // Different posts and numbers per request, spread over the whole range (deterministic).
  const spread = (i: number, n: number) => 1 + Math.floor(((i * 7919 + 13) % 1000) / 1000 * (n - 1));
  const post = (i: number) => lo + spread(i, hi - lo + 1) - 1;
  const number = (i: number) => spread(i + 1, size);
  const enc = encodeURIComponent;
  return [
    { label: "/board/free", path: (i) => (i ? `/board/free?page=${1 + i}` : "/board/free"), cached: false },
    {
      label: "/board/free?page=N (deep pages)",
      path: (i) => `/board/free?page=${spread(i, 1000) * 10}`,
      cached: false,
    },
    {
      label: "/board/free?category=… (2 of 3 posts)",
      path: (i) => `/board/free?category=${categories[i % 2]}${i > 1 ? `&page=${i}` : ""}`,
      cached: false,
    },
    { label: "/board/free/{id} (post page)", path: (i) => `/board/free/${post(i)}`, cached: false },
    {
      label: "/board/free?keyword=글 N (a few posts)",
      path: (i) => `/board/free?keyword=${enc(`글 ${number(i)}`)}`,
      cached: false,
    },
    {
      label: "/board/free?keyword=<2 words> (1 in 96)",
      path: (i) => `/board/free?keyword=${enc(`${ADJECTIVES[i % 8]} ${WORDS[i % 12]}`)}`,
      cached: false,
    },
    {
      label: "/board/free?key=title&keyword=글 N",
      path: (i) => `/board/free?key=title&keyword=${enc(`글 ${number(i)}`)}`,
      cached: false,
      // `title ilike` has no index of its own: every request reads the board.
      runs: 5,
    },
    { label: "/search?q=글 N (site search)", path: (i) => `/search?q=${enc(`글 ${number(i)}`)}`, cached: false },
    {
      label: "/search?q=<2 words> (site search, 1 in 96)",
      path: (i) => `/search?q=${enc(`${ADJECTIVES[i % 8]} ${WORDS[i % 12]}`)}`,
      cached: false,
    },
  ];
}

/** The board list's and the site search's statements as domain/board/posts.ts and domain/search build them. */
async function explainBoard(b: BenchApp): Promise<void> {
  const [{ id }] = await b.rows<{ id: number }>(
    sql`select board_id as id from posts where title like 'bench %' limit 1`,
  );
  const shown = sql.raw(`board_id = ${id} and parent_id is null and status <> 'deleted' and approval = 'approved'
    and (post_from is null or post_from <= now()) and (post_to is null or post_to > now())`);
  const all = (word: string) => sql.raw(`("title" || ' ' || "plain" || ' ' || "writer_name") ilike '%${word}%'`);
  const statements = [
    sql`select * from posts where ${shown} order by pinned desc, id desc limit 8 offset 79992`,
    sql`select count(*) from (select id from posts where ${shown} and ${all("글 4242")} limit 1001) t`,
    sql`select * from posts where ${shown} and ${all("글 4242")} order by pinned desc, id desc limit 8`,
    sql`select count(*) from (select id from posts where ${shown} and ${all("한지 의자")} limit 1001) t`,
    sql`select * from posts where ${shown} and ${all("한지 의자")} order by pinned desc, id desc limit 8`,
    sql`select count(*) from (select id from posts where ${shown} and title ilike '%글 4242%' limit 1001) t`,
    sql`select count(*) from posts where ${all("한지 의자")} and status = 'visible' and approval = 'approved'
      and not secret and board_id = ${id}`,
  ];
  for (const statement of statements) {
    const plan = await b.rows<{ "QUERY PLAN": string }>(sql`explain (analyze, buffers) ${statement}`);
    console.log(`\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
  }
}

/** The market's keyword lists as domain/market/public.ts builds them (through the app's own builder). */
async function explainMarket(b: BenchApp): Promise<void> {
  const db = b.database.db;
  for (const keyword of ["Lamp", "no. 777", "의자"]) {
    const where = await listCondition(db, "design", ProductListQuery.parse({ q: keyword }));
    const statements = [
      db.select({ id: marketProducts.id }).from(marketProducts).where(where).limit(COUNT_EXACT_UP_TO + 1).getSQL(),
      db.select().from(marketProducts).where(where).orderBy(desc(marketProducts.id)).limit(8).getSQL(),
    ];
    for (const statement of statements) {
      const plan = await b.rows<{ "QUERY PLAN": string }>(sql`explain (analyze, buffers) ${statement}`);
      console.log(`\n${keyword}:\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
  }
}

// ---------- Main ----------

function report(sizes: number[], figures: Map<string, Figure[]>, coldLabel: string, warmLabel: string): string {
  const arrow = (xs: number[]) => xs.map(ms).join(" → ");
  const growth = (xs: number[]) => xs.slice(1).map((x) => `${(x / xs[0]).toFixed(2)}×`).join(", ");
  const head = [
    `page (${sizes.map(sizeLabel).join(" → ")})`,
    `${coldLabel} p50`,
    `${coldLabel} p99`,
    `${warmLabel} p50`,
    `${warmLabel} p99`,
    `growth of p50 ${coldLabel} / ${warmLabel}`,
  ];
  const rows = [...figures].map(([label, fs]) => {
    const cold = fs.map((f) => f.cold.p50);
    const warm = fs.map((f) => f.warm.p50);
    return [
      `\`${label}\``,
      arrow(cold),
      arrow(fs.map((f) => f.cold.p99)),
      arrow(warm),
      arrow(fs.map((f) => f.warm.p99)),
      `${growth(cold)} / ${growth(warm)}`,
    ];
  });
  return markdownTable(head, rows);
}

async function main() {
  const options = parseAreaArgs(Deno.args);
  // One database (and app) per size, all kept, so that their requests can take turns.
  const benches: { size: number; b: BenchApp }[] = [];
  try {
    for (const size of options.sizes) {
      const b = await openBenchApp({ uncached: true });
      benches.push({ size, b });
      const started = performance.now();
      if (options.area === "market") await growMarket(b, size);
      if (options.area === "job") await growJob(b, size);
      if (options.area === "board") await growBoard(b, size);
      const grown = (performance.now() - started) / 1000;
      const counts = options.area === "market"
        ? `${await b.count("market_products")} products`
        : options.area === "job"
        ? `${await b.count("job_postings")} postings, ${await b.count("resumes")} resumes`
        : `${await b.count("posts")} posts`;
      console.log(`== ${sizeLabel(size)}: ${counts}; grown in ${grown.toFixed(1)} s`);
    }
    const measures = await Promise.all(
      benches.map(({ b, size }) =>
        options.area === "market" ? marketMeasures() : options.area === "job" ? jobMeasures() : boardMeasures(b, size)
      ),
    );
    const figures = new Map<string, Figure[]>();
    for (const [k, m] of measures[0].entries()) {
      const at = benches.map(({ b }, j) => ({ b, m: measures[j][k] }));
      // A few requests of other pages first warm the JIT and the plans.
      await measure(at.map(({ b, m }) => ({ b, m: { ...m, path: (i: number) => m.path(i + 500) } })), 3);
      const results = await measure(at, Math.min(m.runs ?? options.runs, options.runs));
      const fs = results.map((r, j) => ({ size: benches[j].size, ...r }));
      figures.set(m.label, fs);
      console.log(
        `${m.label.padEnd(64)} ` + fs.map((f) =>
          `${sizeLabel(f.size)}: cold ${ms(f.cold.p50)} / ${ms(f.cold.p99)}, ` +
          `${m.cached ? "cached" : "warm"} ${ms(f.warm.p50)} / ${ms(f.warm.p99)}`
        ).join("; "),
      );
    }
    const forward: { size: number; times: number[] }[] = [];
    for (const { b, size } of benches) {
      if (options.explain && options.area === "board") await explainBoard(b);
      if (options.explain && options.area === "market") await explainMarket(b);
      if (options.area === "market") {
        const times = await forwardBench(b, 1_000, Math.min(5, options.runs));
        forward.push({ size, times });
        console.log(`take a request forward, 1,000 open, ${sizeLabel(size)}: ${times.map(ms).join(", ")}`);
      }
    }
    const cached = options.area !== "board";
    console.log(`\n${report(options.sizes, figures, "cold", cached ? "cached" : "warm")}`);
    for (const { size, times } of forward) {
      const s = stats(times);
      console.log(
        `\nTaking a request forward with 1,000 open requests (999 cancelled and mailed), ${sizeLabel(size)} ` +
          `products: ${s.n} runs, p50 ${ms(s.p50)}, max ${ms(s.max)}`,
      );
    }
  } finally {
    for (const { b } of benches) await b.close();
  }
}

if (import.meta.main) {
  await main();
  // The apps' background jobs (outbox, retention) keep timers; the measurements are done.
  Deno.exit(0);
}

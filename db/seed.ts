// Demo data for a fresh database: the council's main site (`www`) and the IBDA award sub-site (`ibda`),
// their host names, menus and content pages. Runs once: a database that already has a site is left alone.
// Each area seeds its demo data in its own `seedXxx(tx, ids)` section called from `seedDatabase`.
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { domains, menus, pages, sites } from "./schema/site.ts";
import { IBDA_MENU, WWW_MENU } from "./seed/menus.ts";
import { IBDA_PAGES } from "./seed/pages_ibda.ts";
import { IBDA_POLICY_PAGES } from "./seed/pages_ibda_policies.ts";
import { WWW_PAGES } from "./seed/pages_www.ts";
import { WWW_POLICY_PAGES } from "./seed/pages_www_policies.ts";
import { WWW_SERVICE_PAGES } from "./seed/pages_www_services.ts";
import type { MenuSeed, PageSeed } from "./seed/types.ts";
import { seedMembers } from "./seed/members.ts";
import { seedAwards } from "./seed/awards.ts";
import { seedBoards } from "./seed/board.ts";
import { seedEventBoard } from "./seed/board-form.ts";
import { seedJudging } from "./seed/judging.ts";
import { seedContests } from "./seed/contest.ts";
import { seedProgrammes } from "./seed/programme.ts";
import { seedJobs } from "./seed/job.ts";
import { seedMarket } from "./seed/market.ts";
import { seedBuilder } from "./seed/builder.ts";
import { createSite } from "../domain/builder/sites.ts";
import { parseTrees } from "../domain/builder/tree.ts";
import { publishDraft } from "../domain/builder/versions.ts";
import type { Viewer } from "../domain/member/permissions.ts";
import { users } from "./schema/member.ts";
import { seedHtmlToTree } from "./seed/html-tree.ts";
import type { FileStore } from "../domain/file/storage.ts";

/** Ids of the seeded sites, handed to every seed section. */
export interface SeedIds {
  www: number;
  ibda: number;
}

/** Serialises concurrent seeders (several instances starting on one empty database). */
const SEED_LOCK = 727002;

export interface SeedOptions {
  /** Where seeded files (award pictures) are stored; without one only their rows are made. */
  store?: FileStore;
}

export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<{ seeded: boolean }> {
  return await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ id: sites.id }).from(sites).limit(1);
    if (existing) return { seeded: false };

    const ids = await seedSites(tx);
    await seedMenus(tx, ids);
    await seedMembers(tx);
    // After the members: the pages are published by the administrator, as the builder publishes them.
    await seedPages(tx, ids);
    await seedAwards(tx, { store: options.store });
    await seedBoards(tx, { store: options.store });
    await seedJudging(tx);
    await seedContests(tx);
    await seedProgrammes(tx);
    await seedJobs(tx);
    await seedMarket(tx, { store: options.store });
    await seedBuilder(tx, ids);
    // Last, so the ids of every other seeded form, board and post stay as they were.
    await seedEventBoard(tx);
    return { seeded: true };
  });
}

export async function seedSites(tx: Tx): Promise<SeedIds> {
  const common = { locale: "ko", homeUrl: "/", payModule: "test" } as const;
  const [www] = await tx.insert(sites).values({
    ...common,
    subDomain: "www",
    host: "www.localhost",
    name: "한빛지역디자인센터",
    nameEn: "Hanbit Regional Design Center",
    title: "한빛지역디자인센터",
    titleEn: "Hanbit Regional Design Center",
    description:
      "한빛지역디자인센터는 국제디자인어워드, 공모전, 기업 디자인 지원, 디자인 마켓과 일자리, 재능 나눔, 교육으로 지역 디자인 산업의 성장을 돕는 공공 디자인 진흥 기관입니다.",
    descriptionEn:
      "Hanbit Regional Design Center is a public agency that grows the region's design industry through an international design award, contests, business support, a design market, jobs, talent sharing and education.",
    keywords:
      "한빛지역디자인센터, 디자인 어워드, 한빛국제디자인어워드, 디자인 공모전, 디자인 지원사업, 디자인 마켓, 디자인 일자리, 재능 나눔, 디자인 교육, Hanbit Regional Design Center, design award",
  }).returning({ id: sites.id });
  // The second sub-site is made as /management/site/create makes one (issue 15 §6: the same code path),
  // its host name pointed at it.
  const ibda = await createSite(tx, {
    sub_domain: "ibda",
    host: "ibda.localhost",
    name: "IBDA 국제브라이트디자인어워드",
    name_en: "IBDA International Bright Design Award",
    title: "IBDA 국제브라이트디자인어워드",
    title_en: "IBDA — International Bright Design Award",
    description:
      "IBDA(국제브라이트디자인어워드)는 사람의 삶과 환경을 밝히는 디자인을 발굴하는 국제 디자인 공모로, 한빛지역디자인센터가 주최합니다.",
    description_en:
      "IBDA, the International Bright Design Award, seeks out design that brightens people's lives and the environment. It is organized by Hanbit Regional Design Center.",
    keywords: "IBDA, 국제브라이트디자인어워드, 국제 디자인 공모, 지속 가능 디자인, International Bright Design Award",
    og_image: "",
    locale: common.locale,
    home_url: common.homeUrl,
    pay_module: common.payModule,
  });

  await tx.insert(domains).values([
    { host: "localhost", siteId: www.id },
    { host: "127.0.0.1", siteId: www.id },
    { host: "www.localhost", siteId: www.id },
  ]);
  return { www: www.id, ibda: ibda.id };
}

export async function seedMenus(tx: Tx, ids: SeedIds): Promise<void> {
  await insertMenuItems(tx, ids.www, null, WWW_MENU);
  await insertMenuItems(tx, ids.ibda, null, IBDA_MENU);
}

/** Inserts one level of a menu tree, each parent before its children; `sort` runs 10, 20, 30 … */
async function insertMenuItems(
  tx: Tx,
  siteId: number,
  parentId: number | null,
  items: readonly MenuSeed[],
): Promise<void> {
  for (const [index, item] of items.entries()) {
    const [row] = await tx.insert(menus).values({
      siteId,
      parentId,
      title: item.title,
      titleEn: item.titleEn,
      url: item.url,
      layout: item.layout ?? null,
      sort: (index + 1) * 10,
      hidden: item.hidden ?? false,
    }).returning({ id: menus.id });
    if (item.children?.length) await insertMenuItems(tx, siteId, row.id, item.children);
  }
}

/**
 * The demo sites' pages, rebuilt as builder trees (issue 15 §6): each page's authored HTML becomes the
 * catalogue's components (db/seed/html-tree.ts) in both languages, checked by the catalogue's schemas
 * (parseTrees) and published by the administrator through the builder's publishDraft, which marks the page
 * a builder page and stores its search text. The page row keeps no HTML of its own.
 */
export async function seedPages(tx: Tx, ids: SeedIds): Promise<void> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, "admin")).limit(1);
  const viewer: Viewer = { id: admin?.id ?? 0, roles: [] };
  const rows = (siteId: number, list: readonly PageSeed[]) => list.map((page) => ({ siteId, page }));
  for (
    const { siteId, page } of [
      ...rows(ids.www, [...WWW_PAGES, ...WWW_SERVICE_PAGES, ...WWW_POLICY_PAGES]),
      ...rows(ids.ibda, [...IBDA_PAGES, ...IBDA_POLICY_PAGES]),
    ]
  ) {
    const { content, contentEn, ...fields } = page;
    const [row] = await tx.insert(pages).values({ siteId, ...fields }).returning({ id: pages.id });
    const trees = parseTrees({
      ko: seedHtmlToTree(content, { lang: "ko", prefix: "ko" }),
      en: seedHtmlToTree(contentEn, { lang: "en", prefix: "en" }),
    });
    await publishDraft(tx, viewer, row.id, trees);
  }
}

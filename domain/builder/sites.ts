// Site administration (issue 15 §4, SPEC §3 Site, Menu item, Page): sub-sites and their host names, menus
// in both languages, content pages. Every change of these tables fires their trigger, so every instance drops
// its cached sites, menus and pages (NOTIFY site_cache). The seed makes its second sub-site through
// createSite too.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { domains, menus, pages, type Site, sites } from "../../db/schema/site.ts";
import { PAY_PROVIDERS } from "../../fresh.config.ts";
import { HttpError } from "../../framework/errors.ts";
import { hostName } from "../site/hosts.ts";
import { canonicalPath } from "../site/paths.ts";
import { isSafeUrl } from "./tree.ts";
import { menuMove, wouldCycle } from "./rules.ts";

const text = (max: number) => z.string().trim().max(max, "builder.too_long");
const required = (max: number) => text(max).min(1, "builder.required");
const flag = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean());
/** A file under /storage/public/ (the share image), by its path there. */
const publicFile = z.string().trim().max(300).regex(
  /^(?:[\w-]+\/)*[\w-]+\.(?:jpe?g|png|webp)$/i,
  "builder.image_refused",
)
  .or(z.literal("")).default("");
const sameSitePath = z.string().trim().max(500).refine(
  (v) => v.startsWith("/") && isSafeUrl(v),
  "builder.path_invalid",
);

// ---------- Sites ----------

export const SiteInput = z.object({
  sub_domain: z.string().trim().toLowerCase().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, "builder.domain_invalid"),
  host: z.string().trim().toLowerCase().max(253),
  name: required(100),
  name_en: text(100).default(""),
  title: required(200),
  title_en: text(200).default(""),
  description: text(500).default(""),
  description_en: text(500).default(""),
  keywords: text(500).default(""),
  og_image: publicFile,
  locale: z.enum(["ko", "en"], "builder.option_invalid").default("ko"),
  home_url: sameSitePath.default("/"),
  pay_module: z.enum(PAY_PROVIDERS, "builder.option_invalid").default("test"),
});
export type SiteInput = z.infer<typeof SiteInput>;

function hostOf(value: string): string {
  try {
    return hostName(value);
  } catch {
    throw new HttpError(422, "builder.domain_invalid", undefined, { fields: { host: ["builder.domain_invalid"] } });
  }
}

const siteValues = (input: SiteInput) => ({
  subDomain: input.sub_domain,
  host: hostOf(input.host),
  name: input.name,
  nameEn: input.name_en,
  title: input.title,
  titleEn: input.title_en,
  description: input.description,
  descriptionEn: input.description_en,
  keywords: input.keywords,
  ogImage: input.og_image || null,
  locale: input.locale,
  homeUrl: input.home_url,
  payModule: input.pay_module,
});

async function checkSubDomain(tx: Tx, subDomain: string, except?: number) {
  const [taken] = await tx.select({ id: sites.id }).from(sites)
    .where(except ? and(eq(sites.subDomain, subDomain), ne(sites.id, except)) : eq(sites.subDomain, subDomain))
    .limit(1);
  if (taken) {
    throw new HttpError(422, "builder.sub_domain_taken", undefined, {
      fields: { sub_domain: ["builder.sub_domain_taken"] },
    });
  }
}

/** A new sub-site with its primary host name pointed at it (SPEC §1 sub-sites chosen by host name). */
export async function createSite(tx: Tx, input: SiteInput): Promise<Site> {
  const values = siteValues(input);
  await checkSubDomain(tx, values.subDomain);
  await checkHostFree(tx, values.host);
  const [site] = await tx.insert(sites).values(values).returning();
  await tx.insert(domains).values({ host: values.host, siteId: site.id }).catch(uniqueRace);
  return site;
}

/**
 * A site's settings. A new primary host follows createSite's rule: it must not point at another site (409).
 * The domains row of the old host moves to the new one, so the new host reaches the site and the old one is
 * freed; a new host that already was one of this site's names just becomes the primary, the others stay.
 */
export async function updateSite(tx: Tx, id: number, input: SiteInput): Promise<Site> {
  const values = siteValues(input);
  const [current] = await tx.select().from(sites).where(eq(sites.id, id)).for("update").limit(1);
  if (!current) throw new HttpError(404, "builder.site_not_found");
  await checkSubDomain(tx, values.subDomain, id);
  if (values.host !== current.host) {
    const [owner] = await tx.select({ siteId: domains.siteId }).from(domains).where(eq(domains.host, values.host))
      .limit(1);
    if (owner && owner.siteId !== id) throw hostTaken();
    if (!owner) {
      const moved = await tx.update(domains).set({ host: values.host })
        .where(and(eq(domains.host, current.host), eq(domains.siteId, id))).returning({ id: domains.id })
        .catch(uniqueRace);
      if (moved.length === 0) await tx.insert(domains).values({ host: values.host, siteId: id }).catch(uniqueRace);
    }
  }
  const [site] = await tx.update(sites).set({ ...values, updatedAt: new Date() }).where(eq(sites.id, id)).returning();
  return site;
}

export async function allSites(tx: Tx): Promise<Site[]> {
  return await tx.select().from(sites).orderBy(asc(sites.id));
}

export async function siteById(tx: Tx, id: number): Promise<Site> {
  const [site] = await tx.select().from(sites).where(eq(sites.id, id)).limit(1);
  if (!site) throw new HttpError(404, "builder.site_not_found");
  return site;
}

/** The site a management screen works on: `?site=` when given, else the one of the host asked. */
export async function chosenSite(tx: Tx, param: string | null, current: Site | null): Promise<Site> {
  if (param === null || param === "") {
    if (!current) throw new HttpError(404, "builder.site_not_found");
    return current;
  }
  if (!/^\d{1,9}$/.test(param)) throw new HttpError(404, "builder.site_not_found");
  return await siteById(tx, Number(param));
}

// ---------- Host names ----------

/** A host name already pointing at a site: a conflict with what exists (409), shown on the host field. */
const hostTaken = () =>
  new HttpError(409, "builder.domain_taken", undefined, { fields: { host: ["builder.domain_taken"] } });

/** A concurrent write of the same host: the unique index decides. */
function uniqueRace(err: unknown): never {
  if ((err as { code?: string }).code === "23505" || String((err as Error).cause ?? err).includes("23505")) {
    throw hostTaken();
  }
  throw err;
}

async function checkHostFree(tx: Tx, host: string) {
  const [taken] = await tx.select({ id: domains.id }).from(domains).where(eq(domains.host, host)).limit(1);
  if (taken) throw hostTaken();
}

export const DomainInput = z.object({ host: z.string().trim().max(253), site: z.coerce.number().int().min(1) });

/** Points a host name at a site; a host already pointing anywhere is refused (checked unique). */
export async function addDomain(tx: Tx, input: z.infer<typeof DomainInput>): Promise<void> {
  const host = hostOf(input.host);
  await siteById(tx, input.site);
  await checkHostFree(tx, host);
  await tx.insert(domains).values({ host, siteId: input.site }).catch(uniqueRace);
}

export async function removeDomain(tx: Tx, id: number): Promise<void> {
  await tx.delete(domains).where(eq(domains.id, id));
}

export async function allDomains(tx: Tx) {
  return await tx.select({ id: domains.id, host: domains.host, siteId: domains.siteId, site: sites.name })
    .from(domains).innerJoin(sites, eq(sites.id, domains.siteId)).orderBy(asc(domains.host));
}

// ---------- Menus ----------

export const MenuInput = z.object({
  title: required(100),
  title_en: text(100).default(""),
  url: z.string().trim().max(500).refine(
    (v) => v.length > 0 && isSafeUrl(v) && !v.startsWith("#"),
    "builder.url_refused",
  ),
  layout: z.string().trim().max(40).regex(/^[a-z-]*$/, "builder.option_invalid").default(""),
  parent: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? null : v),
    z.coerce.number().int().min(1).nullable(),
  ),
  hidden: flag.default(false),
});
export type MenuInput = z.infer<typeof MenuInput>;

export async function menuRows(tx: Tx, siteId: number) {
  return await tx.select().from(menus).where(eq(menus.siteId, siteId)).orderBy(asc(menus.sort), asc(menus.id));
}

async function checkParent(tx: Tx, siteId: number, id: number | null, parent: number | null) {
  if (parent === null) return;
  const rows = await menuRows(tx, siteId);
  if (!rows.some((r) => r.id === parent)) {
    throw new HttpError(422, "builder.menu_not_found", undefined, { fields: { parent: ["builder.menu_not_found"] } });
  }
  if (id !== null && wouldCycle(rows, id, parent)) {
    throw new HttpError(422, "builder.menu_cycle", undefined, { fields: { parent: ["builder.menu_cycle"] } });
  }
}

export async function addMenu(tx: Tx, siteId: number, input: MenuInput): Promise<number> {
  await checkParent(tx, siteId, null, input.parent);
  const [last] = await tx.select({ n: sql<number>`coalesce(max(${menus.sort}), 0)::int` }).from(menus)
    .where(
      and(
        eq(menus.siteId, siteId),
        input.parent === null ? sql`${menus.parentId} is null` : eq(menus.parentId, input.parent),
      ),
    );
  const [row] = await tx.insert(menus).values({
    siteId,
    parentId: input.parent,
    title: input.title,
    titleEn: input.title_en,
    url: input.url,
    layout: input.layout || null,
    hidden: input.hidden,
    sort: (last?.n ?? 0) + 10,
  }).returning({ id: menus.id });
  return row.id;
}

async function menuOf(tx: Tx, siteId: number, id: number) {
  const [row] = await tx.select().from(menus).where(and(eq(menus.id, id), eq(menus.siteId, siteId))).limit(1);
  if (!row) throw new HttpError(404, "builder.menu_not_found");
  return row;
}

export async function updateMenu(tx: Tx, siteId: number, id: number, input: MenuInput): Promise<void> {
  const row = await menuOf(tx, siteId, id);
  if (input.parent === id) {
    throw new HttpError(422, "builder.menu_cycle", undefined, { fields: { parent: ["builder.menu_cycle"] } });
  }
  await checkParent(tx, siteId, id, input.parent);
  await tx.update(menus).set({
    parentId: input.parent,
    title: input.title,
    titleEn: input.title_en,
    url: input.url,
    layout: input.layout || null,
    hidden: input.hidden,
    // Under a new parent it goes last.
    sort: row.parentId === input.parent ? row.sort : 100_000,
    updatedAt: new Date(),
  }).where(eq(menus.id, id));
}

export async function moveMenu(tx: Tx, siteId: number, id: number, direction: "up" | "down"): Promise<void> {
  await menuOf(tx, siteId, id);
  const changes = menuMove(await menuRows(tx, siteId), id, direction);
  for (const [menuId, sort] of changes) await tx.update(menus).set({ sort }).where(eq(menus.id, menuId));
}

/** Deletes an item; its children move up to its parent (nothing is lost by accident). */
export async function deleteMenu(tx: Tx, siteId: number, id: number): Promise<void> {
  const row = await menuOf(tx, siteId, id);
  await tx.update(menus).set({ parentId: row.parentId }).where(eq(menus.parentId, id));
  await tx.delete(menus).where(eq(menus.id, id));
}

// ---------- Pages ----------

export const PAGE_LAYOUT_NAMES = ["default", "sub", "home", "print"] as const;

export const PageInput = z.object({
  path: z.string().trim().min(1, "builder.path_invalid").max(500),
  title: required(200),
  title_en: text(200).default(""),
  layout: z.enum(PAGE_LAYOUT_NAMES, "builder.option_invalid").default("sub"),
  description: text(500).default(""),
  description_en: text(500).default(""),
  og_image: publicFile,
  published: flag.default(false),
});
export type PageInput = z.infer<typeof PageInput>;

/** A page path in its canonical form, refused when the application owns it or another page has it. */
export async function checkPagePath(
  tx: Tx,
  siteId: number,
  raw: string,
  isAppPath: (path: string) => boolean,
  except?: number,
): Promise<string> {
  const refuse = (key: string) => new HttpError(422, key, undefined, { fields: { path: [key] } });
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("?") || raw.includes("#")) {
    throw refuse("builder.path_invalid");
  }
  let path: string;
  try {
    path = canonicalPath(raw);
  } catch {
    throw refuse("builder.path_invalid");
  }
  if (isAppPath(path)) throw refuse("builder.path_reserved");
  const [taken] = await tx.select({ id: pages.id }).from(pages).where(
    except
      ? and(eq(pages.siteId, siteId), eq(pages.path, path), ne(pages.id, except))
      : and(eq(pages.siteId, siteId), eq(pages.path, path)),
  ).limit(1);
  if (taken) throw refuse("builder.path_taken");
  return path;
}

const pageValues = (input: PageInput, path: string) => ({
  path,
  title: input.title,
  titleEn: input.title_en,
  layout: input.layout,
  description: input.description,
  descriptionEn: input.description_en,
  ogImage: input.og_image || null,
  published: input.published,
});

export async function createPage(tx: Tx, siteId: number, input: PageInput, isAppPath: (p: string) => boolean) {
  const path = await checkPagePath(tx, siteId, input.path, isAppPath);
  const [row] = await tx.insert(pages).values({ siteId, ...pageValues(input, path) }).returning();
  return row;
}

export async function updatePage(tx: Tx, id: number, input: PageInput, isAppPath: (p: string) => boolean) {
  const [current] = await tx.select().from(pages).where(eq(pages.id, id)).limit(1);
  if (!current) throw new HttpError(404, "builder.page_not_found");
  const path = await checkPagePath(tx, current.siteId, input.path, isAppPath, id);
  await tx.update(pages).set({ ...pageValues(input, path), updatedAt: new Date() }).where(eq(pages.id, id));
}

export async function deletePage(tx: Tx, id: number): Promise<void> {
  await tx.delete(pages).where(eq(pages.id, id));
}

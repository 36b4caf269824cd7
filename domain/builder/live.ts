// The live data of a builder page's custom components (issue 15 §3): the current award, the latest notices,
// the open contests, a gallery strip, the upcoming events and content blocks, each read through its own
// area's domain functions before the page renders (server rendering is synchronous). The page is the same
// for every visitor — read as anonymous — so the rendered page is cached with its data like any public
// page, and dropped when what it shows changes (NOTIFY site_cache) or after the cache's TTL.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentBlocks } from "../../db/schema/builder.ts";
import type { Locale } from "../../fresh.config.ts";
import { currentAward } from "../award/public.ts";
import { awardStatus } from "../award/phase.ts";
import type { AwardFamily } from "../award/options.ts";
import { boardOf, localized } from "../board/boards.ts";
import { listAlbums, listDesigners, listVideos } from "../board/gallery.ts";
import { upcomingEvents } from "../board/gallery.ts";
import { latestPosts } from "../board/posts.ts";
import { listContests } from "../contest/public.ts";
import { ANONYMOUS } from "../member/permissions.ts";
import { loadImageSizes } from "./page-files.ts";
import { type BuilderNode, walkNodes } from "./tree.ts";

export interface LiveLink {
  title: string;
  href: string;
  meta?: string;
  image?: string | null;
}

export type LiveItem =
  | {
    kind: "award";
    award: { title: string; year: number; status: string; submitFrom: string | null; submitTo: string | null } | null;
    href: string;
  }
  | { kind: "list"; items: LiveLink[]; more: string }
  | { kind: "block"; title: string; html: string }
  /** A stored picture's pixel size, under `file:{id}` (page-files.ts loadImageSizes): width and height for <img>. */
  | { kind: "file"; width: number | null; height: number | null }
  | { kind: "missing" };

/** Live data by node id. */
export type LiveData = Record<string, LiveItem>;

const LIVE_TYPES = new Set(["award", "notices", "contests", "gallery", "events", "content"]);

export function needsLiveData(nodes: readonly BuilderNode[]): boolean {
  for (const node of walkNodes(nodes)) if (LIVE_TYPES.has(node.type)) return true;
  return false;
}

const num = (v: unknown, fallback: number) => (typeof v === "number" ? v : fallback);
const none = () => "";

export async function loadLiveData(
  db: Db,
  siteId: number,
  nodes: readonly BuilderNode[],
  locale: Locale,
  { now = new Date(), usdKrwRate = 1400 }: { now?: Date; usdKrwRate?: number } = {},
): Promise<LiveData> {
  const live: LiveData = {};
  const blockIds = new Set<number>();
  const jobs: Promise<void>[] = [];
  for (const node of walkNodes(nodes)) {
    const p = node.props;
    switch (node.type) {
      case "award":
        jobs.push((async () => {
          const family = (p.family === "ibda" ? "ibda" : "award") as AwardFamily;
          const row = await currentAward(db, family, now);
          live[node.id] = {
            kind: "award",
            href: `/${family}`,
            award: row && {
              title: localized(locale, row.title, row.titleEn),
              year: row.year,
              status: awardStatus(row, now),
              submitFrom: row.submitFrom?.toISOString() ?? null,
              submitTo: row.submitTo?.toISOString() ?? null,
            },
          };
        })());
        break;
      case "notices":
        jobs.push((async () => {
          const slug = String(p.board ?? "notice");
          try {
            const board = await boardOf(db, siteId, slug);
            const posts = await latestPosts(db, board, num(p.count, 5), ANONYMOUS, locale, now);
            live[node.id] = {
              kind: "list",
              more: `/board/${board.slug}`,
              items: posts.map((r) => ({
                title: r.title,
                href: `/board/${board.slug}/${r.id}`,
                meta: r.created_at.slice(0, 10),
              })),
            };
          } catch {
            live[node.id] = { kind: "list", more: "", items: [] }; // a board that is gone shows the empty state
          }
        })());
        break;
      case "contests":
        jobs.push((async () => {
          const list = await listContests(
            db,
            {
              page: 1,
              perPage: num(p.count, 4),
              orderby: "close_at",
              ordertype: "asc",
              status: "ongoing",
              lang: locale,
            },
            locale,
            now,
            usdKrwRate,
            none,
          );
          live[node.id] = {
            kind: "list",
            more: "/contest",
            items: list.data.map((c) => ({ title: c.title, href: `/contest/${c.id}`, meta: c.close_at.slice(0, 10) })),
          };
        })());
        break;
      case "gallery":
        jobs.push((async () => {
          const q = { page: 1, perpage: num(p.count, 6) };
          const kind = p.kind === "designer" || p.kind === "video" ? p.kind : "photo";
          let items: LiveLink[];
          if (kind === "designer") {
            const list = await listDesigners(db, siteId, q, locale, none);
            items = list.data.map((d) => ({
              title: d.name,
              href: `/gallery/designer/${d.id}`,
              image: d.photo?.thumbnail ?? null,
            }));
          } else if (kind === "video") {
            const list = await listVideos(db, siteId, q, locale, none);
            items = list.data.map((v) => ({ title: v.title, href: `/gallery/video/${v.id}`, image: null }));
          } else {
            const list = await listAlbums(db, siteId, q, locale, none);
            items = list.data.map((a) => ({
              title: a.title,
              href: `/gallery/photo/${a.id}`,
              image: a.cover?.thumbnail ?? null,
            }));
          }
          live[node.id] = { kind: "list", more: `/gallery/${kind}`, items };
        })());
        break;
      case "events":
        jobs.push((async () => {
          const rows = (await upcomingEvents(db, siteId, now)).slice(0, num(p.count, 5));
          live[node.id] = {
            kind: "list",
            more: "/notice/events",
            items: rows.map((e) => ({
              title: localized(locale, e.title, e.titleEn),
              href: "/notice/events",
              meta: e.startsOn === e.endsOn ? e.startsOn : `${e.startsOn} – ${e.endsOn}`,
            })),
          };
        })());
        break;
      case "content":
        if (typeof p.block === "number") blockIds.add(p.block);
        break;
    }
  }
  if (blockIds.size) {
    jobs.push((async () => {
      const rows = await db.select().from(contentBlocks)
        .where(and(eq(contentBlocks.siteId, siteId), inArray(contentBlocks.id, [...blockIds])));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const node of walkNodes(nodes)) {
        if (node.type !== "content") continue;
        const row = byId.get(node.props.block as number);
        live[node.id] = row
          ? {
            kind: "block",
            title: localized(locale, row.title, row.titleEn),
            html: localized(locale, row.body, row.bodyEn),
          }
          : { kind: "missing" };
      }
    })());
  }
  jobs.push(loadImageSizes(db, nodes, live));
  await Promise.all(jobs);
  return live;
}

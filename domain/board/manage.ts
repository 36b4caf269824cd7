// The management side of boards (SPEC §2.2 /management/bbs, /management/post, /management/category): every
// post with filters (board, status, search), a board's settings (rights per action and role, secret and
// anonymous posts, attachment limits) and its categories. Moderation itself is moderate.ts.
import { and, asc, count, desc, eq, inArray, max, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  BOARD_ACTIONS,
  BOARD_KINDS,
  type BoardAction,
  boardCategories,
  type BoardRights,
  type BoardRow,
  boards,
  POST_APPROVALS,
  POST_STATUSES,
  type PostRow,
  posts,
} from "../../db/schema/board.ts";
import { HttpError } from "../../framework/errors.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { SearchKeyword } from "../common/search.ts";
import { searchWhere } from "../common/search-sample.ts";
import { MODERATION_ACTIONS } from "./moderate.ts";
import { syncBoardFiles } from "./files.ts";
import { formExists } from "./form.ts";
import type { FileService } from "../file/files.ts";
import { ANONYMOUS, hasBoardRight } from "../member/permissions.ts";
import { isUniqueViolation } from "../member/profile.ts";
import { flag, optionalId } from "./schema.ts";

/** The role codes a board right may name, "anonymous" first (everybody). */
export const RIGHT_ROLES = ["anonymous", "member", "design", "company", "judge", "support_group"] as const;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const ManagedPostQuery = z.object({
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
  bbs: optionalId,
  status: z.preprocess(blank, z.enum(POST_STATUSES).optional()),
  approval: z.preprocess(blank, z.enum(POST_APPROVALS).optional()),
  q: SearchKeyword,
});
export type ManagedPostQuery = z.infer<typeof ManagedPostQuery>;

export const MANAGE_PER_PAGE = 20;

export interface ManagedPost {
  post: PostRow;
  boardSlug: string;
  boardName: string;
  boardNameEn: string;
}

export async function listManagedPosts(
  db: Db,
  siteId: number,
  q: ManagedPostQuery,
  urlOf: (page: number) => string,
): Promise<Paginated<ManagedPost>> {
  const where: (SQL | undefined)[] = [
    eq(boards.siteId, siteId),
    q.bbs ? eq(posts.boardId, q.bbs) : undefined,
    q.status ? eq(posts.status, q.status) : undefined,
    q.approval ? eq(posts.approval, q.approval) : undefined,
    q.q ? await searchWhere(db, "posts", q.q) : undefined,
  ];
  const condition = and(...where);
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: posts.id }).from(posts).innerJoin(boards, eq(boards.id, posts.boardId)).where(condition)
      .$dynamic(),
    q.page,
    MANAGE_PER_PAGE,
    (page) =>
      db.select({ post: posts, slug: boards.slug, name: boards.name, nameEn: boards.nameEn })
        .from(posts).innerJoin(boards, eq(boards.id, posts.boardId)).where(condition)
        .orderBy(desc(posts.id)).limit(MANAGE_PER_PAGE).offset((page - 1) * MANAGE_PER_PAGE),
  );
  return paginated(
    rows.map((r) => ({ post: r.post, boardSlug: r.slug, boardName: r.name, boardNameEn: r.nameEn })),
    total,
    page,
    MANAGE_PER_PAGE,
    urlOf,
    estimated,
  );
}

const ids = z.preprocess(
  (v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== "")),
  z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(100),
);

export const ModerationInput = z.object({
  action: z.enum(MODERATION_ACTIONS),
  ids,
  to: optionalId,
  /** Told to the writers of rejected posts. */
  reason: z.preprocess(blank, z.string().trim().max(500).optional()),
});

/** The posts named must all be on the site's boards. */
export async function assertSitePosts(db: Db, siteId: number, postIds: number[]): Promise<void> {
  if (!postIds.length) return;
  const rows = await db.select({ id: posts.id }).from(posts).innerJoin(boards, eq(boards.id, posts.boardId))
    .where(and(inArray(posts.id, postIds), eq(boards.siteId, siteId)));
  if (rows.length !== new Set(postIds).size) throw new HttpError(404, "board.post_not_found");
}

// ---------- Board settings ----------

const rightList = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.enum(RIGHT_ROLES)).max(RIGHT_ROLES.length),
);

export const BoardSettingsInput = z.object({
  name: z.string().trim().min(1).max(60),
  name_en: z.string().trim().max(60).default(""),
  description: z.string().trim().max(300).default(""),
  description_en: z.string().trim().max(300).default(""),
  secret_allowed: flag,
  anonymous_allowed: flag,
  approval_required: flag,
  max_attachments: z.coerce.number().int().min(0).max(5),
  max_attachment_mb: z.coerce.number().int().min(1).max(10),
  /** A form of the form builder the board asks (form.ts); absent or empty: none (its own extra fields). */
  form_id: optionalId,
  ...Object.fromEntries(BOARD_ACTIONS.map((a) => [`rights_${a}`, rightList])) as Record<
    `rights_${BoardAction}`,
    typeof rightList
  >,
});
export type BoardSettingsInput = z.infer<typeof BoardSettingsInput>;

export async function saveBoardSettings(
  db: Db,
  service: FileService,
  siteId: number,
  id: number,
  input: BoardSettingsInput,
) {
  const rights = Object.fromEntries(BOARD_ACTIONS.map((a) => [a, input[`rights_${a}`]])) as Record<
    BoardAction,
    string[]
  >;
  return await db.transaction(async (tx) => {
    const [before] = await tx.select().from(boards).where(and(eq(boards.id, id), eq(boards.siteId, siteId)));
    if (!before) throw new HttpError(404, "board.not_found");
    if (input.form_id && !(await formExists(tx, input.form_id))) {
      throw new HttpError(422, "programme.form.not_found", undefined, {
        fields: { form_id: ["programme.form.not_found"] },
      });
    }
    const [row] = await tx.update(boards).set({
      name: input.name,
      nameEn: input.name_en,
      description: input.description,
      descriptionEn: input.description_en,
      secretAllowed: input.secret_allowed,
      anonymousAllowed: input.anonymous_allowed,
      approvalRequired: input.approval_required,
      maxAttachments: input.max_attachments,
      maxAttachmentBytes: input.max_attachment_mb * 1024 * 1024,
      formId: input.form_id ?? null,
      rights,
      updatedAt: new Date(),
    }).where(eq(boards.id, before.id)).returning();
    // Opening the board to visitors or closing it moves its posts' files between public and checked.
    const anonymousReads = (b: BoardRow) => hasBoardRight(ANONYMOUS, b.rights.read ?? []);
    if (anonymousReads(before) !== anonymousReads(row)) await syncBoardFiles(tx, service, row);
    return row;
  });
}

// ---------- Creating and deleting boards ----------

/**
 * Addresses a board cannot take: /board/write is the write page, and /api/bbs/post/… the post calls
 * (a board named "post" would shadow them).
 */
export const RESERVED_SLUGS = ["write", "post"] as const;

export const NewBoardInput = z.object({
  // A letter first: an all-digit key is read as a board id (boards.ts boardOf).
  slug: z.string().trim().toLowerCase().regex(/^[a-z][a-z0-9-]{1,39}$/, "board.manage.slugInvalid")
    .refine((v) => !(RESERVED_SLUGS as readonly string[]).includes(v), "board.manage.slugReserved"),
  name: z.string().trim().min(1).max(60),
  name_en: z.string().trim().max(60).default(""),
  kind: z.enum(BOARD_KINDS),
});
export type NewBoardInput = z.infer<typeof NewBoardInput>;

const MEMBERS = ["member", "design", "company", "judge"];
/**
 * A new board's rights: visitors read and members comment, but only staff write until staff open
 * writing on the settings screen the new board opens on (a board that took posts from everyone the
 * moment it exists would take spam before it is set up). Members change their own posts once they may
 * write. Staff pass every right (SPEC §6).
 */
export const NEW_BOARD_RIGHTS: BoardRights = {
  read: ["anonymous"],
  write: [],
  reply: [],
  comment: MEMBERS,
  edit: MEMBERS,
  delete: MEMBERS,
};

const slugTaken = () =>
  new HttpError(409, "board.manage.slugTaken", undefined, { fields: { slug: ["board.manage.slugTaken"] } });

export async function createBoard(db: Db, siteId: number, input: NewBoardInput): Promise<BoardRow> {
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: boards.id }).from(boards)
        .where(and(eq(boards.siteId, siteId), eq(boards.slug, input.slug)));
      if (taken) throw slugTaken();
      const [{ last }] = await tx.select({ last: max(boards.sort) }).from(boards).where(eq(boards.siteId, siteId));
      const [row] = await tx.insert(boards).values({
        siteId,
        slug: input.slug,
        name: input.name,
        nameEn: input.name_en,
        kind: input.kind,
        rights: NEW_BOARD_RIGHTS,
        sort: (last ?? 0) + 1,
      }).returning();
      return row;
    });
  } catch (err) {
    // Two staff creating the same address at once: the unique index answers for the slower one.
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

/**
 * Deletes a board that has no posts; one with posts (soft-deleted ones included) is refused with 409.
 * Refused rather than soft-deleted: a board's posts are deleted softly and restored by staff (SPEC §4),
 * but deleting the board row would cascade to them, their comments and their files' records, beyond
 * any restore; and a soft-deleted board would have to be left out by every board, post, search and
 * file-access query. Staff move the posts to another board first (/management/post, "move").
 */
export async function deleteBoard(db: Db, siteId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked: a post written meanwhile (its key-share lock on the board) waits, then fails its reference.
    const [board] = await tx.select().from(boards).where(and(eq(boards.id, id), eq(boards.siteId, siteId)))
      .for("update");
    if (!board) throw new HttpError(404, "board.not_found");
    const [{ n }] = await tx.select({ n: count() }).from(posts).where(eq(posts.boardId, board.id));
    if (n > 0) throw new HttpError(409, "board.manage.hasPosts", undefined, { params: { count: n } });
    await tx.delete(boards).where(eq(boards.id, board.id));
  });
}

// ---------- Categories ----------

export const CategoryInput = z.object({
  name: z.string().trim().min(1).max(40),
  name_en: z.string().trim().max(40).default(""),
  sort: z.preprocess(blank, z.coerce.number().int().min(0).max(999).default(0)),
});

export const CategoryAction = z.discriminatedUnion("action", [
  z.object({ action: z.literal("add") }).merge(CategoryInput),
  z.object({ action: z.literal("save"), id: z.coerce.number().int().min(1) }).merge(CategoryInput),
  z.object({ action: z.literal("delete"), id: z.coerce.number().int().min(1) }),
]);

/** Adds, renames or deletes a category of the board (its posts keep no category when it goes). */
export async function changeCategory(tx: Tx, boardId: number, input: z.infer<typeof CategoryAction>) {
  if (input.action === "add") {
    await tx.insert(boardCategories).values({ boardId, name: input.name, nameEn: input.name_en, sort: input.sort });
    return;
  }
  const [row] = await tx.select().from(boardCategories).where(
    and(eq(boardCategories.id, input.id), eq(boardCategories.boardId, boardId)),
  );
  if (!row) throw new HttpError(404, "board.category_invalid");
  if (input.action === "delete") await tx.delete(boardCategories).where(eq(boardCategories.id, row.id));
  else {
    await tx.update(boardCategories).set({ name: input.name, nameEn: input.name_en, sort: input.sort })
      .where(eq(boardCategories.id, row.id));
  }
}

export async function boardCategoryRows(db: Db, boardId: number) {
  return await db.select().from(boardCategories).where(eq(boardCategories.boardId, boardId))
    .orderBy(asc(boardCategories.sort), asc(boardCategories.id));
}

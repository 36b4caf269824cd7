// Reading boards (SPEC §2.5 list and read, §7 /api/bbs/{id}/list, /latest, /api/bbs/post/{id}/read): a
// board's questions and notices, pinned first and newest first, in the pagination shape; search by key
// (all through the trigram expression, or title, content, writer) of ≥ 2 characters; one post with its
// files, answers, comments and the previous and next post. Hidden posts are listed as hidden, secret
// ones with their title and a lock; deleted ones and those outside their posting period are left out.
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type BoardRow, comments, type PostRow, posts, postViews } from "../../db/schema/board.ts";
import { files } from "../../db/schema/file.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Locale } from "../../fresh.config.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { likePattern } from "../common/search.ts";
import { searchWhere } from "../common/search-sample.ts";
import { type FileJson, presentFile } from "../file/present.ts";
import { isBoardStaff, type Viewer } from "../member/permissions.ts";
import { categoriesOf, categoryJson, localized } from "./boards.ts";
import type { PostListQuery } from "./schema.ts";
import { formById } from "../form/forms.ts";
import type { FormComponent } from "../form/model.ts";
import {
  canAct,
  canComment,
  changeAccess,
  commentChangeAccess,
  inPostingPeriod,
  readAccess,
  viewDay,
} from "./rights.ts";

export const POST_NOT_FOUND = "board.post_not_found";

/** What non-staff lists show: not deleted, within the posting period (null ends are open). */
function shownCondition(viewer: Viewer, now: Date): SQL | undefined {
  if (isBoardStaff(viewer)) return ne(posts.status, "deleted");
  const at = now.toISOString();
  return and(
    ne(posts.status, "deleted"),
    eq(posts.approval, "approved"),
    or(isNull(posts.postFrom), sql`${posts.postFrom} <= ${at}::timestamptz`),
    or(isNull(posts.postTo), sql`${posts.postTo} > ${at}::timestamptz`),
  );
}

async function keywordCondition(tx: Tx, key: PostListQuery["key"], keyword: string): Promise<SQL> {
  // The whole-post condition uses the trigram index; a search in one part adds its own exact test to it (the
  // post's search text holds every part, so nothing is lost, and 1,000,000 posts are not read one by one).
  const indexed = await searchWhere(tx, "posts", keyword);
  const part = key === "title"
    ? posts.title
    : key === "content"
    ? posts.plain
    : key === "writer"
    ? posts.writerName
    : null;
  return part ? and(indexed, ilike(part, likePattern(keyword)))! : indexed;
}

export interface PostRowJson {
  id: number;
  /** Empty for a hidden post (staff see it, flagged). */
  title: string;
  category: string | null;
  secret: boolean;
  pinned: boolean;
  hidden: boolean;
  status: string;
  writer: string;
  views: number;
  comments: number;
  answers: number;
  attachments: number;
  created_at: string;
}

export async function listPosts(
  tx: Tx,
  board: BoardRow,
  q: PostListQuery,
  viewer: Viewer,
  locale: Locale,
  urlOf: (page: number) => string,
  now = new Date(),
): Promise<Paginated<PostRowJson>> {
  const categories = await categoriesOf(tx, board.id);
  if (q.category !== undefined && !categories.some((c) => c.id === q.category)) {
    throw new HttpError(400, "board.category_invalid");
  }
  const where = and(
    eq(posts.boardId, board.id),
    isNull(posts.parentId),
    shownCondition(viewer, now),
    q.category !== undefined ? eq(posts.categoryId, q.category) : undefined,
    q.keyword ? await keywordCondition(tx, q.key, q.keyword) : undefined,
  );
  const { rows, page, total, estimated } = await countedPage(
    tx,
    tx.select({ id: posts.id }).from(posts).where(where).$dynamic(),
    q.page,
    q.perpage,
    (page) =>
      tx.select().from(posts).where(where).orderBy(desc(posts.pinned), desc(posts.id))
        .limit(q.perpage).offset((page - 1) * q.perpage),
  );
  const data = await presentRows(tx, rows, categories.map((c) => categoryJson(c, locale)), viewer);
  return paginated(data, total, page, q.perpage, urlOf, estimated);
}

async function presentRows(
  tx: Tx,
  rows: PostRow[],
  categories: { id: number; name: string }[],
  viewer: Viewer,
): Promise<PostRowJson[]> {
  const ids = rows.map((r) => r.id);
  const commentCounts = new Map<number, number>();
  const answerCounts = new Map<number, number>();
  if (ids.length) {
    for (
      const c of await tx.select({ id: comments.postId, n: count() }).from(comments)
        .where(and(inArray(comments.postId, ids), isNull(comments.deletedAt))).groupBy(comments.postId)
    ) commentCounts.set(c.id, c.n);
    for (
      const c of await tx.select({ id: posts.parentId, n: count() }).from(posts)
        .where(and(inArray(posts.parentId, ids), ne(posts.status, "deleted"))).groupBy(posts.parentId)
    ) answerCounts.set(c.id!, c.n);
  }
  const staff = isBoardStaff(viewer);
  return rows.map((r) => ({
    id: r.id,
    title: r.status === "hidden" && !staff ? "" : r.title,
    category: categories.find((c) => c.id === r.categoryId)?.name ?? null,
    secret: r.secret,
    pinned: r.pinned,
    hidden: r.status === "hidden",
    status: r.status,
    writer: r.writerName,
    views: r.views,
    comments: commentCounts.get(r.id) ?? 0,
    answers: answerCounts.get(r.id) ?? 0,
    attachments: r.attachmentIds.length,
    created_at: r.createdAt.toISOString(),
  }));
}

/** SPEC §7 /api/bbs/{id}/latest: the newest shown posts (the home page's notices). */
export async function latestPosts(
  tx: Tx,
  board: BoardRow,
  limit: number,
  viewer: Viewer,
  locale: Locale,
  now = new Date(),
): Promise<PostRowJson[]> {
  const rows = await tx.select().from(posts).where(
    and(eq(posts.boardId, board.id), isNull(posts.parentId), eq(posts.status, "visible"), shownCondition(viewer, now)),
  ).orderBy(desc(posts.id)).limit(limit);
  const categories = (await categoriesOf(tx, board.id)).map((c) => categoryJson(c, locale));
  return presentRows(tx, rows, categories, viewer);
}

export async function postById(tx: Tx, id: number): Promise<PostRow | null> {
  const [row] = await tx.select().from(posts).where(eq(posts.id, id)).limit(1);
  return row ?? null;
}

export interface CommentJson {
  id: number;
  parent: number | null;
  writer: string;
  content: string;
  deleted: boolean;
  edited: boolean;
  created_at: string;
  /** Written by a visitor (with a name and a password) rather than a member. */
  anonymous: boolean;
  /** The viewer may edit and delete it: as its writer or staff, or with its password (`needs_password`). */
  can_change: boolean;
  needs_password: boolean;
}

export interface PostJson {
  id: number;
  bbs_id: number;
  title: string;
  content: string;
  category: { id: number; name: string } | null;
  secret: boolean;
  pinned: boolean;
  status: string;
  /** SPEC §8 board approval: waiting, approved or rejected (with the reason, for its writer and staff). */
  approval: string;
  reject_reason: string;
  writer: string;
  anonymous: boolean;
  views: number;
  post_from: string | null;
  post_to: string | null;
  created_at: string;
  updated_at: string;
  parent: number | null;
  photos: FileJson[];
  attachments: FileJson[];
  extra: Record<string, string>;
  /** Answers to the board's form with the version's tree they were given in (labels in both languages). */
  form: { id: number; version: number; components: FormComponent[]; answers: Record<string, unknown> } | null;
  answers: { id: number; title: string; writer: string; content: string; created_at: string }[];
  comments: CommentJson[];
  siblings: { previous: { id: number; title: string } | null; next: { id: number; title: string } | null };
  can: { edit: string; delete: string; comment: boolean; reply: boolean };
}

async function filesOf(tx: Tx, ids: number[]): Promise<FileJson[]> {
  if (!ids.length) return [];
  const rows = await tx.select().from(files).where(inArray(files.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined).map(presentFile);
}

/** A sibling (previous/next) among the shown top-level posts of the board. */
async function sibling(tx: Tx, post: PostRow, viewer: Viewer, now: Date, older: boolean) {
  const [row] = await tx.select({ id: posts.id, title: posts.title, status: posts.status }).from(posts).where(and(
    eq(posts.boardId, post.boardId),
    isNull(posts.parentId),
    eq(posts.status, "visible"),
    shownCondition(viewer, now),
    older ? lt(posts.id, post.id) : gt(posts.id, post.id),
  )).orderBy(older ? desc(posts.id) : asc(posts.id)).limit(1);
  return row ? { id: row.id, title: row.title } : null;
}

/**
 * The post as its reader sees it; the caller has checked readAccess is `ok`. Counts the view once per
 * visitor and day (`visitor`: member id or a hash of the address).
 */
export async function presentPost(
  tx: Tx,
  board: BoardRow,
  post: PostRow,
  viewer: Viewer,
  locale: Locale,
  now = new Date(),
): Promise<PostJson> {
  const categories = await categoriesOf(tx, board.id);
  const category = categories.find((c) => c.id === post.categoryId);
  const answerRows = board.kind === "qna" || post.parentId === null
    ? await tx.select().from(posts).where(
      and(eq(posts.parentId, post.id), eq(posts.status, "visible"), eq(posts.approval, "approved")),
    )
      .orderBy(asc(posts.id))
    : [];
  const commentRows = await tx.select().from(comments).where(eq(comments.postId, post.id)).orderBy(asc(comments.id));
  const staff = isBoardStaff(viewer);
  return {
    id: post.id,
    bbs_id: post.boardId,
    title: post.title,
    content: post.content,
    category: category ? categoryJson(category, locale) : null,
    secret: post.secret,
    pinned: post.pinned,
    status: post.status,
    approval: post.approval,
    reject_reason: post.approval === "rejected" ? post.rejectReason : "",
    writer: post.writerName,
    anonymous: post.userId === null,
    views: post.views,
    post_from: post.postFrom?.toISOString() ?? null,
    post_to: post.postTo?.toISOString() ?? null,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
    parent: post.parentId,
    photos: await filesOf(tx, post.photoIds),
    attachments: await filesOf(tx, post.attachmentIds),
    extra: post.extra,
    form: await formAnswersOf(tx, post),
    // Whoever reads the question reads its answers (an answer to a secret question is secret too).
    answers: answerRows.map((a) => ({
      id: a.id,
      title: a.title,
      writer: a.writerName,
      content: a.content,
      created_at: a.createdAt.toISOString(),
    })),
    comments: commentRows.map((c) => {
      const change = c.deletedAt === null ? commentChangeAccess(viewer, c) : "no";
      return {
        id: c.id,
        parent: c.parentId,
        writer: c.deletedAt && !staff ? "" : c.writerName,
        content: c.deletedAt && !staff ? "" : c.content,
        deleted: c.deletedAt !== null,
        edited: c.editedAt !== null,
        created_at: c.createdAt.toISOString(),
        anonymous: c.userId === null,
        can_change: change !== "no",
        needs_password: change === "password",
      };
    }),
    siblings: {
      previous: await sibling(tx, post, viewer, now, true),
      next: await sibling(tx, post, viewer, now, false),
    },
    can: {
      edit: changeAccess(viewer, board, post, "edit"),
      delete: changeAccess(viewer, board, post, "delete"),
      comment: canComment(viewer, board, post),
      reply: board.kind === "qna" && post.parentId === null && post.status === "visible" &&
        post.approval === "approved" &&
        readAccess(viewer, board, post, { now }) !== "no_read" &&
        canAct(viewer, board, "reply"),
    },
  };
}

/** The post's form answers with the tree of their version (null when it was not written with a form). */
async function formAnswersOf(tx: Tx, post: PostRow): Promise<PostJson["form"]> {
  if (!post.formId || !post.formVersion) return null;
  const found = await formById(tx, post.formId, post.formVersion);
  if (!found) return null;
  return { id: post.formId, version: post.formVersion, components: found.version.components, answers: post.answers };
}

/** SPEC "views count once per visitor per day". */
export async function countView(tx: Tx, postId: number, visitor: string, now = new Date()): Promise<void> {
  const inserted = await tx.insert(postViews).values({ postId, visitor, day: viewDay(now) }).onConflictDoNothing()
    .returning({ postId: postViews.postId });
  if (inserted.length) await tx.update(posts).set({ views: sql`${posts.views} + 1` }).where(eq(posts.id, postId));
}

/** The visitor key of a view: the member, or a hash of the client's address and the day. */
export async function visitorKey(viewer: Viewer, clientIp: string, now = new Date()): Promise<string> {
  if (viewer.id > 0) return `u${viewer.id}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${clientIp}|${viewDay(now)}`));
  return `a${btoa(String.fromCharCode(...new Uint8Array(digest))).slice(0, 22)}`;
}

export { inPostingPeriod, localized };

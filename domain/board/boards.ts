// A site's boards and their categories (SPEC §3 Bulletin board: bbs, categories, permissions, form), looked
// up by id or by slug within the site; GET /api/bbs/{id}'s answer with the viewer's permissions.
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  BOARD_ACTIONS,
  type BoardAction,
  boardCategories,
  type BoardRow,
  boards,
  type CategoryRow,
} from "../../db/schema/board.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Locale } from "../../fresh.config.ts";
import { isSignedIn, type Viewer } from "../member/permissions.ts";
import { canAct, writesAnonymously } from "./rights.ts";

export const BOARD_NOT_FOUND = "board.not_found";

/** A board of the site by numeric id or slug; 404 board.not_found otherwise. */
export async function boardOf(tx: Tx, siteId: number, key: string): Promise<BoardRow> {
  const byId = /^\d{1,9}$/.test(key);
  if (!byId && !/^[a-z0-9-]{1,40}$/.test(key)) throw new HttpError(404, BOARD_NOT_FOUND);
  const [row] = await tx.select().from(boards).where(
    and(eq(boards.siteId, siteId), byId ? eq(boards.id, Number(key)) : eq(boards.slug, key)),
  ).limit(1);
  if (!row) throw new HttpError(404, BOARD_NOT_FOUND);
  return row;
}

export async function boardById(tx: Tx, id: number): Promise<BoardRow | null> {
  const [row] = await tx.select().from(boards).where(eq(boards.id, id)).limit(1);
  return row ?? null;
}

export async function siteBoards(tx: Tx, siteId: number): Promise<BoardRow[]> {
  return await tx.select().from(boards).where(eq(boards.siteId, siteId)).orderBy(asc(boards.sort), asc(boards.id));
}

export async function categoriesOf(tx: Tx, boardId: number): Promise<CategoryRow[]> {
  return await tx.select().from(boardCategories).where(eq(boardCategories.boardId, boardId))
    .orderBy(asc(boardCategories.sort), asc(boardCategories.id));
}

export const localized = (locale: Locale, ko: string, en: string) => (locale === "en" && en ? en : ko);

export interface CategoryJson {
  id: number;
  name: string;
}

export const categoryJson = (c: CategoryRow, locale: Locale): CategoryJson => ({
  id: c.id,
  name: localized(locale, c.name, c.nameEn),
});

export type Permissions = Record<BoardAction, boolean> & { anonymous_write: boolean };

export function permissionsOf(viewer: Viewer, board: BoardRow): Permissions {
  const rights = Object.fromEntries(BOARD_ACTIONS.map((a) => [a, canAct(viewer, board, a)])) as Record<
    BoardAction,
    boolean
  >;
  // A visitor writes only where the board takes anonymous posts.
  if (!isSignedIn(viewer)) rights.write = writesAnonymously(viewer, board);
  return { ...rights, anonymous_write: writesAnonymously(viewer, board) };
}

export interface BoardJson {
  bbs: {
    id: number;
    slug: string;
    name: string;
    description: string;
    kind: string;
    secret_allowed: boolean;
    anonymous_allowed: boolean;
    /** Posts of writers who are not staff wait for approval (SPEC §8 'not approved'). */
    approval_required: boolean;
    max_attachments: number;
    max_attachment_bytes: number;
  };
  categories: CategoryJson[];
  permissions: Permissions;
  form: { name: string; label: string; required: boolean }[];
  /** A form of the form builder the board asks (its tree: /api/form/{id}/components); `form` is then empty. */
  form_id: number | null;
}

export function boardJson(board: BoardRow, categories: CategoryRow[], viewer: Viewer, locale: Locale): BoardJson {
  return {
    bbs: {
      id: board.id,
      slug: board.slug,
      name: localized(locale, board.name, board.nameEn),
      description: localized(locale, board.description, board.descriptionEn),
      kind: board.kind,
      secret_allowed: board.secretAllowed,
      anonymous_allowed: board.anonymousAllowed,
      approval_required: board.approvalRequired,
      max_attachments: board.maxAttachments,
      max_attachment_bytes: board.maxAttachmentBytes,
    },
    categories: categories.map((c) => categoryJson(c, locale)),
    permissions: permissionsOf(viewer, board),
    form_id: board.formId,
    form: board.formId ? [] : board.fields.map((f) => ({
      name: f.name,
      label: localized(locale, f.label, f.label_en),
      required: f.required,
    })),
  };
}

/** The public path of a board's list and of one of its posts. */
export const boardPath = (board: Pick<BoardRow, "slug">) => `/board/${board.slug}`;
export const postPath = (board: Pick<BoardRow, "slug">, postId: number) => `/board/${board.slug}/${postId}`;

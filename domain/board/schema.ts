// The payloads of the board calls and forms (SPEC §3 Bulletin post, §5, §7), one zod schema each, shared by
// /api/bbs… and the server-rendered pages. Bodies come as JSON, urlencoded or multipart forms: checkboxes
// and numbers arrive as strings.
import { z } from "zod";
import { SearchKeyword } from "../common/search.ts";
import { safeRedirect } from "../member/guard.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = z.coerce.number().int().min(1).max(2_147_483_647);
export const optionalId = z.preprocess(blank, id.optional());
/** An HTML checkbox ("on"), a JSON boolean, or 1/0/true/false. */
export const flag = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? false : v),
  z.union([
    z.boolean(),
    z.enum(["on", "1", "true", "0", "false"]).transform((s) => s === "on" || s === "1" || s === "true"),
  ]),
);

export const IdParam = z.object({ id });

/** SPEC §3 Bulletin board parameters: page, key, keyword, category. */
export const POST_SEARCH_KEYS = ["all", "title", "content", "writer"] as const;
export const PostListQuery = z.object({
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
  perpage: z.preprocess(blank, z.coerce.number().int().min(1).max(50).default(8)),
  key: z.preprocess(blank, z.enum(POST_SEARCH_KEYS).default("all")),
  keyword: SearchKeyword,
  category: optionalId,
  lang: z.preprocess(blank, z.enum(["ko", "en"]).optional()),
});
export type PostListQuery = z.infer<typeof PostListQuery>;

export const LatestQuery = z.object({
  limit: z.preprocess(blank, z.coerce.number().int().min(1).max(20).default(5)),
});

/** A writer's password (anonymous posts): SPEC §5 asks only that it is given; 4–40 characters. */
export const PostPassword = z.string().min(4, "board.password_short").max(40);

/** Datetime-local input (Seoul wall-clock) or ISO instant. */
const instant = z.preprocess(
  blank,
  z.string().max(40).transform((s, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(s) ? `${s}${s.length === 16 ? ":00" : ""}+09:00` : s;
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: "custom", message: "board.date_invalid" });
      return z.NEVER;
    }
    return d;
  }).optional(),
);

const ids = (v: unknown) =>
  v === undefined || v === ""
    ? []
    : (Array.isArray(v) ? v : String(v).split(",")).filter((x) => x !== "" && x !== null);
const idList = z.preprocess(ids, z.array(id).max(20));
/** Absent: keep every file; present (even empty): keep exactly these. */
const keepList = z.preprocess((v) => (v === undefined ? undefined : ids(v)), z.array(id).max(40).optional());

export const PostInput = z.object({
  title: z.string().trim().min(1, "board.title_required").max(200),
  content: z.string().max(200_000).default(""),
  /** `text` from the plain textarea (no JavaScript), `html` from the editor. */
  format: z.preprocess(blank, z.enum(["text", "html"]).default("text")),
  category: optionalId,
  secret: flag,
  /** Anonymous writers: their name and password. */
  name: z.preprocess(blank, z.string().trim().min(1).max(40).optional()),
  password: z.preprocess(blank, PostPassword.optional()),
  /** Staff only: posting period, pinned. */
  post_from: instant,
  post_to: instant,
  pinned: flag,
  /** A Q&A answer names its question. */
  parent: optionalId,
  /** Uploads made earlier through POST /api/file (board_photo, board_attachment) to attach. */
  photo_ids: idList,
  attachment_ids: idList,
  /** Files of the post kept on edit (others are dropped). */
  keep_files: keepList,
  /** Values of the board's extra fields, as `extra[name]` or an object. */
  extra: z.record(z.string().max(60), z.string().max(2000)).optional(),
}).refine((v) => !v.post_from || !v.post_to || v.post_from < v.post_to, {
  message: "board.period_invalid",
  path: ["post_to"],
});
export type PostInput = z.infer<typeof PostInput>;

export const PasswordInput = z.object({ password: z.string().min(1, "board.password").max(40) });

export const CommentInput = z.object({
  content: z.string().trim().min(1, "board.comment_empty").max(2000),
  parent: optionalId,
  /** An anonymous commenter's name and password (boards whose comment right names anonymous). */
  name: z.preprocess(blank, z.string().trim().min(1).max(40).optional()),
  password: z.preprocess(blank, PostPassword.optional()),
});
/** The password an anonymous comment was written with, to change it (wrong or missing: 403 board.password). */
const commentProof = z.preprocess(blank, z.string().max(200).optional());
export const CommentEdit = z.object({
  comment: id,
  content: z.string().trim().min(1, "board.comment_empty").max(2000),
  password: commentProof,
});
export const CommentDelete = z.object({ comment: id, password: commentProof });
export const CommentProof = z.object({ password: commentProof });

export const BlindInput = z.object({ blind: flag });

/**
 * SPEC §3 Bulletin post `return_url`: where a written post returns to (the page that embeds the board, a
 * builder page, the notice list). Only a path on this site; anything else (another host, `//evil`, `/\\evil`,
 * the API or the session screens) is dropped and the post returns to itself.
 */
export const ReturnUrl = z.preprocess(
  blank,
  z.string().max(500).optional().transform((v) => (v !== undefined && safeRedirect(v) === v ? v : undefined)),
);

/** SPEC §3 Bulletin board parameters `url` (the same-site address the board is shown at) and `command`. */
export const BOARD_COMMANDS = ["list", "read", "write", "edit"] as const;
export const BoardParameters = z.object({
  url: ReturnUrl,
  command: z.preprocess(blank, z.enum(BOARD_COMMANDS).default("list")),
});

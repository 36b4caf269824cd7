// What the builder's calls and screens share: the page id of a path and the trees of a body.
import { z } from "zod";
import { HttpError } from "../../framework/errors.ts";
import { parseOrThrow } from "../validation.ts";
import { parseTrees, type Trees } from "./tree.ts";

export function pageIdOf(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param)) throw new HttpError(404, "builder.page_not_found");
  return Number(param);
}

const TreesBody = z.object({ trees: z.unknown() });

/** `{ trees: { ko, en } }` from a JSON body, or the same as a JSON string from a form field. */
export function treesOf(body: Record<string, unknown>): Trees {
  const { trees } = parseOrThrow(TreesBody, body);
  if (typeof trees === "string") {
    try {
      return parseTrees(JSON.parse(trees));
    } catch (err) {
      if (err instanceof SyntaxError) throw new HttpError(422, "builder.tree_invalid");
      throw err;
    }
  }
  return parseTrees(trees);
}

export const RollbackBody = z.object({ number: z.coerce.number().int().min(1).max(1_000_000) });

/** The largest builder body: 1,000 nodes per language with long texts stay well under it. */
export const MAX_TREE_BYTES = 2 * 1024 * 1024;

// What the builder's calls and screens share: the page id of a path and the trees of a body.
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import type { State } from "../../state.ts";
import { formRefusal } from "../errors.ts";
import { flashCookie } from "../member/cookies.ts";
import { readBody } from "../request.ts";
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

/** What a refused form shows: the message and each field's message keys. */
export interface FormProblem {
  message: string;
  fields: Record<string, string[]>;
}

/**
 * A management form's POST (no JavaScript): read the body, run the change in one transaction, answer a
 * 303 back with a flash message; a refusal (SPEC §8 key) shows the screen again with its status and the
 * fields' messages.
 */
export async function formAction<R>(
  state: State,
  req: Request,
  run: (body: Record<string, unknown>, tx: Tx) => Promise<string>,
  reload: (problem: FormProblem, status: number) => Promise<R>,
  flash = "builder.saved",
): Promise<Response | R> {
  try {
    const { body } = await readBody(req, 256 * 1024);
    const to = await state.db.transaction((tx) => run(body, tx));
    const res = redirect(to);
    res.headers.append("set-cookie", flashCookie(flash, state.https));
    return res;
  } catch (err) {
    const refused = formRefusal(err, state.t);
    return await reload({ message: refused.message, fields: refused.fields ?? {} }, refused.status);
  }
}

/** A positive id from a form or query value; 404 with `key` otherwise. */
export function idOf(value: unknown, key: string): number {
  const text = String(value ?? "");
  if (!/^\d{1,9}$/.test(text)) throw new HttpError(404, key);
  return Number(text);
}

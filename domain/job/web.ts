// What the area's page routes share: a form post answered with a redirect carrying a flash message (the
// no-JavaScript twin of a toast), or JSON for a script; and a refusal shown on the page it came from.
import { redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { flashCookie } from "../member/cookies.ts";
import { errorBody, errorMessage } from "../errors.ts";
import type { State } from "../../state.ts";

/** 303 to `location` with a one-time message, or the JSON answer of a script's call. */
export function doneAnswer(state: State, isForm: boolean, location: string, key: string, json: unknown = {}) {
  if (!isForm) return Response.json(json);
  const res = redirect(location);
  res.headers.append("set-cookie", flashCookie(key, state.https));
  return res;
}

/** A 4xx refusal of a form post as the page shows it ({ status, message }); anything else is thrown on. */
export function formProblem(state: State, err: unknown): { status: number; message: string } {
  if (!(err instanceof HttpError) || err.status >= 500 || err.status === 401) throw err;
  return { status: err.status, message: errorMessage(err.key, err.status, state.t) };
}

/**
 * A refusal of a script's call (Accept: application/json) to a page route: the API's JSON error shape
 * `{ status, message, key, errors? }` with its status, as /api answers; anything else is thrown on.
 */
export function jsonRefusal(state: State, err: unknown): Response {
  if (!(err instanceof HttpError) || err.status >= 500) throw err;
  return Response.json(errorBody(err, err.status, state.t), { status: err.status, headers: err.headers });
}

// POST /api/change (SPEC §7; multipart, a form or JSON): a membership conversion. Answers
// { changed, status, changes }: `changed: false` when nothing would change (and nothing is written),
// status `approved` for the immediate conversion to individual member, `waiting` for one that needs an
// administrator. 409 `change.pending` while a request waits; 403 for a judge request from a company.
import { parseConversion, submitConversion } from "../../domain/member/conversion.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { readBody } from "../../domain/request.ts";
import { define } from "../../state.ts";

export const handler = define.handlers({
  async POST({ req, state }) {
    requireSignedIn(state.viewer);
    const input = parseConversion((await readBody(req)).body);
    const result = await state.db.transaction((tx) => submitConversion(tx, state.viewer, input));
    return Response.json(result);
  },
});

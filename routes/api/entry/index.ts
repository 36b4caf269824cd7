// POST /api/entry {award_id, entry_id?, data}: the wizard's last step. The whole entry is checked again
// (every rule of SPEC §5 and §8 on the server) and submitted, or the edited entry saved; answers 201 (or
// 200 for an edit) with the completion step's result.
import { z } from "zod";
import { entryResult } from "../../../components/entry/props.ts";
import { finishWizard, openWizard } from "../../../domain/award/wizard.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define } from "../../../state.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const SubmitBody = z.object({ award_id: id, entry_id: id.nullish(), data: z.record(z.string(), z.unknown()) });

export const handler = define.handlers({
  async POST({ req, state }) {
    requireSignedIn(state.viewer);
    const input = parseOrThrow(SubmitBody, (await readBody(req, 256 * 1024)).body);
    const context = await openWizard(state.db, state.viewer, input.award_id, input.entry_id ?? null);
    const entry = await finishWizard(state.db, state.viewer, context, input.data);
    const result = entryResult(state, entry, context.award.family, Boolean(context.entry));
    return Response.json({ result }, { status: context.entry ? 200 : 201, headers: { "cache-control": "no-store" } });
  },
});

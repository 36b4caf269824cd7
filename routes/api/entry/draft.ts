// POST /api/entry/draft {award_id, entry_id?, step, action?, data}: the wizard island keeps a step in the
// member's draft after checking it with that step's schema (422 with field errors otherwise); `action:
// "back"` keeps what was typed without checking. Answers the draft's next step.
import { z } from "zod";
import { keepDraft, openWizard, saveStep } from "../../../domain/award/wizard.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define } from "../../../state.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const DraftBody = z.object({
  award_id: id,
  entry_id: id.nullish(),
  step: z.coerce.number().int().min(1).max(3),
  action: z.enum(["next", "back"]).default("next"),
  data: z.record(z.string(), z.unknown()),
});

export const handler = define.handlers({
  async POST({ req, state }) {
    requireSignedIn(state.viewer);
    const input = parseOrThrow(DraftBody, (await readBody(req, 256 * 1024)).body);
    const context = await openWizard(state.db, state.viewer, input.award_id, input.entry_id ?? null);
    const step = input.step as 1 | 2 | 3;
    const draft = input.action === "back"
      ? await keepDraft(state.db, state.viewer, context, step - 1, input.data)
      : await saveStep(state.db, state.viewer, context, step, input.data);
    return Response.json({ step: draft.step }, { headers: { "cache-control": "no-store" } });
  },
});

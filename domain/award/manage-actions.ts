// What a POST of the award management screens asks for, validated with zod and run through
// manage-awards.ts / manage-entries.ts / domain/pay. Each returns the flash message key of what was
// done (and where to go next); refusals are HttpErrors with a translated key.
import { z } from "zod";
import type { Body } from "../request.ts";
import { parseOrThrow } from "../validation.ts";
import { REFUND_ENTRY_STATUSES, refundPayment } from "../pay/orders.ts";
import type { PayProvider } from "../pay/provider.ts";
import {
  AwardInput,
  type AwardWriteDeps,
  checkAwardImages,
  createAward,
  deleteAward,
  updateAward,
} from "./manage-awards.ts";
import { addJudge, JudgeInput, removeJudge } from "./manage-judges.ts";
import { EntryFlags, setEntryFlags } from "./manage-entries.ts";
import type { AwardFamily } from "./options.ts";

export interface Done {
  /** Flash message key. */
  flash: string;
  /** The award the action leaves the administrator on (0 after a delete: back to the list). */
  awardId: number;
}

const id = z.coerce.number().int().positive().max(2_147_483_647);
const EditAction = z.object({ action: z.enum(["save", "delete", "judge_add", "judge_delete"]).default("save") });

/** POST /management/{family}/new: create the award (images checked before anything is stored). */
export async function runCreateAward(deps: AwardWriteDeps, family: AwardFamily, sent: Body): Promise<Done> {
  const input = parseOrThrow(AwardInput, sent.body);
  const images = await checkAwardImages(sent.files);
  const award = await createAward(deps, family, input, images);
  return { flash: "awardAdmin.done.created", awardId: award.id };
}

/** POST /management/{family}/{id}: save, delete, add or remove a judge. */
export async function runEditAward(
  deps: AwardWriteDeps,
  family: AwardFamily,
  awardId: number,
  sent: Body,
): Promise<Done> {
  const { action } = parseOrThrow(EditAction, sent.body);
  switch (action) {
    case "save": {
      const input = parseOrThrow(AwardInput, sent.body);
      const images = await checkAwardImages(sent.files);
      await updateAward(deps, family, awardId, input, images);
      return { flash: "awardAdmin.done.saved", awardId };
    }
    case "delete":
      await deleteAward(deps, family, awardId);
      return { flash: "awardAdmin.done.deleted", awardId: 0 };
    case "judge_add":
      await addJudge(deps.db, family, awardId, parseOrThrow(JudgeInput, sent.body));
      return { flash: "awardAdmin.done.judgeAdded", awardId };
    case "judge_delete": {
      const { judge } = parseOrThrow(z.object({ judge: id }), sent.body);
      await removeJudge(deps.db, family, awardId, judge);
      return { flash: "awardAdmin.done.judgeRemoved", awardId };
    }
  }
}

/** POST /management/{family}/entries: one entry's display, nominee and rank. */
export async function runEntryFlags(deps: AwardWriteDeps, family: AwardFamily, sent: Body): Promise<string> {
  await setEntryFlags(deps.db, deps.files, family, parseOrThrow(EntryFlags, sent.body));
  return "awardAdmin.done.entrySaved";
}

const RefundInput = z.object({
  payment: id,
  reason: z.preprocess((v) => v ?? "", z.string().trim().min(1, "awardAdmin.error.reason").max(200)),
  entry_status: z.enum(REFUND_ENTRY_STATUSES).default("pay_incomplete"),
});

/** POST /management/{family}/payments: refund a payment through the payment domain (administrators only). */
export async function runRefund(
  deps: AwardWriteDeps,
  provider: PayProvider,
  clientIp: string,
  sent: Body,
): Promise<string> {
  const input = parseOrThrow(RefundInput, sent.body);
  await refundPayment(deps.db, provider, deps.viewer, input.payment, {
    reason: input.reason,
    clientIp,
    entryStatus: input.entry_status,
  });
  return "awardAdmin.done.refunded";
}

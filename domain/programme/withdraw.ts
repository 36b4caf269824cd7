// What a member's withdrawal does to their applications (PIPA Art. 21, as domain/member/withdraw.ts does to
// the rest of the record, in the same transaction): every application still undecided is cancelled — a
// course place it held goes to the waiting list at once — and the answers of every application are erased
// (decided ones stay as an anonymous record of the decision). The files the answers held are answered for
// the caller to delete from the store after the transaction. Called by withdrawMember (members area).
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { applications, programmes } from "../../db/schema/programme.ts";
import type { Config } from "../../fresh.config.ts";
import { promoteWaiting } from "./applications.ts";
import { REVIEW } from "./review.ts";

type MailConfig = Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">;

export async function withdrawFromProgrammes(
  tx: Tx,
  config: MailConfig,
  userId: number,
  now = new Date(),
): Promise<{ cancelled: number; fileIds: number[] }> {
  const mine = await tx.select({
    id: applications.id,
    programmeId: applications.programmeId,
    fileIds: applications.fileIds,
  })
    .from(applications).where(eq(applications.userId, userId));
  if (!mine.length) return { cancelled: 0, fileIds: [] };
  // The programmes' rows are locked first, in id order, like every enrolment and review (no deadlock).
  const programmeIds = [...new Set(mine.map((a) => a.programmeId))].sort((a, b) => a - b);
  const locked = await tx.select().from(programmes).where(inArray(programmes.id, programmeIds))
    .orderBy(programmes.id).for("update");
  const cancelled = await tx.update(applications).set({ status: "cancelled", updatedAt: now })
    .where(and(eq(applications.userId, userId), REVIEW.fromCondition(applications.status, "cancel")))
    .returning({ id: applications.id });
  await tx.update(applications).set({ answers: {}, fileIds: [], updatedAt: now }).where(
    eq(applications.userId, userId),
  );
  for (const programme of locked) await promoteWaiting(tx, config, programme, now);
  return { cancelled: cancelled.length, fileIds: [...new Set(mine.flatMap((a) => a.fileIds))] };
}

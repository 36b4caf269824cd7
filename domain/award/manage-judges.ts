// The judges of an award as its public judges page lists them (award_judges; not the judge accounts),
// kept by administrators on the award's edit screen.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { awardJudges } from "../../db/schema/award.ts";
import { HttpError } from "../../framework/errors.ts";
import { managedAward } from "./manage-awards.ts";
import { type AwardFamily, type DesignCategory, isDesignCategory } from "./options.ts";

const blank = (v: unknown) => (v === undefined || v === null ? "" : v);
const text = (max: number) => z.preprocess(blank, z.string().trim().max(max, "awardAdmin.error.too_long"));
const required = (max: number) => text(max).refine((s) => s.length > 0, "awardAdmin.error.required");

const optionalCategory = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? null : v),
  z.coerce.number().int().refine(isDesignCategory, "award.category_invalid").nullable(),
).transform((v) => v as DesignCategory | null);

export const JudgeInput = z.object({
  name: required(100),
  name_en: text(100),
  affiliation: text(200),
  affiliation_en: text(200),
  position: text(100),
  position_en: text(100),
  category: optionalCategory,
  sort: z.preprocess((v) => (v === "" || v === undefined ? 0 : v), z.coerce.number().int().min(0).max(100_000)),
});
export type JudgeInput = z.infer<typeof JudgeInput>;

export async function addJudge(db: Tx, family: AwardFamily, awardId: number, input: JudgeInput): Promise<void> {
  const { award } = await managedAward(db, family, awardId);
  await db.insert(awardJudges).values({
    awardId: award.id,
    name: input.name,
    nameEn: input.name_en,
    affiliation: input.affiliation,
    affiliationEn: input.affiliation_en,
    position: input.position,
    positionEn: input.position_en,
    category: input.category,
    sort: input.sort,
  });
}

export async function removeJudge(db: Tx, family: AwardFamily, awardId: number, judgeId: number): Promise<void> {
  await managedAward(db, family, awardId);
  const gone = await db.delete(awardJudges)
    .where(and(eq(awardJudges.id, judgeId), eq(awardJudges.awardId, awardId))).returning({ id: awardJudges.id });
  if (!gone.length) throw new HttpError(404, "awardAdmin.error.judge_not_found");
}

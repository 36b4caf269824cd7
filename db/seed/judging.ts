// Demo judging (issue 11 part 8): the IBDA being judged now gets a panel of three IBDA judges (the demo
// `judge-ibda`, a harsh and a lenient one), both pools with their categories and assigned judges, criteria
// for each round, and first-round scores from the harsh and the lenient judge (so calibration has something
// to correct); `judge-ibda` has everything still to do, and one work (by a designer of the judge's own
// workshop) withheld for a conflict of interest. The design award open for entries gets a DCB panel
// whose pools have not started. Last year's IBDA, whose results are out, gets its panel and its published
// results; every award past its result date has its results published and its certificates issued.
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { awardPools, awards, entries } from "../schema/award.ts";
import { userRoles, users } from "../schema/member.ts";
import { awardResults, criteria, panelJudges, poolCategories, poolJudges, scores } from "../schema/judging.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { scoreTotal } from "../../domain/judging/aggregate.ts";
import { ROUND_STATUSES } from "../../domain/judging/scoring.ts";
import { issueAppointments, issuePrizeCertificates } from "../../domain/judging/certificates.ts";
import { DEMO_PASSWORD } from "./members.ts";

/** Extra demo judges (password DEMO_PASSWORD): one scores low, one high. */
export const DEMO_JUDGES = [
  { username: "judge-harsh", name: "엄격한", nameEn: "Strict Um", affiliation: "서울디자인연구소", low: 3 },
  { username: "judge-lenient", name: "너그러운", nameEn: "Kindly Noh", affiliation: "부산디자인센터", low: 6 },
] as const;

const CRITERIA = [
  { name: "창의성", nameEn: "Originality", weight: 2, scale: 10 },
  { name: "완성도", nameEn: "Execution", weight: 1, scale: 10 },
  { name: "사회적 가치", nameEn: "Social value", weight: 1, scale: 10 },
];

export async function seedJudging(tx: Tx): Promise<void> {
  const now = new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const extra = await tx.insert(users).values(DEMO_JUDGES.map((j) => ({
    username: j.username,
    email: `${j.username}@design-center.example`,
    passwordHash,
    name: j.name,
    nameEn: j.nameEn,
    affiliation: j.affiliation,
    judgeCategory: "ibda",
    judgeFields: ["general"],
    termsAgreedAt: now,
    privacyAgreedAt: now,
  }))).returning({ id: users.id });
  await tx.insert(userRoles).values(
    extra.flatMap((u) =>
      ["member", "judge", "ibda"].map((roleCode) => ({ userId: u.id, roleCode, approved: true, decidedAt: now }))
    ),
  );
  const idOf = async (username: string) =>
    (await tx.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id;
  const ibdaJudge = await idOf("judge-ibda");
  const dcbJudge = await idOf("judge-dcb");
  if (!ibdaJudge || !dcbJudge) return;

  const ibdas = await tx.select().from(awards).where(eq(awards.family, "ibda")).orderBy(desc(awards.year));
  const judged = ibdas.find((a) => a.auditable);
  const finished = ibdas.find((a) => a !== judged && a.resultAt && a.resultAt < now);
  const [open] = await tx.select().from(awards).where(eq(awards.family, "award")).orderBy(desc(awards.year)).limit(1);

  const panelOf = async (
    awardId: number,
    members: { userId: number; role: string; category: string; affiliation: string; classification: string }[],
  ) => await tx.insert(panelJudges).values(members.map((m) => ({ awardId, position: "심사위원", ...m }))).returning();

  for (const award of [judged, finished].filter((a) => a !== undefined)) {
    const panel = await panelOf(award.id, [
      { userId: ibdaJudge, role: "ibda", category: "general", affiliation: "빛공방", classification: "위원장" },
      {
        userId: extra[0].id,
        role: "ibda",
        category: "general",
        affiliation: DEMO_JUDGES[0].affiliation,
        classification: "위원",
      },
      {
        userId: extra[1].id,
        role: "ibda",
        category: "student",
        affiliation: DEMO_JUDGES[1].affiliation,
        classification: "위원",
      },
    ]);
    const pools = await tx.select().from(awardPools).where(eq(awardPools.awardId, award.id));
    for (const pool of pools) {
      await tx.insert(poolCategories).values(award.categories.map((category) => ({ poolId: pool.id, category })));
      await tx.insert(poolJudges).values(
        panel.map((j) => ({ poolId: pool.id, judgeId: j.id, categories: [...award.categories] })),
      );
    }
    for (const round of ["first", "final"] as const) {
      await tx.insert(criteria).values(CRITERIA.map((c, i) => ({ awardId: award.id, round, ...c, sort: i })));
    }
    if (award !== judged) continue;
    // First-round scores from the harsh and the lenient judge on the first five works each can see.
    const first = pools.find((p) => p.kind === "first");
    const list = await tx.select().from(criteria).where(
      and(eq(criteria.awardId, award.id), eq(criteria.round, "first")),
    );
    const works = await tx.select({ id: entries.id }).from(entries)
      .where(and(eq(entries.awardId, award.id), inArray(entries.status, ROUND_STATUSES.first))).orderBy(entries.id)
      .limit(5);
    if (!first) continue;
    for (const [j, judge] of DEMO_JUDGES.entries()) {
      await tx.insert(scores).values(works.map((w, i) => {
        const values = Object.fromEntries(
          list.map((c, k) => [String(c.id), Math.min(c.scale, judge.low + ((i + k) % 4))]),
        );
        return { poolId: first.id, entryId: w.id, judgeId: panel[j + 1].id, values, total: scoreTotal(list, values) };
      }));
    }
  }

  if (open) {
    const [panel] = await panelOf(open.id, [
      { userId: dcbJudge, role: "dcb", category: "product", affiliation: "한빛산업디자인협회", classification: "위원" },
    ]);
    const pools = await tx.select().from(awardPools).where(eq(awardPools.awardId, open.id));
    for (const pool of pools) {
      await tx.insert(poolJudges).values({ poolId: pool.id, judgeId: panel.id, categories: [...open.categories] });
    }
    await tx.insert(criteria).values(CRITERIA.map((c, i) => ({ awardId: open.id, round: "first", ...c, sort: i })));
  }
  // Every award whose result date has passed has published results, its prizes' certificates and its
  // panel's letters of appointment.
  const done = await tx.select().from(awards).where(lt(awards.resultAt, now));
  for (const award of done) {
    await tx.insert(awardResults).values({
      awardId: award.id,
      publishedAt: award.resultAt!,
      mailedAt: award.resultAt!,
    });
    await issuePrizeCertificates(tx, award.id, award.resultAt!);
    await issueAppointments(tx, award.id, award.resultAt!);
  }
}

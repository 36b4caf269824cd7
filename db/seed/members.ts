// Demo accounts for every role (issue 3), printed at start-up. They share one password.
import type { Tx } from "../client.ts";
import { judgeCareers, judgeEducations, userRoles, users } from "../schema/member.ts";
import { hashPassword } from "../../domain/member/passwords.ts";

export const DEMO_PASSWORD = "Hanbit#2026";

interface DemoAccount {
  username: string;
  name: string;
  nameEn: string;
  roles: { code: string; approved: boolean; testable?: boolean }[];
  note: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: "admin",
    name: "관리자",
    nameEn: "Administrator",
    roles: [{ code: "administrator", approved: true }],
    note: "administrator",
  },
  {
    username: "staff",
    name: "지원단",
    nameEn: "Support staff",
    roles: [{ code: "support_group", approved: true }],
    note: "support group",
  },
  {
    username: "member",
    name: "김민지",
    nameEn: "Minji Kim",
    roles: [{ code: "member", approved: true }],
    note: "individual member",
  },
  {
    username: "tester",
    name: "이시험",
    nameEn: "Test Lee",
    roles: [{ code: "member", approved: true, testable: true }],
    note: "individual member, tester",
  },
  {
    username: "company",
    name: "(주)한빛제작소",
    nameEn: "Hanbit Works Co.",
    roles: [{ code: "company", approved: true }],
    note: "company",
  },
  {
    username: "design",
    name: "디자인스튜디오 온",
    nameEn: "Design Studio On",
    roles: [{ code: "design", approved: false }],
    note: "design company awaiting approval",
  },
  ...(["ibda", "dcb", "shoes"] as const).map((family) => ({
    username: `judge-${family}`,
    name: `${family.toUpperCase()} 심사위원`,
    nameEn: `${family.toUpperCase()} judge`,
    roles: [{ code: "member", approved: true }, { code: "judge", approved: true }, { code: family, approved: true }],
    note: `${family} judge`,
  })),
];

export async function seedMembers(tx: Tx): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  for (const account of DEMO_ACCOUNTS) {
    const [user] = await tx.insert(users).values({
      username: account.username,
      email: `${account.username}@design-center.example`,
      passwordHash,
      name: account.name,
      nameEn: account.nameEn,
      termsAgreedAt: now,
      privacyAgreedAt: now,
    }).returning({ id: users.id });
    await tx.insert(userRoles).values(account.roles.map((r) => ({
      userId: user.id,
      roleCode: r.code,
      approved: r.approved,
      testable: r.testable ?? false,
      decidedAt: r.approved ? now : null,
    })));
    const family = account.roles.find((r) => ["ibda", "dcb", "shoes"].includes(r.code))?.code;
    if (family) {
      await tx.insert(judgeCareers).values({
        userId: user.id,
        roleCode: family,
        organization: "한빛대학교 산업디자인학과",
        position: "교수",
        startedOn: "2010-03",
      });
      await tx.insert(judgeEducations).values({
        userId: user.id,
        school: "한빛대학교",
        major: "산업디자인",
        degree: "박사",
      });
    }
  }
}

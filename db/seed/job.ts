// Demo data of the job portal and talent sharing (issue 19 §7): the company's postings in every status and
// across regions (recruiting, closing tomorrow, done, past its close date and so done by itself, cancelled),
// the resumes of `member` (looking) and `tester` (completed), job applications in every state (applied,
// accepted, declined, withdrawn), shares of both types in every status with applications in every state,
// and the public designer profiles of `member` and of a prize winner. Dates are relative to the seeding day.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { designerProfiles, jobApplications, jobPostings, resumes, shareApplications, shares } from "../schema/job.ts";
import { users } from "../schema/member.ts";
import { certificates } from "../schema/judging.ts";
import { seoulDay } from "../../domain/job/status.ts";
import type { PostingStatus, Region } from "../../domain/job/options.ts";

interface PostingSeed {
  key: string;
  title: string;
  titleEn: string;
  occupation: "product" | "visual" | "brand" | "uiux" | "packaging" | "interior" | "video";
  region: Region;
  career: "N" | "E" | "Z";
  employType: "regular" | "contract" | "intern" | "freelance";
  salary: number;
  salaryType: "M" | "Y" | "H";
  /** Days from today of the close date. */
  closeIn: number;
  status: PostingStatus;
}

const POSTINGS: PostingSeed[] = [
  {
    key: "product",
    title: "제품 디자이너 (경력 3년 이상)",
    titleEn: "Product designer (3+ years)",
    occupation: "product",
    region: "11",
    career: "E",
    employType: "regular",
    salary: 42_000_000,
    salaryType: "Y",
    closeIn: 30,
    status: "recruiting",
  },
  {
    key: "uiux",
    title: "UI·UX 디자이너 신입 채용",
    titleEn: "Junior UI/UX designer",
    occupation: "uiux",
    region: "26",
    career: "N",
    employType: "regular",
    salary: 32_000_000,
    salaryType: "Y",
    closeIn: 21,
    status: "recruiting",
  },
  {
    key: "brand",
    title: "브랜드 디자인 계약직",
    titleEn: "Brand designer, fixed-term",
    occupation: "brand",
    region: "29",
    career: "Z",
    employType: "contract",
    salary: 3_000_000,
    salaryType: "M",
    closeIn: 14,
    status: "recruiting",
  },
  {
    key: "packaging",
    title: "패키지 디자인 인턴",
    titleEn: "Packaging design intern",
    occupation: "packaging",
    region: "41",
    career: "N",
    employType: "intern",
    salary: 11_000,
    salaryType: "H",
    closeIn: 1,
    status: "recruiting",
  },
  {
    key: "interior",
    title: "실내 디자인 프리랜서",
    titleEn: "Freelance interior designer",
    occupation: "interior",
    region: "50",
    career: "E",
    employType: "freelance",
    salary: 0,
    salaryType: "M",
    closeIn: 45,
    status: "recruiting",
  },
  {
    key: "visual",
    title: "시각 디자이너 (마감)",
    titleEn: "Visual designer (closed)",
    occupation: "visual",
    region: "27",
    career: "E",
    employType: "regular",
    salary: 38_000_000,
    salaryType: "Y",
    closeIn: 10,
    status: "done",
  },
  {
    key: "expired",
    title: "영상 디자이너 (기한 지남)",
    titleEn: "Video designer (past its closing date)",
    occupation: "video",
    region: "30",
    career: "Z",
    employType: "contract",
    salary: 2_800_000,
    salaryType: "M",
    closeIn: -3,
    status: "recruiting",
  },
  {
    key: "cancelled",
    title: "취소된 공고",
    titleEn: "A cancelled posting",
    occupation: "product",
    region: "48",
    career: "N",
    employType: "regular",
    salary: 30_000_000,
    salaryType: "Y",
    closeIn: 20,
    status: "cancelled",
  },
];

export async function seedJobs(tx: Tx): Promise<void> {
  const accounts = await tx.select({ id: users.id, username: users.username }).from(users)
    .where(inArray(users.username, ["company", "member", "tester", "judge-shoes"]));
  const id = (name: string) => accounts.find((a) => a.username === name)?.id;
  const company = id("company");
  const member = id("member");
  const tester = id("tester");
  // A member (the footwear judge) whose share applications were declined and withdrawn; none if absent.
  const volunteer = id("judge-shoes");
  if (!company || !member || !tester) return;
  const now = new Date();

  const postings = new Map<string, number>();
  for (const p of POSTINGS) {
    const [row] = await tx.insert(jobPostings).values({
      companyId: company,
      company: "(주)한빛제작소",
      companyEn: "Hanbit Works Co., Ltd.",
      companyType: "small",
      workerNum: "10",
      contact: "채용 담당 062-000-0000",
      title: p.title,
      titleEn: p.titleEn,
      occupation: p.occupation,
      duties: "제품과 브랜드의 디자인 전 과정을 맡습니다.\n기획 단계부터 양산까지 함께합니다.",
      dutiesEn: "You take part in the whole design process, from the first idea to production.",
      region: p.region,
      education: "bachelor",
      career: p.career,
      salary: p.salary,
      salaryType: p.salaryType,
      employType: p.employType,
      holidayType: "five_days",
      workHour: "flexible",
      welfare: "점심 제공, 교육비 지원",
      preferences: "포트폴리오 제출자 우대",
      severance: p.employType !== "freelance",
      insurance: p.employType === "freelance" ? [] : ["pension", "health", "employment", "accident"],
      applyMethod: "online",
      papers: "이력서, 포트폴리오",
      hireCount: 1,
      closeOn: seoulDay(now, p.closeIn),
      status: p.status,
      closedAt: p.status === "recruiting" ? null : now,
    }).returning({ id: jobPostings.id });
    postings.set(p.key, row.id);
  }

  const [memberResume] = await tx.insert(resumes).values({
    userId: member,
    title: "사용자 경험을 설계하는 제품 디자이너",
    titleEn: "Product designer who designs experiences",
    gender: "female",
    occupation: "product",
    region: "29",
    career: "E",
    education: "bachelor",
    employType: "regular",
    portfolioUrl: "https://portfolio.example.com/member",
    introduction: "생활용품과 소형 가전의 디자인을 5년 동안 맡아 왔습니다.",
    introductionEn: "I have designed household goods and small appliances for five years.",
    desiredPay: 40_000_000,
    desiredPayType: "Y",
    status: "looking",
  }).returning({ id: resumes.id });
  const [testerResume] = await tx.insert(resumes).values({
    userId: tester,
    title: "브랜드와 패키지 디자이너",
    titleEn: "Brand and packaging designer",
    gender: "male",
    occupation: "brand",
    region: "11",
    career: "N",
    education: "college",
    employType: "contract",
    introduction: "브랜드 아이덴티티와 패키지 작업을 해 왔습니다.",
    desiredPay: 0,
    desiredPayType: "Y",
    status: "completed",
  }).returning({ id: resumes.id });

  // member applied to the product posting (undecided), was accepted by the closed one, withdrew from the brand
  // one; tester was declined by the closed one (a done posting: the company no longer reads that resume, which
  // is completed, so it stays hidden from the company as issue 19 §2 asks).
  const applications = [
    { key: "product", status: "applied" as const, resumeId: memberResume.id, userId: member },
    { key: "visual", status: "accepted" as const, resumeId: memberResume.id, userId: member },
    { key: "brand", status: "cancelled" as const, resumeId: memberResume.id, userId: member },
    { key: "visual", status: "declined" as const, resumeId: testerResume.id, userId: tester },
  ];
  for (const a of applications) {
    const postingId = postings.get(a.key)!;
    await tx.insert(jobApplications).values({
      postingId,
      resumeId: a.resumeId,
      userId: a.userId,
      message: a.userId === member ? "포트폴리오를 함께 보내 드립니다." : "브랜드 작업을 보내 드립니다.",
      status: a.status,
      decidedAt: a.status === "applied" ? null : now,
    });
    if (a.status !== "cancelled") {
      const [p] = await tx.select({ n: jobPostings.applicationCount }).from(jobPostings)
        .where(eq(jobPostings.id, postingId));
      await tx.update(jobPostings).set({ applicationCount: p.n + 1 }).where(eq(jobPostings.id, postingId));
    }
  }

  const share = async (values: typeof shares.$inferInsert) =>
    (await tx.insert(shares).values(values).returning({ id: shares.id }))[0].id;
  const base = {
    periodFrom: seoulDay(now, -10),
    periodTo: seoulDay(now, 60),
    description: "지역 아동센터 아이들과 함께하는 디자인 수업입니다.\n재료는 센터에서 준비합니다.",
    descriptionEn: "Design classes with children of a local children's centre. The centre provides the materials.",
  };
  const sharing = await share({
    ...base,
    userId: member,
    type: "donate",
    talent: "어린이 디자인 교실",
    talentEn: "Design class for children",
    field: "visual",
    times: "매주 토요일 2시간",
    target: "지역 아동센터 어린이",
    institution: "한빛 지역아동센터",
    region: "29",
    approvedNumber: 2,
    acceptedCount: 1,
    // tester accepted, company waiting, the volunteer declined (a withdrawn application is not counted).
    applicationCount: volunteer ? 3 : 2,
    status: "sharing",
  });
  await share({
    ...base,
    userId: member,
    type: "donate",
    talent: "소상공인 로고 상담",
    talentEn: "Logo advice for small shops",
    field: "brand",
    times: "월 1회",
    target: "전통시장 상인",
    region: "11",
    approvedNumber: 3,
    status: "inactive",
  });
  const ended = await share({
    ...base,
    userId: member,
    type: "donate",
    talent: "포장 디자인 멘토링",
    talentEn: "Packaging design mentoring",
    field: "packaging",
    times: "4회",
    target: "예비 창업자",
    region: "41",
    approvedNumber: 1,
    acceptedCount: 1,
    applicationCount: 1,
    status: "ended",
    periodFrom: seoulDay(now, -90),
    periodTo: seoulDay(now, -30),
  });
  const requesting = await share({
    ...base,
    userId: tester,
    type: "request",
    talent: "마을 축제 포스터 디자인",
    talentEn: "A poster for the village festival",
    field: "visual",
    times: "1회",
    target: "마을 주민",
    institution: "한빛동 주민자치회",
    region: "46",
    approvedNumber: 1,
    applicationCount: 1,
    status: "requesting",
  });
  const inProgress = await share({
    ...base,
    userId: tester,
    type: "request",
    talent: "복지관 안내 표지판 개선",
    talentEn: "Better signs for the welfare centre",
    field: "environment",
    times: "3회 방문",
    target: "복지관 이용자",
    region: "47",
    approvedNumber: 2,
    acceptedCount: 1,
    applicationCount: 1,
    status: "in_progress",
  });
  await share({
    ...base,
    userId: tester,
    type: "request",
    talent: "협동조합 누리집 개편",
    talentEn: "A new website for a cooperative",
    field: "web",
    times: "2개월",
    region: "36",
    approvedNumber: 1,
    status: "ended",
  });
  await share({
    ...base,
    userId: tester,
    type: "request",
    talent: "작은도서관 안내 책자",
    talentEn: "A leaflet for a small library",
    field: "visual",
    region: "44",
    approvedNumber: 1,
    status: "inactive",
  });
  await tx.insert(shareApplications).values([
    { shareId: sharing, userId: tester, message: "아이들과 함께하고 싶습니다.", status: "accepted", decidedAt: now },
    { shareId: sharing, userId: company, message: "직원 봉사로 함께하겠습니다.", status: "applied" },
    { shareId: requesting, userId: member, message: "포스터를 만들어 드리겠습니다.", status: "applied" },
    { shareId: ended, userId: company, message: "멘토링을 신청합니다.", status: "accepted", decidedAt: now },
    { shareId: inProgress, userId: member, message: "표지판 작업을 돕겠습니다.", status: "accepted", decidedAt: now },
  ]);
  // Applications in every state (issue 19 §7): the volunteer was declined by the children's class and
  // withdrew their offer to the festival poster (withdrawn ones leave the share's count).
  if (volunteer) {
    await tx.insert(shareApplications).values([
      { shareId: sharing, userId: volunteer, message: "주말 수업을 돕겠습니다.", status: "declined", decidedAt: now },
      { shareId: requesting, userId: volunteer, message: "포스터 시안을 보내 드립니다.", status: "cancelled" },
    ]);
  }
  // `member` shows a public designer profile with every part (/designer/{id}); `tester` never turned one on.
  await tx.insert(designerProfiles).values({
    userId: member,
    enabled: true,
    showPrizes: true,
    showProducts: true,
    showResume: true,
    showDonations: true,
  });
  // The first entrant holding a prize certificate (db/seed/judging.ts runs before) shows their prizes too.
  const [prized] = await tx.select({ userId: certificates.holderId }).from(certificates)
    .where(and(eq(certificates.kind, "prize"), isNull(certificates.revokedAt))).orderBy(asc(certificates.id)).limit(1);
  if (prized && prized.userId !== member) {
    await tx.insert(designerProfiles).values({ userId: prized.userId, enabled: true, showPrizes: true });
  }
}

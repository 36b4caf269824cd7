// Demo contests (issue 12 §8): one in every approval and status — unpaid, waiting for approval, rejected,
// approved before opening, ongoing with 3 entries (extendable), ongoing extended once, judging, terminated
// with winners and a settlement, terminated with nobody entering. Dates are relative to the seeding day.
import { inArray } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { contestEntries, contestPayouts, contests, externalContests } from "../schema/contest.ts";
import { users } from "../schema/member.ts";
import { payments } from "../schema/pay.ts";
import { settle } from "../../domain/contest/rules.ts";
import { type PrizePlace, TARGET_CONTEST_PRIZE } from "../../domain/contest/options.ts";

const DAY = 24 * 60 * 60 * 1000;

interface ContestSeed {
  key: string;
  title: string;
  titleEn: string;
  field: "brand" | "edit" | "product" | "web" | "arch" | "etc";
  subField: string;
  approval: "unpaid" | "pending" | "approved" | "rejected";
  /** Days from today of open, close and result. */
  days: [number, number, number];
  entries: number;
  extendCount?: number;
  winners?: boolean;
  restriction?: "any" | "member" | "company";
}

const SEEDS: ContestSeed[] = [
  {
    key: "unpaid",
    title: "한빛제작소 새 포장 디자인 공모",
    titleEn: "Hanbit Works new packaging design contest",
    field: "edit",
    subField: "package",
    approval: "unpaid",
    days: [10, 40, 55],
    entries: 0,
  },
  {
    key: "pending",
    title: "지역 축제 포스터 디자인 공모",
    titleEn: "Regional festival poster design contest",
    field: "edit",
    subField: "poster",
    approval: "pending",
    days: [7, 37, 52],
    entries: 0,
  },
  {
    key: "rejected",
    title: "사내 캐릭터 공모",
    titleEn: "In-house character contest",
    field: "product",
    subField: "character",
    approval: "rejected",
    days: [5, 35, 50],
    entries: 0,
  },
  {
    key: "preparing",
    title: "한빛시 관광 안내 사인 디자인 공모",
    titleEn: "Hanbit City tourist signage design contest",
    field: "arch",
    subField: "signage",
    approval: "approved",
    days: [6, 36, 51],
    entries: 0,
  },
  {
    key: "ongoing",
    title: "한빛제작소 브랜드 로고 디자인 공모",
    titleEn: "Hanbit Works brand logo design contest",
    field: "brand",
    subField: "logo",
    approval: "approved",
    days: [-10, 20, 35],
    entries: 3,
  },
  {
    key: "extended",
    title: "지역 농산물 쇼핑몰 웹 디자인 공모",
    titleEn: "Local produce shop web design contest",
    field: "web",
    subField: "website",
    approval: "approved",
    days: [-20, 25, 40],
    entries: 0,
    extendCount: 1,
    restriction: "member",
  },
  {
    key: "judging",
    title: "한빛 굿즈 디자인 공모",
    titleEn: "Hanbit goods design contest",
    field: "product",
    subField: "goods",
    approval: "approved",
    days: [-40, -5, 10],
    entries: 2,
  },
  {
    key: "terminated",
    title: "2025 한빛제작소 리플릿 디자인 공모",
    titleEn: "2025 Hanbit Works leaflet design contest",
    field: "edit",
    subField: "leaflet",
    approval: "approved",
    days: [-90, -60, -45],
    entries: 3,
    winners: true,
  },
  {
    key: "empty",
    title: "2025 한빛 캘리그라피 로고 공모",
    titleEn: "2025 Hanbit calligraphy logo contest",
    field: "brand",
    subField: "logo",
    approval: "approved",
    days: [-80, -50, -35],
    entries: 0,
  },
];

const PRIZES = { prize1: 1_000_000, prize2: 500_000, prize3: 300_000 };
const PAID = PRIZES.prize1 + PRIZES.prize2 + PRIZES.prize3;

export async function seedContests(tx: Tx): Promise<void> {
  const people = await tx.select({ id: users.id, username: users.username }).from(users)
    .where(inArray(users.username, ["company", "member", "tester", "judge-ibda", "judge-dcb"]));
  const id = (name: string) => people.find((p) => p.username === name)?.id;
  const host = id("company");
  if (!host) return;
  const entrants = ["member", "tester", "judge-ibda"].map(id).filter((v): v is number => Boolean(v));
  const today = new Date();
  today.setUTCHours(15, 0, 0, 0); // midnight in Seoul
  const day = (n: number) => new Date(today.getTime() + n * DAY);

  for (const seed of SEEDS) {
    const [open, close, result] = seed.days.map(day);
    const [contest] = await tx.insert(contests).values({
      hostId: host,
      field: seed.field,
      subField: seed.subField,
      detailItems: "로고 시안 1종\n색상 변형 2종",
      title: seed.title,
      titleEn: seed.titleEn,
      company: "(주)한빛제작소",
      companyEn: "Hanbit Works Co.",
      contactEmail: "company@design-center.example",
      summary: "지역 기업의 새 얼굴을 함께 만들 디자이너를 찾습니다.",
      summaryEn: "We are looking for designers to create a new face for a local company.",
      request: "친근하고 믿음직한 인상을 주는 디자인을 바랍니다. 흑백에서도 알아볼 수 있어야 합니다.",
      requestEn: "We want a friendly, trustworthy design that stays recognisable in black and white.",
      commercial: true,
      logoStyle: seed.field === "brand" ? "symbol" : null,
      websiteStyle: seed.field === "web" ? "responsive" : null,
      referenceSites: "한빛제작소 누리집",
      referenceUrls: ["https://example.com/"],
      preferredColor: "남색, 흰색",
      style: "단순하고 현대적인",
      languages: ["ko", "en"],
      entryRestriction: seed.restriction ?? "any",
      openAt: open,
      closeAt: close,
      resultAt: result,
      ...PRIZES,
      extendCount: seed.extendCount ?? 0,
      public: true,
      approval: seed.approval,
      rejectReason: seed.approval === "rejected"
        ? "상금 지급 조건이 요강과 다릅니다. 요강을 고쳐 다시 신청해 주십시오."
        : "",
      decidedAt: seed.approval === "approved" || seed.approval === "rejected" ? day(seed.days[0] - 3) : null,
      publishedAt: seed.winners ? result : null,
      settledAt: seed.winners ? result : null,
    }).returning();
    if (seed.approval !== "unpaid") {
      await tx.insert(payments).values({
        orderId: `CP${contest.id}-seed${seed.key}`,
        provider: "test",
        targetType: TARGET_CONTEST_PRIZE,
        targetId: contest.id,
        userId: host,
        amount: PAID,
        status: "paid",
        providerTid: `TESTSEED${contest.id}`,
        approvedAt: day(seed.days[0] - 5),
      });
    }
    const made: { id: number; userId: number }[] = [];
    for (let i = 0; i < seed.entries && i < entrants.length; i++) {
      const [entry] = await tx.insert(contestEntries).values({
        contestId: contest.id,
        userId: entrants[i],
        title: `${seed.titleEn} — proposal ${i + 1}`,
        description: "시안 설명입니다.",
        hostComment: seed.key === "judging" || seed.winners ? "색 조합이 좋습니다." : "",
        rank: seed.winners ? (["grand", "gold", "selected"] as const)[i] : null,
        place: seed.winners && i < 2 ? i + 1 : null,
      }).returning({ id: contestEntries.id, userId: contestEntries.userId });
      made.push(entry);
    }
    if (seed.winners) {
      const s = settle({
        ...PRIZES,
        paid: PAID,
        entrants: made.length,
        winners: made.slice(0, 2).map((e, i) => ({ entryId: e.id, userId: e.userId, place: (i + 1) as PrizePlace })),
      });
      await tx.insert(contestPayouts).values(s.payouts.map((p) => ({
        contestId: contest.id,
        entryId: p.entryId,
        userId: p.userId,
        place: p.place,
        prize: p.prize,
        tax: p.tax,
        net: p.net,
        status: "paid" as const,
        paidAt: result,
      })));
    }
  }
  await seedExternalContests(tx, day);
}

/** Other organisations' contests the council lists (issue 23 §12): one open, one coming, one over, one hidden. */
async function seedExternalContests(tx: Tx, day: (n: number) => Date) {
  const date = (n: number) => new Date(day(n).getTime() + 9 * 3600_000).toISOString().slice(0, 10);
  const rows = [
    [
      "전국 공공디자인 공모전",
      "National Public Design Contest",
      "한국공공디자인협회",
      "Korea Public Design Association",
      -10,
      20,
      "대상 500만 원 외",
      "Grand prize KRW 5 million and more",
      true,
    ],
    [
      "친환경 패키지 디자인 공모전",
      "Eco Packaging Design Contest",
      "그린패키지연구소",
      "Green Packaging Lab",
      5,
      40,
      "총상금 1,000만 원",
      "KRW 10 million in prizes",
      true,
    ],
    [
      "지난 캐릭터 공모전",
      "Past Character Contest",
      "한빛문화재단",
      "Hanbit Culture Foundation",
      -60,
      -30,
      "",
      "",
      true,
    ],
    ["준비 중인 공모전", "Contest in preparation", "한빛시", "Hanbit City", 0, 30, "", "", false],
  ] as const;
  await tx.insert(externalContests).values(
    rows.map(([title, titleEn, organiser, organiserEn, from, to, prize, prizeEn, published]) => ({
      title,
      titleEn,
      organiser,
      organiserEn,
      link: "https://www.example.org/contests",
      startOn: date(from),
      endOn: date(to),
      prize,
      prizeEn,
      published,
    })),
  );
}

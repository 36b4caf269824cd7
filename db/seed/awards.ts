// Demo awards (issue 5 part 8) in every phase, relative to the day the demo is seeded: the design award
// open for entries now, last year's with results and a running exhibition, the year before terminated;
// the IBDA being judged now and last year's with results and an exhibition. Each has categories, pools,
// judges and entries with pictures made by sharp, stored through the files domain. Pictures of published
// entries (exhibited, winners, nominees) are public; the others only their owner's, the judges' and the
// administrators'.
import { eq } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { awardJudges, awardPools, awards, entries, type SubDesigner } from "../schema/award.ts";
import { userRoles, users } from "../schema/member.ts";
import type { FileStore } from "../../domain/file/storage.ts";
import type { FileAccess, FilePurpose } from "../../domain/file/rules.ts";
import {
  type AwardFamily,
  type AwardRank,
  type DesignCategory,
  type EntryStatus,
  type ExhibitorType,
} from "../../domain/award/options.ts";
import { entryFee } from "../../domain/award/entry-rules.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { NO_STORE, SeedFiles, seedPicture, seedUpload } from "./images.ts";

const DAY = 24 * 60 * 60 * 1000;

/** Midnight UTC+9 (`days` from today in Korea) plus `hour`: award dates are Korean wall-clock times. */
function kst(now: Date, days: number, hour = 0): Date {
  const koreaMidnight = Math.floor((now.getTime() + 9 * 3600_000) / DAY) * DAY - 9 * 3600_000;
  return new Date(koreaMidnight + days * DAY + hour * 3600_000);
}

interface Timeline {
  submitFrom: number;
  submitTo: number;
  auditAt: number;
  preAt: number;
  offTo: number;
  resultAt: number;
  displayFrom: number;
  displayTo: number;
  closeAt: number;
}

/** Days relative to today, per phase the award is in now. */
const TIMELINES: Record<"submit" | "judge" | "exhibition" | "closed", Timeline> = {
  submit: {
    submitFrom: -14,
    submitTo: 30,
    auditAt: 35,
    preAt: 50,
    offTo: 60,
    resultAt: 70,
    displayFrom: 75,
    displayTo: 105,
    closeAt: 110,
  },
  judge: {
    submitFrom: -75,
    submitTo: -25,
    auditAt: -10,
    preAt: 12,
    offTo: 22,
    resultAt: 32,
    displayFrom: 40,
    displayTo: 70,
    closeAt: 75,
  },
  exhibition: {
    submitFrom: -300,
    submitTo: -250,
    auditAt: -240,
    preAt: -220,
    offTo: -200,
    resultAt: -180,
    displayFrom: -20,
    displayTo: 40,
    closeAt: 60,
  },
  closed: {
    submitFrom: -660,
    submitTo: -610,
    auditAt: -600,
    preAt: -580,
    offTo: -560,
    resultAt: -540,
    displayFrom: -520,
    displayTo: -490,
    closeAt: -480,
  },
};

type Stage = keyof typeof TIMELINES;

interface AwardSeed {
  family: AwardFamily;
  yearOffset: number;
  stage: Stage;
  hue: number;
  title: string;
  titleEn: string;
  subject: string;
  subjectEn: string;
  categories: DesignCategory[];
  auditable: boolean;
  entries: number;
}

const AWARDS: AwardSeed[] = [
  {
    family: "award",
    yearOffset: 0,
    stage: "submit",
    hue: 210,
    title: "한빛국제디자인어워드",
    titleEn: "Hanbit International Design Award",
    subject: "일상을 잇는 디자인",
    subjectEn: "Design that connects everyday life",
    categories: [10, 20, 30, 40, 50, 110],
    auditable: false,
    entries: 5,
  },
  {
    family: "award",
    yearOffset: -1,
    stage: "exhibition",
    hue: 20,
    title: "한빛국제디자인어워드",
    titleEn: "Hanbit International Design Award",
    subject: "지역을 밝히는 디자인",
    subjectEn: "Design that lights up the region",
    categories: [10, 20, 30, 40],
    auditable: false,
    entries: 18,
  },
  {
    family: "award",
    yearOffset: -2,
    stage: "closed",
    hue: 140,
    title: "한빛국제디자인어워드",
    titleEn: "Hanbit International Design Award",
    subject: "다시 쓰는 디자인",
    subjectEn: "Design for reuse",
    categories: [10, 20, 30],
    auditable: false,
    entries: 8,
  },
  {
    family: "ibda",
    yearOffset: 0,
    stage: "judge",
    hue: 270,
    title: "IBDA 국제브라이트디자인어워드",
    titleEn: "IBDA International Bright Design Award",
    subject: "빛과 지속 가능성",
    subjectEn: "Light and sustainability",
    categories: [10, 20, 40, 110],
    auditable: true,
    entries: 8,
  },
  {
    family: "ibda",
    yearOffset: -1,
    stage: "exhibition",
    hue: 45,
    title: "IBDA 국제브라이트디자인어워드",
    titleEn: "IBDA International Bright Design Award",
    subject: "모두를 위한 밝은 디자인",
    subjectEn: "Bright design for everyone",
    categories: [10, 20, 40, 110],
    auditable: false,
    entries: 12,
  },
];

const WORKS: [string, string][] = [
  ["숲의 조명", "Forest Lamp"],
  ["다시 쓰는 컵", "Refill Cup"],
  ["골목 안내 표지", "Alley Wayfinding"],
  ["한지 스피커", "Hanji Speaker"],
  ["바람 의자", "Wind Chair"],
  ["모두의 버스 정류장", "A Bus Stop for All"],
  ["빛 그림 포스터", "Light Drawing Posters"],
  ["옹기 화분", "Onggi Planter"],
  ["접는 유모차", "Folding Stroller"],
  ["시장 브랜드", "Market Identity"],
  ["물결 스카프", "Ripple Scarf"],
  ["마을 돌봄 서비스", "Neighbourhood Care Service"],
  ["태양광 벤치", "Solar Bench"],
  ["점자 지도", "Braille Map"],
  ["대나무 자전거", "Bamboo Bicycle"],
  ["손글씨 서체", "Handwriting Typeface"],
  ["모듈 책장", "Modular Shelf"],
  ["재생 섬유 가방", "Recycled Fibre Bag"],
];

const DESIGNERS: [string, string, string][] = [
  ["박서연", "Seoyeon Park", "한빛대학교"],
  ["최도윤", "Doyun Choi", "스튜디오 나무"],
  ["정하은", "Haeun Jung", "(주)한빛제작소"],
  ["강지호", "Jiho Kang", "빛공방"],
  ["윤채원", "Chaewon Yoon", "한빛예술고등학교"],
  ["Emma Clarke", "Emma Clarke", "Northlight Studio"],
  ["임준서", "Junseo Lim", "디자인랩 바다"],
  ["한유나", "Yuna Han", "한빛대학교 대학원"],
];

const JUDGES: [string, string, string, string, string, string][] = [
  ["김태희", "Taehee Kim", "한빛대학교", "Hanbit University", "교수", "Professor"],
  ["Lars Eriksen", "Lars Eriksen", "Nordic Design Council", "Nordic Design Council", "이사", "Director"],
  ["오민수", "Minsu Oh", "오민수디자인", "Minsu Oh Design", "대표", "Principal"],
  ["장수빈", "Subin Jang", "국립디자인연구소", "National Design Institute", "연구위원", "Research fellow"],
  ["Aiko Tanaka", "Aiko Tanaka", "Tokyo Craft Lab", "Tokyo Craft Lab", "디렉터", "Director"],
  ["배현우", "Hyunwoo Bae", "한빛시 공공디자인과", "Hanbit City Public Design Office", "과장", "Head of office"],
];

const PRIZES: AwardRank[] = ["grand", "gold", "silver", "bronze", "excellence", "excellence", "special", "selected"];

/**
 * Entrants of the demo entries: accounts that cannot sign in (their password is random), so the demo
 * accounts (member, company, tester) start with no entries and can try the wizard.
 */
const ENTRANTS = Array.from({ length: 10 }, (_, i) => `entrant${i + 1}`);

export interface AwardSeedOptions {
  /** Where the pictures' bytes go; none: file rows only (test templates). */
  store?: FileStore;
  now?: Date;
}

export async function seedAwards(tx: Tx, options: AwardSeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const files = new SeedFiles(tx, options.store ?? NO_STORE, () => {});
  const owners = await seedEntrants(tx);

  // A few pictures, made once and shared: six works, one poster, one thumbnail per award.
  const [works, poster, thumb] = await Promise.all([
    Promise.all(Array.from({ length: 6 }, (_, i) => seedPicture(1200, 900, i * 60, i))),
    seedPicture(900, 1200, 215, 7),
    seedPicture(440, 330, 25, 9),
  ]);
  const save = async (
    purpose: FilePurpose,
    access: FileAccess,
    bytes: Uint8Array,
    w: number,
    h: number,
    owner: number | null,
    awardId?: number,
  ) =>
    (await files.save(seedUpload(`${purpose}.jpg`, bytes, w, h), { purpose, access, ownerId: owner, awardId }, tx)).id;

  const thisYear = Number(new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Asia/Seoul" }).format(now));
  let picture = 0;
  for (const seed of AWARDS) {
    const days = TIMELINES[seed.stage];
    const at = (d: number, hour = 0) => kst(now, d, hour);
    const [award] = await tx.insert(awards).values({
      family: seed.family,
      year: thisYear + seed.yearOffset,
      title: `${thisYear + seed.yearOffset} ${seed.title}`,
      titleEn: `${seed.titleEn} ${thisYear + seed.yearOffset}`,
      host: "한빛지역디자인센터",
      hostEn: "Hanbit Regional Design Center",
      sponsor: "한빛시, 산업통상자원부",
      sponsorEn: "Hanbit City, Ministry of Trade, Industry and Energy",
      subject: seed.subject,
      subjectEn: seed.subjectEn,
      place: "한빛디자인센터 1층 전시장",
      placeEn: "Exhibition hall, Hanbit Design Center, ground floor",
      description: `올해의 주제는 「${seed.subject}」입니다. 사람과 지역의 삶을 밝히는 디자인을 공모합니다. ` +
        "기업 출품은 출품료 100,000원, 개인 출품은 무료입니다.",
      descriptionEn:
        `This year's theme is "${seed.subjectEn}": design that brightens the lives of people and places. ` +
        "Companies pay an entry fee of 100,000 won; individuals enter free.",
      submitFrom: at(days.submitFrom, 9),
      submitTo: at(days.submitTo, 18),
      auditAt: at(days.auditAt, 10),
      preAt: at(days.preAt, 10),
      offTo: at(days.offTo, 18),
      resultAt: at(days.resultAt, 14),
      displayFrom: at(days.displayFrom, 10),
      displayTo: at(days.displayTo, 18),
      closeAt: at(days.closeAt, 18),
      auditable: seed.auditable,
      categories: seed.categories,
    }).returning();
    const posterId = await save("award_poster", "public", poster, 900, 1200, null, award.id);
    const thumbnailId = await save("award_thumbnail", "public", thumb, 440, 330, null, award.id);
    await tx.update(awards).set({ posterId, thumbnailId }).where(eq(awards.id, award.id));
    await tx.insert(awardPools).values([
      { awardId: award.id, kind: "first", startAt: at(days.auditAt, 10), finishAt: at(days.preAt, 10) },
      { awardId: award.id, kind: "final", startAt: at(days.offTo, 18), finishAt: at(days.resultAt, 10) },
    ]);
    await tx.insert(awardJudges).values(JUDGES.map(([name, nameEn, aff, affEn, pos, posEn], i) => ({
      awardId: award.id,
      name,
      nameEn,
      affiliation: aff,
      affiliationEn: affEn,
      position: pos,
      positionEn: posEn,
      category: i === 0 ? null : seed.categories[i % seed.categories.length],
      sort: (i + 1) * 10,
    })));

    const published = seed.stage === "exhibition" || seed.stage === "closed";
    for (let i = 0; i < seed.entries; i++) {
      const [title, titleEn] = WORKS[(i + seed.hue) % WORKS.length];
      const [dName, dNameEn, affiliation] = DESIGNERS[i % DESIGNERS.length];
      const exhibitorType: ExhibitorType = (["company", "general", "student", "general"] as const)[i % 4];
      const fee = entryFee(exhibitorType);
      const rank = published && i < PRIZES.length ? PRIZES[i] : null;
      const nominee = published && i >= PRIZES.length && i < PRIZES.length + 4;
      const display = published && (rank !== null || i % 3 === 0);
      const status: EntryStatus = !published && fee > 0 && i % 8 === 0
        ? "pay_incomplete"
        : fee > 0
        ? "pay_complete"
        : "submitted";
      const access: FileAccess = rank || nominee || display ? "public" : "judges";
      const owner = owners[(i + seed.yearOffset * 3 + 24) % owners.length];
      const bytes = works[picture++ % works.length];
      const thumbnailId = await save("entry_thumbnail", access, bytes, 1200, 900, owner, award.id);
      const detailId = await save(
        "entry_image",
        access,
        works[(picture + 2) % works.length],
        1200,
        900,
        owner,
        award.id,
      );
      const subDesigners: SubDesigner[] = i % 3 === 1 ? [{ name: "이가람", name_en: "Garam Lee", affiliation }] : [];
      const category = seed.categories[i % seed.categories.length];
      const submitted = kst(now, days.submitFrom + 3 + (i % 10), 11);
      await tx.insert(entries).values({
        awardId: award.id,
        userId: owner,
        status,
        exhibitorType,
        company: exhibitorType === "company" ? affiliation : "",
        schoolType: exhibitorType === "student" ? "university" : "",
        department: exhibitorType === "student" ? "산업디자인학과" : "",
        designerName: dName,
        designerNameEn: dNameEn,
        designerEmail: `designer${i + 1}@design-center.example`,
        designerPhone: `010-5550-${String(1000 + i).slice(-4)}`,
        designerAffiliation: affiliation,
        subDesigners,
        category,
        title,
        titleEn,
        description: `「${seed.subject}」에 답하는 작품 「${title}」. 지역의 재료와 기술로 만들고, ` +
          "누구나 쉽게 쓰고 고칠 수 있도록 설계했습니다.",
        workType: i % 7 === 6 ? "digital" : "image",
        url: i % 7 === 6 ? "https://video.example/works/demo" : "",
        videoSeconds: i % 7 === 6 ? 150 : null,
        thumbnailId,
        detailIds: [detailId],
        agreedRulesAt: submitted,
        declaredNotPrizedAt: submitted,
        marketAutoRegister: i % 4 === 0,
        commercialImage: i % 5 === 0,
        fee,
        display,
        rank,
        nominee,
        submittedAt: submitted,
      });
    }
  }
}

/** The demo entrants (individuals, students, companies) that own the seeded entries. */
async function seedEntrants(tx: Tx): Promise<number[]> {
  const passwordHash = await hashPassword(crypto.randomUUID());
  const now = new Date();
  const rows = await tx.insert(users).values(ENTRANTS.map((username, i) => ({
    username,
    email: `${username}@design-center.example`,
    passwordHash,
    name: DESIGNERS[i % DESIGNERS.length][0],
    nameEn: DESIGNERS[i % DESIGNERS.length][1],
    termsAgreedAt: now,
    privacyAgreedAt: now,
  }))).returning({ id: users.id });
  await tx.insert(userRoles).values(rows.map((r) => ({
    userId: r.id,
    roleCode: "member",
    approved: true,
    decidedAt: now,
  })));
  return rows.map((r) => r.id);
}

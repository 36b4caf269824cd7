// Demo forms, programmes, business-support calls and courses (issue 14 §5): a form of every component
// type (the support calls' form), a programme form and a course form; support calls recruiting, scheduled
// and terminated; applications in every review state; a full course with a waiting list; and the local
// postal provider's real road-name addresses (domain/form/postal.ts). Dates are relative to the seeding
// day. Seeded applications carry no documents (their file answers are left out). Ids follow the order
// below on a fresh database: form 1 is the support form, programme 1 the first support call.
import { inArray } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { users } from "../schema/member.ts";
import { applications, forms, formVersions, postalAddresses, programmes } from "../schema/programme.ts";
import type { FormComponent } from "../../domain/form/model.ts";
import type { ApplicationStatus } from "../../domain/programme/kinds.ts";

const DAY = 24 * 60 * 60 * 1000;
const f = (
  key: string,
  type: FormComponent["type"],
  label: string,
  labelEn: string,
  extra: Partial<FormComponent> = {},
) => ({ key, type, label, labelEn, ...extra }) as FormComponent;

/** The support calls' form: every component type the builder offers. */
export const SUPPORT_FORM: FormComponent[] = [
  f("company", "section", "기업 정보", "Company", {
    children: [
      f("company_name", "text", "기업명", "Company name", { required: true, maxLength: 100 }),
      f("business_no", "text", "사업자등록번호", "Business registration number", {
        required: true,
        pattern: "\\d{3}-\\d{2}-\\d{5}",
        help: "000-00-00000 형식으로 적어 주십시오.",
        helpEn: "In the form 000-00-00000.",
      }),
      f("employees", "number", "상시 근로자 수", "Employees", { min: 1, max: 10000, integer: true }),
      f("founded", "date", "설립일", "Founded"),
      f("email", "email", "담당자 이메일", "Contact email", { required: true }),
      f("phone", "phone", "담당자 전화번호", "Contact phone", { required: true }),
      f("address", "address", "사업장 주소", "Business address", { required: true }),
    ],
  }),
  f("plan", "section", "사업 계획", "Plan", {
    children: [
      f("track", "choice", "지원 분야", "Track", {
        required: true,
        options: [
          { value: "product", label: "제품 디자인 개발", labelEn: "Product design" },
          { value: "brand", label: "브랜드 디자인", labelEn: "Brand design" },
          { value: "other", label: "기타", labelEn: "Other" },
        ],
      }),
      f("track_other", "text", "기타 분야", "Other track", {
        required: true,
        showIf: { key: "track", equals: "other" },
      }),
      f("goals", "checkboxes", "기대 효과", "Expected results", {
        minChoices: 1,
        maxChoices: 2,
        options: [
          { value: "sales", label: "매출 증대", labelEn: "More sales" },
          { value: "export", label: "수출 확대", labelEn: "Exports" },
          { value: "jobs", label: "고용 창출", labelEn: "New jobs" },
        ],
      }),
      f("summary", "textarea", "사업 계획 요약", "Plan summary", { required: true, minLength: 20, maxLength: 2000 }),
      f("start", "date", "희망 시작일", "Preferred start", { required: true }),
      f("end", "date", "희망 종료일", "Preferred end", { required: true, after: "start" }),
      f("plan_file", "file", "사업계획서", "Business plan", {
        required: true,
        accept: ["pdf"],
        maxBytes: 10 * 1024 * 1024,
        maxFiles: 1,
      }),
    ],
  }),
  f("staff", "group", "참여 인력", "Team", {
    maxItems: 3,
    children: [
      f("staff_name", "text", "이름", "Name", { required: true, maxLength: 50 }),
      f("staff_role", "text", "역할", "Role", { maxLength: 50 }),
    ],
  }),
  f(
    "privacy",
    "agreement",
    "개인정보 수집·이용에 동의합니다.",
    "I agree to the collection and use of my personal data.",
    {
      required: true,
      help: "신청 검토와 결과 안내를 위해 담당자 이름, 연락처를 수집하며 사업 종료 후 3년간 보관합니다.",
      helpEn: "We collect the contact's name and details to review the application and keep them for 3 years.",
    },
  ),
];

const PROGRAM_FORM: FormComponent[] = [
  f("name", "text", "참가자 이름", "Participant name", { required: true, maxLength: 50 }),
  f("phone", "phone", "연락처", "Phone", { required: true }),
  f("motivation", "textarea", "참가 동기", "Why you want to take part", { maxLength: 1000 }),
  f("privacy", "agreement", "개인정보 수집·이용에 동의합니다.", "I agree to the use of my personal data.", {
    required: true,
  }),
];

const COURSE_FORM: FormComponent[] = [
  f("name", "text", "수강생 이름", "Student name", { required: true, maxLength: 50 }),
  f("phone", "phone", "연락처", "Phone", { required: true }),
  f("level", "choice", "디자인 경험", "Design experience", {
    required: true,
    options: [
      { value: "none", label: "처음입니다", labelEn: "None" },
      { value: "some", label: "조금 있습니다", labelEn: "Some" },
      { value: "pro", label: "현업에서 일합니다", labelEn: "Professional" },
    ],
  }),
  f("privacy", "agreement", "개인정보 수집·이용에 동의합니다.", "I agree to the use of my personal data.", {
    required: true,
  }),
];

/** Real road-name addresses (public buildings) for the local postal provider. */
export const POSTAL_ROWS = [
  ["04524", "서울특별시 중구 세종대로 110", "110 Sejong-daero, Jung-gu, Seoul", "서울특별시청", "서울특별시", "중구"],
  [
    "04383",
    "서울특별시 용산구 서빙고로 137",
    "137 Seobinggo-ro, Yongsan-gu, Seoul",
    "국립중앙박물관",
    "서울특별시",
    "용산구",
  ],
  ["04566", "서울특별시 중구 을지로 281", "281 Eulji-ro, Jung-gu, Seoul", "동대문디자인플라자", "서울특별시", "중구"],
  [
    "03062",
    "서울특별시 종로구 삼청로 30",
    "30 Samcheong-ro, Jongno-gu, Seoul",
    "국립현대미술관 서울",
    "서울특별시",
    "종로구",
  ],
  [
    "06164",
    "서울특별시 강남구 영동대로 513",
    "513 Yeongdong-daero, Gangnam-gu, Seoul",
    "코엑스",
    "서울특별시",
    "강남구",
  ],
  [
    "06236",
    "서울특별시 강남구 테헤란로 152",
    "152 Teheran-ro, Gangnam-gu, Seoul",
    "강남파이낸스센터",
    "서울특별시",
    "강남구",
  ],
  [
    "13496",
    "경기도 성남시 분당구 양현로 322",
    "322 Yanghyeon-ro, Bundang-gu, Seongnam-si, Gyeonggi-do",
    "코리아디자인센터",
    "경기도",
    "성남시 분당구",
  ],
  [
    "21554",
    "인천광역시 남동구 정각로 29",
    "29 Jeonggak-ro, Namdong-gu, Incheon",
    "인천광역시청",
    "인천광역시",
    "남동구",
  ],
  ["35242", "대전광역시 서구 둔산로 100", "100 Dunsan-ro, Seo-gu, Daejeon", "대전광역시청", "대전광역시", "서구"],
  [
    "30151",
    "세종특별자치시 한누리대로 2130",
    "2130 Hannuri-daero, Sejong-si",
    "세종특별자치시청",
    "세종특별자치시",
    "세종시",
  ],
  ["41911", "대구광역시 중구 공평로 88", "88 Gongpyeong-ro, Jung-gu, Daegu", "대구광역시청", "대구광역시", "중구"],
  ["44675", "울산광역시 남구 중앙로 201", "201 Jungang-ro, Nam-gu, Ulsan", "울산광역시청", "울산광역시", "남구"],
  [
    "47545",
    "부산광역시 연제구 중앙대로 1001",
    "1001 Jungang-daero, Yeonje-gu, Busan",
    "부산광역시청",
    "부산광역시",
    "연제구",
  ],
  ["48060", "부산광역시 해운대구 APEC로 55", "55 APEC-ro, Haeundae-gu, Busan", "벡스코", "부산광역시", "해운대구"],
  ["61945", "광주광역시 서구 내방로 111", "111 Naebang-ro, Seo-gu, Gwangju", "광주광역시청", "광주광역시", "서구"],
  [
    "61485",
    "광주광역시 동구 문화전당로 38",
    "38 Munhwajeondang-ro, Dong-gu, Gwangju",
    "국립아시아문화전당",
    "광주광역시",
    "동구",
  ],
  [
    "63122",
    "제주특별자치도 제주시 문연로 6",
    "6 Munyeon-ro, Jeju-si, Jeju-do",
    "제주특별자치도청",
    "제주특별자치도",
    "제주시",
  ],
] as const;

interface CallSeed {
  title: string;
  titleEn: string;
  /** Days from today: applications open and close. */
  apply: [number, number];
  /** Applications by demo account and state. */
  applications?: [string, ApplicationStatus, string?][];
}

const SUPPORT_CALLS: CallSeed[] = [
  {
    title: "2025 디자인 개발 지원사업",
    titleEn: "2025 Design Development Support",
    apply: [-400, -340],
    applications: [
      ["company", "accepted"],
      ["design", "rejected", "지원 요건(설립 1년 이상)을 충족하지 않습니다."],
    ],
  },
  {
    title: "2026 해외 전시 참가 지원",
    titleEn: "2026 Overseas Trade Show Support",
    apply: [-120, -60],
    applications: [
      ["company", "reviewing"],
    ],
  },
  { title: "2026 브랜드 리뉴얼 지원", titleEn: "2026 Brand Renewal Support", apply: [-30, 10] },
  {
    title: "2026 디자인 전문가 컨설팅",
    titleEn: "2026 Design Consulting",
    apply: [-20, 20],
    applications: [
      ["member", "received"],
      ["tester", "cancelled"],
    ],
  },
  {
    title: "2026 지역 특화 제품 디자인 개발",
    titleEn: "2026 Regional Product Design",
    apply: [-10, 30],
    applications: [
      ["company", "received"],
    ],
  },
  { title: "2026 디자인 시제품 제작 지원", titleEn: "2026 Prototype Support", apply: [-5, 40] },
  { title: "2027 디자인 개발 지원사업(예정)", titleEn: "2027 Design Development Support (upcoming)", apply: [40, 90] },
];

export async function seedProgrammes(tx: Tx): Promise<void> {
  await tx.insert(postalAddresses).values(POSTAL_ROWS.map(([zip, road, roadEn, building, city, district]) => ({
    zip,
    road,
    roadEn,
    building,
    city,
    district,
  })));

  const formIds: number[] = [];
  for (
    const [title, titleEn, tree] of [
      ["지원사업 신청서", "Support programme application", SUPPORT_FORM],
      ["프로그램 참가 신청서", "Programme application", PROGRAM_FORM],
      ["교육 수강 신청서", "Course registration", COURSE_FORM],
    ] as const
  ) {
    const [form] = await tx.insert(forms).values({ title, titleEn }).returning({ id: forms.id });
    await tx.insert(formVersions).values({ formId: form.id, version: 1, components: tree as FormComponent[] });
    formIds.push(form.id);
  }
  const [supportForm, programForm, courseForm] = formIds;

  const people = await tx.select({ id: users.id, username: users.username }).from(users)
    .where(
      inArray(users.username, ["member", "tester", "company", "design", "judge-ibda", "judge-dcb", "judge-shoes"]),
    );
  const idOf = (username: string) => people.find((p) => p.username === username)!.id;
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);

  const answersOf = (username: string) => ({
    company_name: username === "member" ? "김민지디자인" : "한빛디자인(주)",
    business_no: "123-45-67890",
    email: `${username}@example.com`,
    phone: "010-1234-5678",
    address: {
      zip: "04566",
      road: "서울특별시 중구 을지로 281",
      building: "동대문디자인플라자",
      city: "서울특별시",
      district: "중구",
      detail: "3층",
    },
    track: "product",
    summary: "지역 특산물 포장 디자인을 개선해 온라인 판매를 늘리려 합니다.",
    start: "2026-03-02",
    end: "2026-10-30",
    privacy: true,
  });

  for (const [i, call] of SUPPORT_CALLS.entries()) {
    const [p] = await tx.insert(programmes).values({
      kind: "support",
      title: call.title,
      titleEn: call.titleEn,
      summary: "지역 중소기업의 디자인 개발비와 전문가 자문을 지원합니다. 기업당 최대 2,000만 원을 지원합니다.",
      summaryEn:
        "Funding for design development and expert advice for small local businesses, up to KRW 20 million each.",
      notice:
        "신청 자격: 지역에 사업장을 둔 중소기업\n제출 서류: 사업계획서(PDF), 사업자등록증\n선정 방법: 서류 심사 후 발표 평가\n결과 발표: 신청 마감 후 4주 이내 개별 안내",
      noticeEn:
        "Who may apply: small businesses based in the region\nDocuments: business plan (PDF), business registration\nSelection: document review, then a presentation\nResults: within 4 weeks of the closing date, by mail",
      category: "디자인 개발",
      categoryEn: "Design development",
      contact: "기업지원팀 051-000-0000 support@design-center.example",
      formId: supportForm,
      roles: ["company"],
      applyFrom: at(call.apply[0]),
      applyTo: at(call.apply[1]),
      businessFrom: at(call.apply[1] + 14),
      businessTo: at(call.apply[1] + 200),
      createdAt: at(call.apply[0] - 7 + i),
    }).returning({ id: programmes.id });
    for (const [username, status, reason] of call.applications ?? []) {
      await tx.insert(applications).values({
        programmeId: p.id,
        userId: idOf(username),
        status,
        formId: supportForm,
        formVersion: 1,
        answers: answersOf(username),
        reason: reason ?? "",
        decidedAt: status === "accepted" || status === "rejected" ? at(call.apply[1] + 20) : null,
        createdAt: at(call.apply[0] + 1),
      });
    }
  }

  const [program] = await tx.insert(programmes).values({
    kind: "program",
    title: "디자인 씽킹 워크숍",
    titleEn: "Design Thinking Workshop",
    summary: "사용자 중심 문제 해결 방법을 하루 동안 함께 익힙니다.",
    summaryEn: "A one-day workshop in user-centred problem solving.",
    notice: "장소: 센터 3층 세미나실\n준비물: 필기구",
    noticeEn: "Where: seminar room, 3rd floor\nBring: something to write with",
    category: "워크숍",
    categoryEn: "Workshop",
    contact: "교육팀 051-000-0001",
    formId: programForm,
    applyFrom: at(-10),
    applyTo: at(20),
    publicList: true,
  }).returning({ id: programmes.id });
  await tx.insert(applications).values({
    programmeId: program.id,
    userId: idOf("member"),
    status: "accepted",
    formId: programForm,
    formVersion: 1,
    answers: { name: "김민지", phone: "010-2222-3333", privacy: true },
    decidedAt: at(-2),
  });

  const course = (
    title: string,
    titleEn: string,
    capacity: number,
    fee: number,
    apply: [number, number],
    [category, categoryEn] = ["디자인 기초", "Design basics"],
  ) => ({
    kind: "course" as const,
    title,
    titleEn,
    summary: "현업 디자이너와 함께하는 실습 중심 과정입니다.",
    summaryEn: "A hands-on course with working designers.",
    notice: "수료 기준: 출석 80% 이상\n수료증은 과정이 끝난 뒤 발급합니다.",
    noticeEn: "To complete: attend at least 80% of sessions.\nCertificates are issued after the course.",
    category,
    categoryEn,
    contact: "교육팀 051-000-0001",
    teacher: "박서연",
    teacherEn: "Seoyeon Park",
    teacherProfile: "브랜드 디자이너, 15년 경력. 한빛국제디자인어워드 심사위원.",
    teacherProfileEn: "Brand designer with 15 years' experience; judge of the Hanbit International Design Award.",
    sessions: "1회차: 타이포그래피 기초\n2회차: 색과 구성\n3회차: 포트폴리오 만들기",
    formId: courseForm,
    capacity,
    fee,
    applyFrom: at(apply[0]),
    applyTo: at(apply[1]),
  });
  const [full] = await tx.insert(programmes).values(
    course("청소년 디자인 교실(겨울방학)", "Design Class for Teens (winter)", 3, 0, [-7, 10]),
  ).returning({ id: programmes.id });
  await tx.insert(programmes).values([
    course("실무자를 위한 UX 디자인", "UX Design for Practitioners", 20, 0, [-3, 25], [
      "디지털 디자인",
      "Digital design",
    ]),
    course("패키지 디자인 심화", "Advanced Packaging Design", 15, 0, [20, 50]),
  ]);
  const enrol: [string, ApplicationStatus][] = [
    ["member", "accepted"],
    ["company", "received"],
    ["judge-ibda", "received"],
    ["judge-dcb", "waiting"],
    ["judge-shoes", "waiting"],
  ];
  for (const [i, [username, status]] of enrol.entries()) {
    await tx.insert(applications).values({
      programmeId: full.id,
      userId: idOf(username),
      status,
      formId: courseForm,
      formVersion: 1,
      answers: { name: username, phone: "010-4444-5555", level: "none", privacy: true },
      createdAt: at(-6 + i / 10),
    });
  }
  // A past course: member attended every session and completed it (the certificate in my page).
  const [past] = await tx.insert(programmes).values(
    course("여름 디자인 캠프", "Summer Design Camp", 10, 0, [-120, -90], ["디자인 기초", "Design basics"]),
  ).returning({ id: programmes.id });
  const enrolAt = (days: number) => at(days);
  await tx.insert(applications).values({
    programmeId: past.id,
    userId: idOf("member"),
    status: "accepted",
    formId: courseForm,
    formVersion: 1,
    answers: { name: "김민지", phone: "010-4444-5555", level: "some", privacy: true },
    attended: 3,
    decidedAt: enrolAt(-89),
    completedAt: enrolAt(-60),
    createdAt: enrolAt(-100),
  });
  // Programmes in the other statuses: one past (its list public), one not yet open.
  await tx.insert(programmes).values([
    {
      kind: "program",
      title: "2025 디자인 씽킹 워크숍",
      titleEn: "Design Thinking Workshop 2025",
      summary: "지난해 진행한 워크숍입니다.",
      summaryEn: "Last year's workshop.",
      category: "워크숍",
      categoryEn: "Workshop",
      contact: "교육팀 051-000-0001",
      formId: programForm,
      applyFrom: at(-400),
      applyTo: at(-370),
      publicList: true,
    },
    {
      kind: "program",
      title: "2027 디자인 리더 포럼",
      titleEn: "Design Leaders Forum 2027",
      summary: "지역 디자인 기업 대표가 모여 사례를 나눕니다.",
      summaryEn: "Leaders of the region's design firms share their work.",
      category: "포럼",
      categoryEn: "Forum",
      contact: "기업지원팀 051-000-0000",
      formId: programForm,
      roles: ["company", "design"],
      applyFrom: at(30),
      applyTo: at(60),
    },
  ]);
}

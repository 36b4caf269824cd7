// The demo boards, galleries and events (issue 13): the www site's notices, press releases, open forum,
// Q&A and resources, the IBDA site's notices, with posts in every state (shown, pinned, hidden, deleted,
// secret, anonymous with a password, outside its posting period, answered), comments (a visitor's with a
// password, a reply, an edited and a deleted one); designers with works, photo albums, videos and a month of
// events. The notices the home pages link to (/notice/318 …, /notice/96 …) keep their numbers.
import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import {
  albumPhotos,
  boardCategories,
  type BoardRights,
  boards,
  comments,
  designers,
  designerWorks,
  photoAlbums,
  posts,
  scheduleEvents,
  videos,
} from "../schema/board.ts";
import { users } from "../schema/member.ts";
import { sites } from "../schema/site.ts";
import type { FileStore } from "../../domain/file/storage.ts";
import type { FileService } from "../../domain/file/files.ts";
import { plainText } from "../../domain/common/rich-text.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { fileAccessOf } from "../../domain/board/files.ts";
import { NO_STORE, SeedFiles, seedPicture, seedUpload } from "./images.ts";

/** The password of the seeded anonymous posts (demo and tests). */
export const SEED_POST_PASSWORD = "open-sesame";

const STAFF_WRITE: BoardRights = {
  read: ["anonymous"],
  write: ["administrator", "support_group"],
  reply: ["administrator", "support_group"],
  comment: ["member", "design", "company", "judge"],
  edit: ["administrator", "support_group"],
  delete: ["administrator", "support_group"],
};
const OPEN: BoardRights = {
  read: ["anonymous"],
  write: ["anonymous", "member", "design", "company", "judge"],
  reply: ["administrator", "support_group"],
  comment: ["anonymous", "member", "design", "company", "judge"],
  edit: ["anonymous", "member", "design", "company", "judge"],
  delete: ["anonymous", "member", "design", "company", "judge"],
};
const QNA: BoardRights = {
  read: ["anonymous"],
  write: ["member", "design", "company", "judge"],
  reply: ["administrator", "support_group"],
  comment: ["member", "design", "company", "judge"],
  edit: ["member", "design", "company", "judge"],
  delete: ["member", "design", "company", "judge"],
};

const DAY = 86_400_000;
const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join("");

interface PostSeed {
  id?: number;
  title: string;
  content: string;
  days: number;
  writer?: string;
  pinned?: boolean;
  status?: "visible" | "hidden" | "deleted";
  secret?: boolean;
  anonymous?: string;
  category?: string;
  postFrom?: number;
  photo?: boolean;
  attachment?: boolean;
  answer?: string;
  /** By a member (`writer`) or, where the board lets visitors comment, by a visitor (`anonymous`: the name). */
  comments?: {
    writer?: string;
    anonymous?: string;
    text: string;
    reply?: { writer: string; text: string };
    deleted?: boolean;
  }[];
}

const WWW_NOTICES: PostSeed[] = [
  {
    title: "센터 이용 시간 안내",
    content: p("평일 09:00~18:00에 운영합니다. 1층 전시장은 화요일부터 일요일까지 10:00~18:00에 엽니다."),
    days: -60,
    pinned: true,
    category: "안내",
  },
  {
    title: "개인정보 처리방침 개정 안내",
    content: p("개인정보 처리방침이 개정되었습니다. 바뀐 내용은 개인정보 처리방침 페이지에서 확인하실 수 있습니다."),
    days: -40,
    category: "안내",
    comments: [{ writer: "member", text: "안내 감사합니다." }],
  },
  {
    title: "시스템 점검 안내(지난 공지)",
    content: p("점검이 끝났습니다."),
    days: -30,
    status: "hidden",
    category: "안내",
  },
  {
    title: "잘못 올린 공지",
    content: p("삭제된 공지입니다."),
    days: -20,
    status: "deleted",
  },
  {
    title: "2027년 상반기 디자인 교육 일정 예고",
    content: p("다음 달 1일에 공개됩니다."),
    days: -1,
    postFrom: 20,
    category: "교육",
  },
  {
    id: 314,
    title: "2027년 디자인 개발 지원사업 사전 수요조사 안내",
    content: p("2027년 지원사업 기획을 위해 기업의 수요를 조사합니다.", "설문 기간: 11월 3일 ~ 11월 28일"),
    days: -22,
    category: "지원사업",
    attachment: true,
  },
  {
    id: 315,
    title: "제18회 한빛국제디자인어워드 최종 수상작 발표",
    content: p("제18회 한빛국제디자인어워드 최종 수상작을 발표합니다. 수상하신 모든 분께 축하드립니다."),
    days: -19,
    category: "어워드",
    photo: true,
    comments: [
      { writer: "tester", text: "축하드립니다!", reply: { writer: "member", text: "저도 축하드립니다." } },
      { writer: "company", text: "지운 댓글", deleted: true },
    ],
  },
  {
    id: 317,
    title: "제18회 한빛국제디자인어워드 시상식 및 수상작 전시 안내",
    content: p("시상식은 11월 20일 오후 3시에 1층 전시장에서 열립니다.", "수상작 전시는 12월 20일까지 이어집니다."),
    days: -15,
    pinned: true,
    category: "어워드",
  },
  {
    id: 318,
    title: "겨울방학 청소년 디자인 교실 수강생 모집",
    content: p("중·고등학생을 위한 겨울방학 디자인 교실 수강생을 모집합니다.", "모집 인원: 30명"),
    days: -13,
    category: "교육",
  },
];

const PRESS: PostSeed[] = [
  {
    title: "한빛지역디자인센터, 지역 디자인 기업 40곳 지원",
    content: p("센터는 올해 지역 디자인 기업 40곳의 제품 개발을 지원했습니다."),
    days: -25,
    photo: true,
  },
  {
    title: "청소년 디자인 교실 수료생 120명 배출",
    content: p("올해 청소년 디자인 교실 수료생이 120명을 넘었습니다."),
    days: -9,
  },
];

const FREE: PostSeed[] = [
  {
    title: "전시 관람 후기",
    content: p("수상작 전시를 보고 왔습니다. <strong>조명 디자인</strong> 작품이 인상 깊었습니다."),
    days: -8,
    writer: "member",
    category: "후기",
    comments: [
      { writer: "tester", text: "저도 다녀왔습니다." },
      { anonymous: "지나가던 방문객", text: "사진 전시도 함께 보시길 권합니다." },
    ],
  },
  {
    title: "비회원으로 남기는 질문입니다",
    content: p("전시장 주차가 가능한가요?"),
    days: -7,
    anonymous: "방문객",
    category: "잡담",
  },
  {
    title: "비밀글: 개인 연락처를 남깁니다",
    content: p("비밀번호를 아는 사람만 볼 수 있는 글입니다."),
    days: -6,
    anonymous: "홍길동",
    secret: true,
    photo: true,
  },
  {
    title: "회원 비밀글",
    content: p("작성자와 관리자만 볼 수 있습니다."),
    days: -5,
    writer: "tester",
    secret: true,
  },
  { title: "광고 글", content: p("관리자가 숨긴 글입니다."), days: -4, writer: "company", status: "hidden" },
  { title: "작성자가 지운 글", content: p("삭제된 글입니다."), days: -3, writer: "member", status: "deleted" },
];

const QNA_POSTS: PostSeed[] = [
  {
    title: "출품작을 수정할 수 있나요?",
    content: p("접수 기간 중에 출품작 설명을 고칠 수 있는지 궁금합니다."),
    days: -10,
    writer: "member",
    category: "어워드",
    answer: p("접수 기간 안에는 마이페이지에서 출품작을 수정하실 수 있습니다."),
  },
  {
    title: "사업자 등록 서류는 어떤 형식으로 내나요?",
    content: p("PDF만 되나요?"),
    days: -2,
    writer: "company",
    category: "회원",
    secret: true,
  },
];

const ARCHIVE: PostSeed[] = [
  {
    title: "디자인 개발 지원사업 신청서 양식",
    content: p("신청서 양식을 내려받아 작성해 주십시오."),
    days: -50,
    attachment: true,
    category: "서식",
  },
  {
    title: "지역 디자인 산업 실태 조사 보고서(요약)",
    content: p("요약본을 공개합니다."),
    days: -35,
    category: "보고서",
  },
];

const IBDA_NOTICES: PostSeed[] = [
  { id: 94, title: "제11회 IBDA 수상작 발표", content: p("제11회 IBDA 수상작을 발표합니다."), days: -26 },
  { id: 95, title: "수상 인증 로고 사용 안내", content: p("수상작에는 IBDA 인증 로고를 쓸 수 있습니다."), days: -23 },
  {
    id: 96,
    title: "제11회 IBDA 시상식 참석 안내",
    content: p("시상식 참석 여부를 알려 주십시오."),
    days: -16,
    pinned: true,
  },
];

interface BoardSeed {
  slug: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  kind: "list" | "qna";
  rights: BoardRights;
  secretAllowed?: boolean;
  anonymousAllowed?: boolean;
  categories: [string, string][];
  posts: PostSeed[];
}

const WWW_BOARDS: BoardSeed[] = [
  {
    slug: "notice",
    name: "공지사항",
    nameEn: "Notices",
    description: "센터의 새 소식과 안내를 전합니다.",
    descriptionEn: "News and announcements from the center.",
    kind: "list",
    rights: STAFF_WRITE,
    categories: [["안내", "General"], ["어워드", "Award"], ["지원사업", "Support"], ["교육", "Education"]],
    posts: WWW_NOTICES,
  },
  {
    slug: "press",
    name: "보도자료",
    nameEn: "Press Releases",
    description: "언론에 배포한 자료입니다.",
    descriptionEn: "Our releases to the press.",
    kind: "list",
    rights: STAFF_WRITE,
    categories: [],
    posts: PRESS,
  },
  {
    slug: "free",
    name: "자유게시판",
    nameEn: "Open Forum",
    description: "누구나 자유롭게 글을 남길 수 있습니다. 비회원은 이름과 비밀번호로 글을 씁니다.",
    descriptionEn: "Anyone may write here; visitors write with a name and a password.",
    kind: "list",
    rights: OPEN,
    secretAllowed: true,
    anonymousAllowed: true,
    categories: [["후기", "Reviews"], ["잡담", "Chat"]],
    posts: FREE,
  },
  {
    slug: "qna",
    name: "묻고 답하기",
    nameEn: "Q&A",
    description: "회원이 묻고 센터가 답합니다. 비밀글로 물을 수 있습니다.",
    descriptionEn: "Members ask, the center answers. Questions may be private.",
    kind: "qna",
    rights: QNA,
    secretAllowed: true,
    categories: [["어워드", "Award"], ["회원", "Membership"]],
    posts: QNA_POSTS,
  },
  {
    slug: "archive",
    name: "자료실",
    nameEn: "Resources",
    description: "서식과 보고서를 내려받을 수 있습니다.",
    descriptionEn: "Forms and reports to download.",
    kind: "list",
    rights: STAFF_WRITE,
    categories: [["서식", "Forms"], ["보고서", "Reports"]],
    posts: ARCHIVE,
  },
];

const IBDA_BOARDS: BoardSeed[] = [{
  slug: "notice",
  name: "공지사항",
  nameEn: "Notices",
  description: "IBDA의 소식과 안내입니다.",
  descriptionEn: "News from IBDA.",
  kind: "list",
  rights: STAFF_WRITE,
  categories: [],
  posts: IBDA_NOTICES,
}];

export async function seedBoards(tx: Tx, options: { store?: FileStore; now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const files = new SeedFiles(tx, options.store ?? NO_STORE, () => {});
  const userRows = await tx.select({ id: users.id, username: users.username, name: users.name }).from(users);
  const user = (name: string) => userRows.find((u) => u.username === name)!;
  const admin = user("admin");
  const siteRows = await tx.select({ id: sites.id, subDomain: sites.subDomain }).from(sites);
  const siteOf = (sub: string) => siteRows.find((s) => s.subDomain === sub)!.id;
  const anonymousHash = await hashPassword(SEED_POST_PASSWORD);
  const [photoBytes, workBytes] = await Promise.all([seedPicture(1200, 800, 200, 3), seedPicture(800, 600, 30, 5)]);
  const photo = async (owner: number | null, purpose: "board_photo" = "board_photo", access = "public" as const) =>
    (await files.save(seedUpload("photo.jpg", photoBytes, 1200, 800), { purpose, access, ownerId: owner }, tx)).id;
  const text = new TextEncoder().encode("항목,내용\n신청 기업,\n담당자,\n");
  const attachment = async (owner: number | null) =>
    (await files.save(
      {
        name: "application-form.csv",
        kind: "text",
        mimetype: "text/plain",
        bytes: text,
        width: null,
        height: null,
        colorSpace: null,
        density: null,
      },
      { purpose: "board_attachment", access: "public", ownerId: owner },
      tx,
    )).id;

  const numbered: { seed: PostSeed; boardId: number; rights: BoardRights; categoryId: number | null }[] = [];
  for (const [sub, list] of [["www", WWW_BOARDS], ["ibda", IBDA_BOARDS]] as const) {
    let sort = 0;
    for (const seed of list) {
      const [board] = await tx.insert(boards).values({
        siteId: siteOf(sub),
        slug: seed.slug,
        name: seed.name,
        nameEn: seed.nameEn,
        description: seed.description,
        descriptionEn: seed.descriptionEn,
        kind: seed.kind,
        rights: seed.rights,
        secretAllowed: seed.secretAllowed ?? false,
        anonymousAllowed: seed.anonymousAllowed ?? false,
        sort: sort += 10,
      }).returning();
      const categories = seed.categories.length
        ? await tx.insert(boardCategories).values(
          seed.categories.map(([name, nameEn], i) => ({ boardId: board.id, name, nameEn, sort: i })),
        ).returning()
        : [];
      for (const post of seed.posts) {
        const categoryId = categories.find((c) => c.name === post.category)?.id ?? null;
        // Numbered posts (the home pages link to them) go in after the others, then the sequence moves on.
        if (post.id) numbered.push({ seed: post, boardId: board.id, rights: board.rights, categoryId });
        else await insertPost(post, board.id, board.rights, categoryId);
      }
    }
  }
  for (const { seed, boardId, rights, categoryId } of numbered) await insertPost(seed, boardId, rights, categoryId);
  await tx.execute(sql`select setval(pg_get_serial_sequence('posts', 'id'), (select max(id) from posts))`);

  async function insertPost(seed: PostSeed, boardId: number, rights: BoardRights, categoryId: number | null) {
    const writer = seed.anonymous ? null : user(seed.writer ?? "admin");
    const at = new Date(now.getTime() + seed.days * DAY);
    const ownerId = writer?.id ?? null;
    const postFrom = seed.postFrom ? new Date(now.getTime() + seed.postFrom * DAY) : null;
    // As a written post's files (domain/board/files.ts): public only while visitors read the post.
    const access = fileAccessOf({ rights }, {
      status: seed.status ?? "visible",
      secret: seed.secret ?? false,
      approval: "approved",
      postFrom,
      postTo: null,
    });
    // An anonymous writer's uploads have no owner, as through the write call.
    const photoIds = seed.photo ? [await photo(ownerId)] : [];
    const attachmentIds = seed.attachment ? [await attachment(ownerId)] : [];
    if (access === "owner") {
      for (const id of [...photoIds, ...attachmentIds]) {
        await tx.execute(sql`update files set access = 'owner' where id = ${id}`);
      }
    }
    const [row] = await tx.insert(posts).values({
      ...(seed.id ? { id: seed.id } : {}),
      boardId,
      categoryId,
      title: seed.title,
      content: seed.content,
      plain: plainText(seed.content),
      secret: seed.secret ?? false,
      userId: writer?.id ?? null,
      writerName: seed.anonymous ?? writer!.name,
      passwordHash: seed.anonymous ? anonymousHash : null,
      postFrom,
      pinned: seed.pinned ?? false,
      status: seed.status ?? "visible",
      deletedAt: seed.status === "deleted" ? at : null,
      photoIds,
      attachmentIds,
      views: Math.abs(seed.days) * 7,
      createdAt: at,
      updatedAt: at,
    }).returning();
    if (seed.answer) {
      await tx.insert(posts).values({
        boardId,
        categoryId,
        parentId: row.id,
        title: `답변: ${seed.title}`,
        content: seed.answer,
        plain: plainText(seed.answer),
        userId: user("staff").id,
        writerName: user("staff").name,
        createdAt: new Date(at.getTime() + DAY),
        updatedAt: new Date(at.getTime() + DAY),
      });
    }
    for (const c of seed.comments ?? []) {
      // A visitor's comment carries the seeded posts' password, so it can be edited and deleted with it.
      const by = c.anonymous ? null : user(c.writer!);
      const [top] = await tx.insert(comments).values({
        postId: row.id,
        userId: by?.id ?? null,
        writerName: by?.name ?? c.anonymous!,
        passwordHash: by ? null : anonymousHash,
        content: c.text,
        deletedAt: c.deleted ? now : null,
        createdAt: new Date(at.getTime() + 3600_000),
      }).returning();
      if (c.reply) {
        const replier = user(c.reply.writer);
        await tx.insert(comments).values({
          postId: row.id,
          parentId: top.id,
          userId: replier.id,
          writerName: replier.name,
          content: c.reply.text,
          editedAt: new Date(at.getTime() + 3 * 3600_000),
          createdAt: new Date(at.getTime() + 2 * 3600_000),
        });
      }
    }
  }

  await seedGalleries(tx, siteOf("www"), files, workBytes, photoBytes, admin.id, now);
}

const DESIGNERS = [
  [
    "박서연",
    "Seoyeon Park",
    "제품 디자인",
    "Product design",
    "생활 소품과 조명을 디자인합니다.",
    "Designs lighting and objects for daily life.",
  ],
  [
    "최도윤",
    "Doyun Choi",
    "시각 디자인",
    "Visual design",
    "지역 브랜드의 아이덴티티를 만듭니다.",
    "Builds identities for local brands.",
  ],
  ["정하은", "Haeun Jung", "공예", "Craft", "옻칠과 목공을 잇는 작업을 합니다.", "Joins lacquer work and woodworking."],
  [
    "한지호",
    "Jiho Han",
    "서비스 디자인",
    "Service design",
    "공공 서비스의 경험을 설계합니다.",
    "Designs the experience of public services.",
  ],
] as const;

async function seedGalleries(
  tx: Tx,
  siteId: number,
  files: FileService,
  workBytes: Uint8Array,
  photoBytes: Uint8Array,
  adminId: number,
  now: Date,
) {
  const save = async (bytes: Uint8Array, w: number, h: number) =>
    (await files.save(seedUpload("work.jpg", bytes, w, h), {
      purpose: "board_photo",
      access: "public",
      ownerId: adminId,
    }, tx)).id;
  let sort = 0;
  for (const [name, nameEn, field, fieldEn, bio, bioEn] of DESIGNERS) {
    const [designer] = await tx.insert(designers).values({
      siteId,
      name,
      nameEn,
      field,
      fieldEn,
      bio,
      bioEn,
      website: "https://example.com",
      photoId: await save(workBytes, 800, 600),
      sort: sort += 10,
    }).returning();
    await tx.insert(designerWorks).values([
      {
        designerId: designer.id,
        title: `${name}의 대표작 1`,
        titleEn: `${nameEn}: work 1`,
        year: 2025,
        imageId: await save(workBytes, 800, 600),
        sort: 1,
      },
      {
        designerId: designer.id,
        title: `${name}의 대표작 2`,
        titleEn: `${nameEn}: work 2`,
        year: 2026,
        imageId: await save(workBytes, 800, 600),
        sort: 2,
      },
    ]);
  }
  await tx.insert(designers).values({
    siteId,
    name: "비공개 디자이너",
    nameEn: "Unpublished designer",
    published: false,
    sort: 99,
  });
  const albums = [
    ["제18회 어워드 시상식", "18th Award ceremony", -5],
    ["청소년 디자인 교실", "Teen design classes", -40],
  ] as const;
  for (const [title, titleEn, days] of albums) {
    const [album] = await tx.insert(photoAlbums).values({
      siteId,
      title,
      titleEn,
      description: `${title} 현장 사진입니다.`,
      descriptionEn: `Photos of the ${titleEn}.`,
      takenOn: new Date(now.getTime() + days * DAY).toISOString().slice(0, 10),
    }).returning();
    for (let i = 0; i < 3; i++) {
      await tx.insert(albumPhotos).values({
        albumId: album.id,
        fileId: await save(photoBytes, 1200, 800),
        caption: `${title} ${i + 1}`,
        captionEn: `${titleEn} ${i + 1}`,
        sort: i,
      });
    }
  }
  await tx.insert(videos).values([
    {
      siteId,
      title: "한빛국제디자인어워드 소개",
      titleEn: "About the Hanbit Award",
      provider: "youtube",
      videoKey: "M7lc1UVf-VE",
      description: "어워드를 소개합니다.",
      descriptionEn: "An introduction to the award.",
    },
    {
      siteId,
      title: "청소년 디자인 교실 현장",
      titleEn: "Teen design classes",
      provider: "youtube",
      videoKey: "aqz-KE-bpKQ",
    },
    {
      siteId,
      title: "디자인 세미나 다시 보기",
      titleEn: "Design seminar replay",
      provider: "vimeo",
      videoKey: "76979871",
    },
  ]);
  const seoulDay = (days: number) => new Date(now.getTime() + 9 * 3600_000 + days * DAY).toISOString().slice(0, 10);
  await tx.insert(scheduleEvents).values([
    {
      siteId,
      title: "수상작 전시 개막",
      titleEn: "Winners' exhibition opens",
      place: "1층 전시장",
      placeEn: "Ground-floor gallery",
      startsOn: seoulDay(-5),
      endsOn: seoulDay(25),
    },
    {
      siteId,
      title: "디자인 세미나",
      titleEn: "Design seminar",
      place: "3층 세미나실",
      placeEn: "Seminar room, 3rd floor",
      startsOn: seoulDay(3),
      endsOn: seoulDay(3),
      url: "https://example.com/seminar",
    },
    {
      siteId,
      title: "청소년 디자인 교실 개강",
      titleEn: "Teen design classes begin",
      place: "2층 교육장",
      placeEn: "Classroom, 2nd floor",
      startsOn: seoulDay(10),
      endsOn: seoulDay(12),
    },
    {
      siteId,
      title: "지원사업 설명회",
      titleEn: "Support programme briefing",
      place: "온라인",
      placeEn: "Online",
      startsOn: seoulDay(17),
      endsOn: seoulDay(17),
    },
    {
      siteId,
      title: "송년 네트워킹",
      titleEn: "Year-end networking",
      place: "1층 라운지",
      placeEn: "Lounge, ground floor",
      startsOn: seoulDay(33),
      endsOn: seoulDay(33),
    },
  ]);
}

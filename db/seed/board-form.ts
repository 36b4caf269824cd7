// The seeded board that carries a form of the form builder (issue 14 §1 "attach a form to … a board"):
// www's "event" board, where members sign up for the centre's events by writing a post with the form's
// answers; one sign-up is seeded with its answers at the form's version 1.
import { eq, sql } from "drizzle-orm";
import { sites } from "../schema/site.ts";
import type { Tx } from "../client.ts";
import { type BoardRights, boards, posts } from "../schema/board.ts";
import { users } from "../schema/member.ts";
import { forms, formVersions } from "../schema/programme.ts";
import type { FormComponent } from "../../domain/form/model.ts";
import { plainText } from "../../domain/common/rich-text.ts";

export const EVENT_BOARD = "event";

export const EVENT_FORM: FormComponent[] = [
  { key: "attendee", type: "text", label: "참가자 이름", labelEn: "Attendee", required: true, maxLength: 40 },
  { key: "organisation", type: "text", label: "소속", labelEn: "Organisation", maxLength: 80 },
  {
    key: "session",
    type: "choice",
    label: "참가 세션",
    labelEn: "Session",
    required: true,
    options: [
      { value: "talk", label: "기조 강연", labelEn: "Keynote talk" },
      { value: "workshop", label: "실습 워크숍", labelEn: "Hands-on workshop" },
      { value: "tour", label: "전시 투어", labelEn: "Exhibition tour" },
    ],
  },
  { key: "seats", type: "number", label: "신청 인원", labelEn: "Seats", required: true, min: 1, max: 5, integer: true },
  { key: "email", type: "email", label: "연락받을 이메일", labelEn: "Contact email", required: true },
  {
    key: "privacy",
    type: "agreement",
    label: "개인정보 수집·이용에 동의합니다",
    labelEn: "I agree to the collection and use of my personal data",
    required: true,
  },
];

const MEMBERS_WRITE: BoardRights = {
  read: ["anonymous"],
  write: ["member", "design", "company", "judge"],
  reply: ["administrator", "support_group"],
  comment: ["member", "design", "company", "judge"],
  edit: ["member", "design", "company", "judge"],
  delete: ["member", "design", "company", "judge"],
};

export async function seedEventBoard(tx: Tx, now = new Date()): Promise<void> {
  const [www] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.subDomain, "www"));
  const [{ sort }] = await tx.select({ sort: sql<number>`coalesce(max(${boards.sort}), 0)::int + 10` }).from(boards)
    .where(eq(boards.siteId, www.id));
  const siteId = www.id;
  const [form] = await tx.insert(forms).values({ title: "행사 참가 신청서", titleEn: "Event sign-up form" })
    .returning({ id: forms.id });
  await tx.insert(formVersions).values({ formId: form.id, version: 1, components: EVENT_FORM });
  const [board] = await tx.insert(boards).values({
    siteId,
    slug: EVENT_BOARD,
    name: "행사 참가 신청",
    nameEn: "Event Sign-up",
    description: "센터 행사에 참가하시려면 신청서를 작성해 글을 남겨 주십시오.",
    descriptionEn: "To join one of the centre's events, write a post with the sign-up form.",
    kind: "list",
    rights: MEMBERS_WRITE,
    formId: form.id,
    sort,
  }).returning();
  const [member] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.username, "member"));
  const content = "<p>워크숍에 두 명이 함께 참가하고 싶습니다.</p>";
  const at = new Date(now.getTime() - 2 * 86_400_000);
  await tx.insert(posts).values({
    boardId: board.id,
    title: "디자인 주간 워크숍 참가 신청",
    content,
    plain: plainText(content),
    userId: member.id,
    writerName: member.name,
    formId: form.id,
    formVersion: 1,
    answers: {
      attendee: member.name,
      organisation: "김민지디자인",
      session: "workshop",
      seats: 2,
      email: "member@example.com",
      privacy: true,
    },
    createdAt: at,
    updatedAt: at,
  });
}

// The authorization matrix's world (issue 16): one signed-in session per role, and the objects each role
// owns — an award entry, an uploaded file, a push device, a spare session, their own account — made at test
// start through the app's own calls (uploads, devices, sign-ins) or, for entries, as rows beside the seed's.
// The matrix (matrix.ts) names them as `own.entry` and `other.entry`; a row that destroys its object asks
// for a fresh one per cell (`fresh`), so no cell's side effect changes another cell's answer.
import assert from "node:assert/strict";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { awardPools, awards, entries } from "../../db/schema/award.ts";
import { certificates } from "../../db/schema/judging.ts";
import { contests } from "../../db/schema/contest.ts";
import { marketProducts } from "../../db/schema/market.ts";
import { managementGrants, memberDocuments, sessions, userRoles, users } from "../../db/schema/member.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { sites } from "../../db/schema/site.ts";
import { boards, comments, posts } from "../../db/schema/board.ts";
import { saveTextAsset } from "../../domain/file/assets.ts";
import { csrfHeaders, type TestApp } from "../support/app.ts";
import { photo } from "../support/images.ts";
import { bearerToken, DEMO_PASSWORD, randomAddress, signIn } from "../support/session.ts";

export const ROLES = [
  "anonymous",
  "member",
  "otherMember",
  "company",
  "judge",
  "staff",
  "staffGranted",
  "admin",
] as const;
export type Role = typeof ROLES[number];

/** The demo account behind each role (db/seed/members.ts). Staff with a grant is a second support-group
 * account made here (grants belong to the role, so the grant of the row's section is given for the
 * `staffGranted` cells and taken back after); its own account keeps one cell from ending another's session. */
export const ACCOUNTS: Record<Exclude<Role, "anonymous">, string> = {
  member: "member",
  otherMember: "tester",
  company: "company",
  judge: "judge-ibda",
  staff: "staff",
  staffGranted: "authz-staff",
  admin: "admin",
};

export type ObjectKind = "entry" | "file" | "device" | "session" | "post" | "comment";

/** One owner's objects, as path segments and ids. */
export interface Objects {
  /** The owner's user id (their account in /management/user). */
  user: number;
  /** A submitted entry of the award open for entries, not paid, not published. */
  entry: number;
  /** An uploaded signature: a picture only its owner (and administrators) may read. */
  file: number;
  /** A registered push device. */
  device: number;
  /** A session of the owner's other than the one the matrix uses. */
  session: string;
  /** A post of the owner on the open forum (board `free`), and a comment of theirs on notice 315. */
  post: number;
  comment: number;
}

export interface World {
  t: TestApp;
  /** The session cookie of each signed-in role (`session=…`). */
  cookie: Partial<Record<Role, string>>;
  /** The objects of each account, by account name. */
  objects: Map<string, Objects>;
  /** The award open for entries (family `award`) and the IBDA award being judged. */
  openAward: number;
  judgedIbda: number;
  /** A pool of each (the categories call takes a pool id). */
  openPool: number;
  ibdaPool: number;
  /** Two works of the IBDA being judged that judge-ibda may score in ibdaPool (judging area). */
  judgedEntries: number[];
  /** judge-ibda's letter of appointment for last year's IBDA (judging area: /print). */
  judgeCertificate: number;
  openYear: number;
  ibdaYear: number;
  /** The www site's id. */
  siteId: number;
  /** A text asset (stylesheet) in /management/asset/text. */
  textAsset: number;
  /** The account name behind a signed-in role. */
  account(role: Exclude<Role, "anonymous">): string;
  /** Seeded contests of company's (db/seed/contest.ts) by their seed key: ongoing, judging, terminated, pending. */
  contests: Record<"ongoing" | "judging" | "terminated" | "pending", number>;
  /** Seeded market products of company's (db/seed/market.ts): design goods on sale and waiting for approval. */
  market: Record<"onSale" | "waiting", number>;
  /** A registration document of the `design` account (awaiting approval) for the managers. */
  document: { user: number; doc: number };
  /** The objects of the role's own account, and of another member's (tester's; member's for tester). */
  own(role: Role): Objects | undefined;
  other(role: Role): Objects;
  /** The same owner's objects with a new one of that kind, for a row that destroys it; the shared
   * objects stay as they are for the other rows. */
  fresh(kind: ObjectKind, objects: Objects): Promise<Objects>;
  /** Signs the role in again (after a cell that ended its session). */
  resignIn(role: Role): Promise<void>;
  /** Grants the staff role exactly these management sections. */
  grant(sections: string[]): Promise<void>;
}

export async function openWorld(t: TestApp): Promise<World> {
  const db = t.app.database.db;
  const userId = async (username: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

  const [staff2] = await db.insert(users).values({
    username: ACCOUNTS.staffGranted,
    email: `${ACCOUNTS.staffGranted}@example.test`,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    name: "권한 직원",
    nameEn: "Granted staff",
    locale: "ko",
  }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: staff2.id, roleCode: "support_group", approved: true });

  const cookie: World["cookie"] = {};
  for (const role of ROLES) {
    if (role !== "anonymous") cookie[role] = await signIn(t, ACCOUNTS[role]);
  }

  const [open] = await db.select().from(awards).where(eq(awards.family, "award")).orderBy(desc(awards.submitTo))
    .limit(1);
  const [ibda] = await db.select().from(awards).where(eq(awards.family, "ibda")).orderBy(desc(awards.submitTo))
    .limit(1);
  const [template] = await db.select().from(entries).where(eq(entries.awardId, open.id)).limit(1);
  assert.ok(open && ibda && template, "the seed has an open award with entries and an IBDA award");
  const now = new Date();
  assert.ok(open.submitFrom! <= now && now < open.submitTo!, "the newest award is open for entries");

  const picture = await photo(64, 48);

  async function newEntry(owner: number): Promise<number> {
    const { id: _id, ...rest } = template;
    const [row] = await db.insert(entries).values({
      ...rest,
      userId: owner,
      // Waiting for its fee: the owner may still pay, edit and cancel it (SPEC §4).
      status: "pay_incomplete",
      fee: 100_000,
      thumbnailId: null,
      previewId: null,
      referenceId: null,
      detailIds: [],
      attachmentIds: [],
      rank: null,
      nominee: false,
      display: false,
      cancelledAt: null,
    }).returning({ id: entries.id });
    return row.id;
  }

  async function newFile(account: string): Promise<number> {
    const body = new FormData();
    body.append("file", new File([picture as Uint8Array<ArrayBuffer>], "sign.jpg", { type: "image/jpeg" }));
    const res = await t.request("/api/file?purpose=signature", {
      method: "POST",
      headers: csrfHeaders({ accept: "application/json", cookie: sessionOf(account) }),
      body,
    });
    assert.equal(res.status, 201, `upload for ${account}: ${await res.clone().text()}`);
    return ((await res.json()) as { data: { id: number }[] }).data[0].id;
  }

  async function newDevice(account: string): Promise<number> {
    const device = `authz-${account}-${crypto.randomUUID()}`;
    const res = await t.request("/api/device", {
      method: "POST",
      headers: csrfHeaders({ "content-type": "application/json", cookie: sessionOf(account) }),
      body: JSON.stringify({ device, token: `token-${device}`, lang: "ko" }),
    });
    assert.equal(res.status, 201, `device for ${account}: ${await res.clone().text()}`);
    return ((await res.json()) as { id: number }).id;
  }

  async function newSession(account: string, owner: number): Promise<string> {
    await bearerToken(t, account);
    const [row] = await db.select({ id: sessions.id }).from(sessions)
      .where(and(eq(sessions.userId, owner), eq(sessions.kind, "bearer"), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.createdAt)).limit(1);
    return row.id;
  }

  const [forum] = await db.select({ id: boards.id }).from(boards).where(eq(boards.slug, "free")).limit(1);
  async function newPost(owner: number): Promise<number> {
    const [row] = await db.insert(posts).values({
      boardId: forum.id,
      title: "authz",
      userId: owner,
      writerName: "authz",
    })
      .returning({ id: posts.id });
    return row.id;
  }
  async function newComment(owner: number): Promise<number> {
    const [row] = await db.insert(comments).values({
      postId: 315,
      userId: owner,
      writerName: "authz",
      content: "authz",
    })
      .returning({ id: comments.id });
    return row.id;
  }

  /** Any live session of the account, for making its objects. */
  function sessionOf(account: string): string {
    const role = (Object.keys(ACCOUNTS) as (keyof typeof ACCOUNTS)[]).find((r) => ACCOUNTS[r] === account)!;
    return cookie[role]!;
  }

  const objects = new Map<string, Objects>();
  for (const account of new Set(Object.values(ACCOUNTS))) {
    const user = await userId(account);
    objects.set(account, {
      user,
      entry: await newEntry(user),
      file: await newFile(account),
      device: await newDevice(account),
      session: await newSession(account, user),
      post: await newPost(user),
      comment: await newComment(user),
    });
  }

  const designId = await userId("design");
  const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  const [document] = await db.insert(memberDocuments).values({
    userId: designId,
    kind: "business_certificate",
    filename: "certificate.pdf",
    mimetype: "application/pdf",
    size: pdf.length,
    data: pdf,
  }).returning({ id: memberDocuments.id });

  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.subDomain, "www"));
  const asset = await saveTextAsset(t.app.files, await userId("admin"), { name: "authz.css", content: "a{}" });

  const contestRows = await db.select({ id: contests.id, titleEn: contests.titleEn }).from(contests);
  const contestId = (titleEn: string) => contestRows.find((c) => c.titleEn === titleEn)?.id ?? 0;
  const seededContests: World["contests"] = {
    ongoing: contestId("Hanbit Works brand logo design contest"),
    judging: contestId("Hanbit goods design contest"),
    terminated: contestId("2025 Hanbit Works leaflet design contest"),
    pending: contestId("Regional festival poster design contest"),
  };

  const productRows = await db.select({ id: marketProducts.id, titleEn: marketProducts.titleEn }).from(marketProducts);
  const productId = (titleEn: string) => productRows.find((p) => p.titleEn === titleEn)?.id ?? 0;

  return {
    t,
    contests: seededContests,
    market: { onSale: productId("Hanji mood lamp"), waiting: productId("Modular park bench") },
    openPool: (await db.select({ id: awardPools.id }).from(awardPools).where(eq(awardPools.awardId, open.id)))[0].id,
    ibdaPool: (await db.select({ id: awardPools.id }).from(awardPools).where(eq(awardPools.awardId, ibda.id)))[0].id,
    judgedEntries: (await db.select({ id: entries.id, affiliation: entries.designerAffiliation }).from(entries)
      .where(and(eq(entries.awardId, ibda.id), inArray(entries.status, ["submitted", "pay_complete"])))
      .orderBy(entries.id))
      .filter((e) => e.affiliation !== "빛공방").slice(0, 2).map((e) => e.id),
    judgeCertificate: (await db.select({ id: certificates.id }).from(certificates)
      .where(and(eq(certificates.holderId, await userId("judge-ibda")), eq(certificates.kind, "appointment"))).limit(
        1,
      ))[0]
      ?.id ?? 0,
    openYear: open.year,
    ibdaYear: ibda.year,
    siteId: site.id,
    textAsset: asset.id,
    account: (role) => ACCOUNTS[role],
    cookie,
    objects,
    openAward: open.id,
    judgedIbda: ibda.id,
    document: { user: designId, doc: document.id },
    own: (role) => (role === "anonymous" ? undefined : objects.get(ACCOUNTS[role])),
    other: (role) => objects.get(role === "otherMember" ? "member" : "tester")!,
    async fresh(kind, o) {
      const account = [...objects.entries()].find(([, v]) => v === o)![0];
      if (kind === "entry") return { ...o, entry: await newEntry(o.user) };
      if (kind === "file") return { ...o, file: await newFile(account) };
      if (kind === "device") return { ...o, device: await newDevice(account) };
      if (kind === "post") return { ...o, post: await newPost(o.user) };
      if (kind === "comment") return { ...o, comment: await newComment(o.user) };
      return { ...o, session: await newSession(account, o.user) };
    },
    async resignIn(role) {
      if (role !== "anonymous") cookie[role] = await signIn(t, ACCOUNTS[role]);
    },
    async grant(sections) {
      await db.delete(managementGrants).where(eq(managementGrants.roleCode, "support_group"));
      if (sections.length) {
        await db.insert(managementGrants).values(sections.map((section) => ({ roleCode: "support_group", section })));
      }
    },
  };
}

/** A client address of its own per request, so the walk never trips a rate limit meant for one client. */
export { randomAddress };

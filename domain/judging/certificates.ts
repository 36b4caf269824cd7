// Certificates (issue 11 part 7): one for each ranked entry of a published award (`prize`) and a letter of
// appointment for each panel judge (`appointment`). The public code on the certificate and in its QR code is
// the serial followed by a server signature: an HMAC (SHA-256, keyed by the app's secret) over the
// certificate's facts, so a forged serial, or a certificate whose facts were altered, shows 'not valid'.
// A withdrawn rank revokes the entry's certificate. A course's certificate of completion (kind `completion`,
// issued by domain/programme/certificate.ts) is signed and verified the same way; its "award" is the course.
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { awards, entries } from "../../db/schema/award.ts";
import { users } from "../../db/schema/member.ts";
import { awardResults, type CertificateRow, certificates, panelJudges } from "../../db/schema/judging.ts";
import { applications, programmes } from "../../db/schema/programme.ts";
import { HttpError } from "../../framework/errors.ts";
import { isAdministrator, isSignedIn, type Viewer } from "../member/permissions.ts";
import { resultsVisible } from "./decisions.ts";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

const KIND_LETTER: Record<CertificateRow["kind"], string> = { prize: "P", appointment: "J", completion: "C" };

/** A new serial: family (`EDU` for courses), year, kind and 10 random characters (`IBDA-2026-P-7K3M…`). */
export function newSerial(family: string, year: number, kind: CertificateRow["kind"]): string {
  const random = [...crypto.getRandomValues(new Uint8Array(10))].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${family.toUpperCase()}-${year}-${KIND_LETTER[kind]}-${random}`;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The facts a signature covers: changing any of them invalidates the code. */
function signedText(
  row:
    & Pick<CertificateRow, "serial" | "kind" | "awardId" | "holderId" | "entryId" | "judgeId" | "rank" | "issuedAt">
    & Partial<Pick<CertificateRow, "applicationId">>,
) {
  // The enrolment is signed only when there is one, so the award certificates' texts are as before.
  const enrolment = row.applicationId ? [`application:${row.applicationId}`] : [];
  return [
    "certificate",
    row.serial,
    row.kind,
    row.awardId,
    row.holderId,
    row.entryId ?? "",
    row.judgeId ?? "",
    row.rank ?? "",
    row.issuedAt.toISOString(),
    ...enrolment,
  ].join("|");
}

export async function certificateSignature(secret: Uint8Array, row: Parameters<typeof signedText>[0]): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    secret as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(signedText(row))));
  return base64url(mac.slice(0, 12));
}

/** The public code: `<serial>.<signature>`, the path of the verification page. */
export async function certificateCode(secret: Uint8Array, row: Parameters<typeof signedText>[0]): Promise<string> {
  return `${row.serial}.${await certificateSignature(secret, row)}`;
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** What a certificate says, in both languages. */
export interface CertificateView {
  id: number;
  serial: string;
  kind: CertificateRow["kind"];
  holder: { name: string; nameEn: string };
  work: { title: string; titleEn: string } | null;
  rank: string | null;
  /** `sealId`: the award's uploaded seal image (null: the drawn seal; a course has none). */
  award: { family: string; year: number; title: string; titleEn: string; sealId: number | null };
  issuedAt: Date;
  revokedAt: Date | null;
  holderId: number;
  entryId: number | null;
  /** For an appointment: the judge's role, category and classification. */
  appointment: { role: string; category: string; classification: string } | null;
}

export async function certificateView(tx: Tx, row: CertificateRow): Promise<CertificateView> {
  const [award] = row.awardId
    ? await tx.select().from(awards).where(eq(awards.id, row.awardId))
    : [await completedCourse(tx, row)];
  const [holder] = await tx.select({ name: users.name, nameEn: users.nameEn }).from(users).where(
    eq(users.id, row.holderId),
  );
  const [entry] = row.entryId ? await tx.select().from(entries).where(eq(entries.id, row.entryId)) : [];
  const [judge] = row.judgeId ? await tx.select().from(panelJudges).where(eq(panelJudges.id, row.judgeId)) : [];
  return {
    id: row.id,
    serial: row.serial,
    kind: row.kind,
    // A prize names the entry's designer as the entry gives it; an appointment the judge's account.
    holder: entry
      ? { name: entry.designerName, nameEn: entry.designerNameEn || entry.designerName }
      : { name: holder?.name ?? "", nameEn: holder?.nameEn || holder?.name || "" },
    work: entry ? { title: entry.title, titleEn: entry.titleEn || entry.title } : null,
    rank: row.rank,
    award: {
      family: award.family,
      year: award.year,
      title: award.title,
      titleEn: award.titleEn || award.title,
      sealId: award.sealId ?? null,
    },
    issuedAt: row.issuedAt,
    revokedAt: row.revokedAt,
    holderId: row.holderId,
    entryId: row.entryId,
    appointment: judge ? { role: judge.role, category: judge.category, classification: judge.classification } : null,
  };
}

/** A completion certificate's course in the award's place: family `edu`, the year it was issued. */
async function completedCourse(tx: Tx, row: CertificateRow) {
  const [course] = await tx.select({ title: programmes.title, titleEn: programmes.titleEn }).from(applications)
    .innerJoin(programmes, eq(programmes.id, applications.programmeId))
    .where(eq(applications.id, row.applicationId ?? 0));
  return {
    family: "edu",
    year: row.issuedAt.getUTCFullYear(),
    title: course?.title ?? "",
    titleEn: course?.titleEn ?? "",
    sealId: null,
  };
}

export type Verification =
  | { state: "valid" | "revoked"; view: CertificateView }
  | { state: "invalid" };

/** Checks a public code: the serial must exist and the signature match its facts. */
export async function verifyCertificate(tx: Tx, secret: Uint8Array, code: string): Promise<Verification> {
  const m = /^([A-Z]{2,8}-\d{4}-[PJC]-[A-Z2-9]{10})\.([\w-]{16})$/.exec(code);
  if (!m) return { state: "invalid" };
  const [row] = await tx.select().from(certificates).where(eq(certificates.serial, m[1]));
  if (!row || !sameText(await certificateSignature(secret, row), m[2])) return { state: "invalid" };
  return { state: row.revokedAt ? "revoked" : "valid", view: await certificateView(tx, row) };
}

/** Issues a prize certificate for each ranked entry of the award that has no live one (in the caller's tx). */
export async function issuePrizeCertificates(tx: Tx, awardId: number, now = new Date()): Promise<number> {
  const [award] = await tx.select().from(awards).where(eq(awards.id, awardId));
  const ranked = await tx.select().from(entries).where(and(eq(entries.awardId, awardId), isNotNull(entries.rank)));
  const live = await tx.select({ entryId: certificates.entryId, rank: certificates.rank }).from(certificates)
    .where(and(eq(certificates.awardId, awardId), isNull(certificates.revokedAt)));
  let issued = 0;
  for (const entry of ranked) {
    const current = live.find((c) => c.entryId === entry.id);
    if (current && current.rank === entry.rank) continue;
    if (current) await revokeEntryCertificates(tx, entry.id, now);
    await tx.insert(certificates).values({
      serial: newSerial(award.family, award.year, "prize"),
      kind: "prize",
      awardId,
      holderId: entry.userId,
      entryId: entry.id,
      rank: entry.rank,
      issuedAt: now,
    });
    issued++;
  }
  return issued;
}

/** Issues a letter of appointment for each judge of the panel not excluded who has none yet. */
export async function issueAppointments(tx: Tx, awardId: number, now = new Date()): Promise<number> {
  const [award] = await tx.select().from(awards).where(eq(awards.id, awardId));
  const panel = await tx.select().from(panelJudges).where(
    and(eq(panelJudges.awardId, awardId), isNull(panelJudges.excludedAt)),
  );
  const have = await tx.select({ judgeId: certificates.judgeId }).from(certificates)
    .where(
      and(eq(certificates.awardId, awardId), eq(certificates.kind, "appointment"), isNull(certificates.revokedAt)),
    );
  const fresh = panel.filter((j) => !have.some((h) => h.judgeId === j.id));
  if (fresh.length) {
    await tx.insert(certificates).values(fresh.map((j) => ({
      serial: newSerial(award.family, award.year, "appointment"),
      kind: "appointment" as const,
      awardId,
      holderId: j.userId,
      judgeId: j.id,
      issuedAt: now,
    })));
  }
  return fresh.length;
}

/** A withdrawn rank revokes the entry's live certificate. */
export async function revokeEntryCertificates(tx: Tx, entryId: number, now = new Date()): Promise<void> {
  await tx.update(certificates).set({ revokedAt: now })
    .where(and(eq(certificates.entryId, entryId), isNull(certificates.revokedAt)));
}

/**
 * Whether a certificate may be shown to its holder now: a prize certificate names a result, so only once the
 * award's results are out (published and the result date come, resultsVisible); a letter of appointment is the
 * judge's from the appointment on.
 */
function certificateOut(
  row: Pick<CertificateRow, "kind">,
  award: { resultAt: Date | null } | null,
  published: { publishedAt: Date } | null,
  now: Date,
): boolean {
  return row.kind !== "prize" || (award !== null && resultsVisible(published, award.resultAt, now));
}

/**
 * The certificates a member holds (live and revoked) and may see now, newest first: prizes (once results are
 * out), letters of appointment and courses' certificates of completion (no award).
 */
export async function myCertificates(tx: Tx, viewer: Viewer, now = new Date()): Promise<CertificateRow[]> {
  if (!isSignedIn(viewer)) return [];
  const rows = await tx.select({ cert: certificates, award: awards, published: awardResults }).from(certificates)
    .leftJoin(awards, eq(awards.id, certificates.awardId))
    .leftJoin(awardResults, eq(awardResults.awardId, certificates.awardId))
    .where(eq(certificates.holderId, viewer.id))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.filter((r) => certificateOut(r.cert, r.award, r.published, now)).map((r) => r.cert);
}

/**
 * A certificate to print: its holder's or an administrator's (another member's is 403, unknown 404). Before
 * the award's results are out its holder cannot print a prize certificate (403 judging.error.before_result);
 * an administrator can, to check it.
 */
export async function certificateToPrint(
  tx: Tx,
  viewer: Viewer,
  id: number,
  now = new Date(),
): Promise<CertificateRow> {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  // A completion certificate has no award (left join).
  const [found] = await tx.select({ cert: certificates, award: awards, published: awardResults }).from(certificates)
    .leftJoin(awards, eq(awards.id, certificates.awardId))
    .leftJoin(awardResults, eq(awardResults.awardId, certificates.awardId))
    .where(eq(certificates.id, id));
  if (!found) throw new HttpError(404, "judging.error.certificate_not_found");
  const row = found.cert;
  if (isAdministrator(viewer)) return row;
  if (row.holderId !== viewer.id) throw new HttpError(403, "error.403");
  if (!certificateOut(row, found.award, found.published, now)) throw new HttpError(403, "judging.error.before_result");
  return row;
}

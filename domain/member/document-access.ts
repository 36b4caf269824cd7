// Member documents read back by managers (the approval of a company needs its certificates). Kept apart
// from documents.ts, which the registration island bundles.
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { auditLog, memberDocuments } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Viewer } from "./permissions.ts";

/** A member's documents without their bytes, for the member detail screen. */
export async function documentsOf(tx: Tx, userId: number) {
  return await tx.select({
    id: memberDocuments.id,
    kind: memberDocuments.kind,
    filename: memberDocuments.filename,
    mimetype: memberDocuments.mimetype,
    size: memberDocuments.size,
    createdAt: memberDocuments.createdAt,
  }).from(memberDocuments).where(eq(memberDocuments.userId, userId)).orderBy(asc(memberDocuments.id));
}

/**
 * One document of one member for a manager to read; each reading is written to the audit log (personal
 * data, Korean privacy law). Another member's document id is not found.
 */
export async function readDocument(tx: Tx, actor: Viewer, userId: number, documentId: number) {
  const [doc] = await tx.select().from(memberDocuments)
    .where(and(eq(memberDocuments.id, documentId), eq(memberDocuments.userId, userId)));
  if (!doc) throw new HttpError(404, "file.not_found");
  await tx.insert(auditLog).values({
    actorId: actor.id,
    action: "document.read",
    targetUserId: userId,
    detail: { document: doc.id, kind: doc.kind },
  });
  return doc;
}

/** A manager opened a member's record (personal data): written to the access log (PIPA, issue 16 §7). */
export async function recordMemberRead(tx: Tx, actor: Viewer, userId: number) {
  await tx.insert(auditLog).values({ actorId: actor.id, action: "member.viewed", targetUserId: userId });
}

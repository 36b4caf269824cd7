// A course's certificate of completion (issue 14 §4: "a completion certificate through the certificates of
// the judging area"): one row of the judging area's `certificates` (kind `completion`, the enrolment in
// application_id, no award), so it carries the same server signature, public verification page
// (/certificate/{serial.signature}), QR code, print page and PDF as the award certificates
// (domain/judging/certificates.ts). Issued when staff complete the enrolment; an enrolment completed before
// certificates were issued gets its own the first time it is asked for.
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type CertificateRow, certificates } from "../../db/schema/judging.ts";
import type { ApplicationRow } from "../../db/schema/programme.ts";
import { newSerial } from "../judging/certificates.ts";

/** The live completion certificate of an enrolment, if any. */
export async function completionCertificate(tx: Tx, applicationId: number): Promise<CertificateRow | null> {
  const [row] = await tx.select().from(certificates)
    .where(and(eq(certificates.applicationId, applicationId), isNull(certificates.revokedAt)));
  return row ?? null;
}

/**
 * The completed enrolment's certificate: the live one, or a new one dated at the completion. None for an
 * enrolment not completed. Two callers at once make one (the live certificate of an enrolment is unique).
 */
export async function issueCompletionCertificate(
  tx: Tx,
  application: Pick<ApplicationRow, "id" | "userId" | "completedAt">,
): Promise<CertificateRow | null> {
  if (!application.completedAt) return null;
  const held = await completionCertificate(tx, application.id);
  if (held) return held;
  await tx.insert(certificates).values({
    serial: newSerial("edu", application.completedAt.getUTCFullYear(), "completion"),
    kind: "completion",
    holderId: application.userId,
    applicationId: application.id,
    issuedAt: application.completedAt,
  }).onConflictDoNothing();
  return await completionCertificate(tx, application.id);
}

// Orders and their payments (SPEC §7 Payment, DESIGN §3 "nothing lost"): an order is made for something
// payable — an award entry's fee, a contest's prize money, a course enrolment's fee — by its owner, for the amount the server decides (the entry's fee, never
// the client's); the provider's return completes it in one transaction (payment paid, entry pay_complete),
// exactly once: a repeated, forged or altered return changes nothing and answers an error. Administrators
// refund (cancel) a paid payment through the provider, which puts the entry back to waiting for payment.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { awards, entries } from "../../db/schema/award.ts";
import { users } from "../../db/schema/member.ts";
import { type PaymentRow, payments, type PaymentStatus } from "../../db/schema/pay.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Config, Locale } from "../../fresh.config.ts";
import { assertCanPay } from "../award/entry-rules.ts";
import { TARGET_CONTEST_PRIZE } from "../contest/options.ts";
import { loadContestTarget, markContestPaid, payableContest } from "../contest/payment.ts";
import type { AwardFamily, EntryStatus } from "../award/options.ts";
import { isAdministrator, type Viewer } from "../member/permissions.ts";
import { markEnrolmentPaid, payableEnrolment, refundEnrolment, TARGET_COURSE_ENROLMENT } from "../programme/payment.ts";
import { randomHex } from "./crypto.ts";
import type { Approval, PayErrorKey, PayForm, PayProvider, PayReturn } from "./provider.ts";

/** What a payment pays for: an award entry's fee, or a contest's prize money (its host pays it, issue 12). */
export const TARGET_AWARD_ENTRY = "award_entry";
export { TARGET_CONTEST_PRIZE, TARGET_COURSE_ENROLMENT };
/**
 * SPEC §7 `type` of GET /api/pay/request: the award family whose entry is paid, `contest` (prize money), or
 * `course` (a course enrolment's fee; `id` is the enrolment, applications.id).
 */
export const PAY_TYPES = ["award", "ibda", "contest", "course"] as const;
export type PayType = typeof PAY_TYPES[number];

export function isPayType(value: unknown): value is PayType {
  return typeof value === "string" && (PAY_TYPES as readonly string[]).includes(value);
}

/** A payable thing as the order needs it. */
export interface PayTarget {
  targetType: typeof TARGET_AWARD_ENTRY | typeof TARGET_CONTEST_PRIZE | typeof TARGET_COURSE_ENROLMENT;
  targetId: number;
  /** The award family of an entry; `contest` for a contest's prize money; `course` for a course's fee. */
  family: AwardFamily | "contest" | "course";
  userId: number;
  /** The entry's status ('unpaid' for a contest or an enrolment while payable). */
  status: EntryStatus | "unpaid";
  /** Integer KRW: the entry's fee, as the server decided it at submission. */
  amount: number;
  title: string;
  awardTitle: string;
  awardTitleEn: string;
}

async function loadEntryTarget(tx: Tx, id: number, lock = false): Promise<PayTarget | null> {
  const query = tx.select({
    id: entries.id,
    userId: entries.userId,
    status: entries.status,
    fee: entries.fee,
    title: entries.title,
    family: awards.family,
    awardTitle: awards.title,
    awardTitleEn: awards.titleEn,
  }).from(entries).innerJoin(awards, eq(awards.id, entries.awardId)).where(eq(entries.id, id));
  const [row] = lock ? await query.for("update", { of: entries }) : await query;
  if (!row) return null;
  return {
    targetType: TARGET_AWARD_ENTRY,
    targetId: row.id,
    family: row.family,
    userId: row.userId,
    status: row.status,
    amount: row.fee,
    title: row.title,
    awardTitle: row.awardTitle,
    awardTitleEn: row.awardTitleEn,
  };
}

/**
 * The entry a member may pay for now: their own (someone else's answers the same 404 as a missing one),
 * of the family the call names, waiting for its payment, with a fee.
 */
export async function payableTarget(db: Tx, viewer: Viewer, type: PayType, id: number): Promise<PayTarget> {
  if (type === "course") {
    const enrolment = await payableEnrolment(db, viewer, id);
    return {
      targetType: TARGET_COURSE_ENROLMENT,
      targetId: enrolment.applicationId,
      family: "course",
      userId: enrolment.userId,
      status: "unpaid",
      amount: enrolment.amount,
      title: enrolment.title,
      awardTitle: enrolment.title,
      awardTitleEn: enrolment.titleEn,
    };
  }
  if (type === "contest") {
    const contest = await payableContest(db, viewer, id);
    return {
      targetType: TARGET_CONTEST_PRIZE,
      targetId: contest.contestId,
      family: "contest",
      userId: contest.hostId,
      status: "unpaid",
      amount: contest.amount,
      title: contest.title,
      awardTitle: contest.title,
      awardTitleEn: contest.titleEn,
    };
  }
  const target = Number.isSafeInteger(id) && id > 0 ? await loadEntryTarget(db, id) : null;
  const owned = target && target.family === type ? target : null;
  assertCanPay(viewer, owned);
  if (!owned || owned.amount <= 0) throw new HttpError(409, "award.not_payable");
  return owned;
}

/** Our order id: the entry's id for people reading statements, and 96 random bits nobody can guess. */
export function newOrderId(target: Pick<PayTarget, "targetId"> & Partial<Pick<PayTarget, "targetType">>): string {
  const prefix = target.targetType === TARGET_CONTEST_PRIZE
    ? "CP"
    : target.targetType === TARGET_COURSE_ENROLMENT
    ? "CE"
    : "AE";
  return `${prefix}${target.targetId}-${randomHex(12)}`;
}

export interface OrderRequest {
  type: PayType;
  id: number;
  /** The price the client believes it pays; refused unless it is the server's amount. */
  price?: number;
  locale: Locale;
  /** Absolute URLs of the provider's return (/api/pay/{host}/return) and close screen. */
  returnUrl: string;
  closeUrl: string;
  /** The goods name shown by the provider, e.g. "2026 Design Award entry fee". */
  goodsName: (target: PayTarget) => string;
}

export interface CreatedOrder {
  payment: PaymentRow;
  target: PayTarget;
  form: PayForm;
}

/** GET /api/pay/request and /pay/{provider}/popup: a new order (status ready) and the provider's signed form. */
export async function createOrder(
  db: Db,
  provider: PayProvider,
  viewer: Viewer,
  request: OrderRequest,
): Promise<CreatedOrder> {
  const target = await payableTarget(db, viewer, request.type, request.id);
  if (request.price !== undefined && request.price !== target.amount) {
    throw new HttpError(400, "pay.amount_mismatch");
  }
  const [buyer] = await db.select({ name: users.name, email: users.email, phone: users.phone, tel: users.tel })
    .from(users).where(eq(users.id, viewer.id));
  const [payment] = await db.insert(payments).values({
    orderId: newOrderId(target),
    provider: provider.name,
    targetType: target.targetType,
    targetId: target.targetId,
    userId: viewer.id,
    amount: target.amount,
    status: "ready",
  }).returning();
  const form = provider.requestForm({
    orderId: payment.orderId,
    amount: payment.amount,
    goodsName: request.goodsName(target).slice(0, 80),
    buyerName: buyer?.name ?? "",
    buyerEmail: buyer?.email ?? "",
    buyerTel: buyer?.phone || buyer?.tel || "",
    returnUrl: request.returnUrl,
    closeUrl: request.closeUrl,
    locale: request.locale,
  });
  return { payment, target, form };
}

export async function paymentByOrderId(db: Tx, orderId: string): Promise<PaymentRow | null> {
  if (!orderId || orderId.length > 64) return null;
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row ?? null;
}

/** The result of a processed return: the payment's new status and, when it failed, why. */
export interface PayOutcome {
  payment: PaymentRow;
  status: Extract<PaymentStatus, "paid" | "failed">;
  key?: PayErrorKey;
}

interface Decided {
  payment: PaymentRow;
  status: "paid" | "failed";
  key?: PayErrorKey;
  /** The provider approved money we do not keep: undo it after the commit. */
  undo?: boolean;
}

/** A reference to the fields a provider posted, as stored in `raw` (no tokens, no signatures). */
function returnRecord(ret: PayReturn): Record<string, unknown> {
  return { code: ret.code, message: ret.message.slice(0, 200) };
}

/**
 * What an approved payment settles, per kind of order, inside the transaction that holds the payment row:
 * false when the thing can no longer be paid for that amount (the money is then given back at once).
 */
const SETTLE: Record<PayTarget["targetType"], (tx: Tx, payment: PaymentRow, now: Date) => Promise<boolean>> = {
  [TARGET_AWARD_ENTRY]: async (tx, payment, now) => {
    const target = await loadEntryTarget(tx, payment.targetId, true);
    if (!target || target.status !== "pay_incomplete") return false;
    await tx.update(entries).set({ status: "pay_complete", updatedAt: now }).where(eq(entries.id, target.targetId));
    return true;
  },
  // The amount must still be the contest's prize total, and the contest still unpaid.
  [TARGET_CONTEST_PRIZE]: async (tx, payment, now) => {
    const contest = await loadContestTarget(tx, payment.targetId, true);
    return !!contest && contest.amount === payment.amount && await markContestPaid(tx, contest.contestId, now);
  },
  // Still unpaid, still holding its place in time, and of the fee's exact amount.
  [TARGET_COURSE_ENROLMENT]: (tx, payment, now) => markEnrolmentPaid(tx, payment.targetId, payment.amount, now),
};

/**
 * The provider's return (POST /api/pay/{host}/return, /pay/{provider}/return). Refusals that change nothing
 * throw: 400 pay.invalid_request / invalid_return / invalid_signature / expired / amount_mismatch, 404
 * pay.not_found, 409 pay.already_processed. Otherwise the payment is decided in one transaction holding
 * its row: paid with the entry pay_complete, or failed with the entry left waiting for payment.
 */
export async function completeReturn(
  db: Db,
  provider: PayProvider,
  fields: Record<string, string>,
): Promise<PayOutcome> {
  const ret = provider.parseReturn(fields);
  if (!ret) throw new HttpError(400, "pay.invalid_request");
  const found = await paymentByOrderId(db, ret.orderId);
  // An order of another provider (e.g. a test order after switching to Inicis) is not this provider's to settle.
  if (!found || found.provider !== provider.name) throw new HttpError(404, "pay.not_found");
  if (found.status !== "ready") throw new HttpError(409, "pay.already_processed");
  provider.verifyReturn(ret, found);

  let approval: Approval | undefined;
  let decided: Decided;
  try {
    decided = await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
      // A concurrent copy of this return got the row first.
      if (payment.status !== "ready") throw new HttpError(409, "pay.already_processed");
      const fail = async (key: PayErrorKey, raw: Record<string, unknown>, undo = false): Promise<Decided> => {
        const [row] = await tx.update(payments).set({ status: "failed", raw: { ...raw, key }, updatedAt: new Date() })
          .where(eq(payments.id, payment.id)).returning();
        return { payment: row, status: "failed", key, undo };
      };
      // The approval is asked while the row is held, so two copies of one return cannot both be approved.
      approval = await provider.approve(ret, payment);
      if (!approval.ok) return await fail(approval.key, { ...returnRecord(ret), ...approval.raw });
      const approvedRaw = { ...returnRecord(ret), ...approval.raw, tid: approval.tid };
      if (approval.amount !== payment.amount) return await fail("pay.amount_mismatch", approvedRaw, true);
      const now = new Date();
      const kind = payment.targetType as PayTarget["targetType"];
      const settle = Object.hasOwn(SETTLE, kind) ? SETTLE[kind] : undefined;
      if (!settle || !(await settle(tx, payment, now))) return await fail("pay.not_payable", approvedRaw, true);
      const [row] = await tx.update(payments).set({
        status: "paid",
        providerTid: approval.tid,
        approvedAt: now,
        raw: approvedRaw,
        updatedAt: now,
      }).where(eq(payments.id, payment.id)).returning();
      return { payment: row, status: "paid" };
    });
  } catch (error) {
    // Approved but not recorded (the commit failed): the money must not stay taken.
    if ((approval as Approval | undefined)?.ok) await provider.netCancel(ret);
    throw error;
  }
  if (decided.undo) await provider.netCancel(ret);
  return { payment: decided.payment, status: decided.status, key: decided.key };
}

// ---------- Administrators ----------

/** What a refunded entry becomes: waiting for payment again, or cancelled altogether. */
export const REFUND_ENTRY_STATUSES = ["pay_incomplete", "cancel"] as const;
export type RefundEntryStatus = typeof REFUND_ENTRY_STATUSES[number];

export interface RefundOptions {
  reason: string;
  /** The address INIAPI is told the refund comes from (the server's, as Inicis registers it). */
  clientIp: string;
  entryStatus?: RefundEntryStatus;
  /** Needed to refund a course enrolment: its freed place moves the waiting list up, which mails. */
  mail?: Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">;
}

/**
 * An administrator cancels a paid payment: the provider refunds it in full, then, in one transaction
 * holding the payment row, the payment becomes cancelled and the entry `pay_incomplete` (or `cancel`); a
 * course enrolment is marked refunded and, while it held a place, cancelled (domain/programme/payment.ts).
 * 403 for anyone else, 404 pay.not_found, 409 pay.not_refundable unless paid (so a second refund is
 * refused), 409 pay.provider_unavailable when the payment was taken by another provider than the active
 * one, 502 pay.refund_failed when the provider refuses (nothing changes).
 */
export async function refundPayment(
  db: Db,
  provider: PayProvider,
  viewer: Viewer,
  paymentId: number,
  options: RefundOptions,
): Promise<PaymentRow> {
  if (!isAdministrator(viewer)) throw new HttpError(403, "error.403");
  return await db.transaction(async (tx) => {
    const [payment] = Number.isSafeInteger(paymentId)
      ? await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update")
      : [];
    if (!payment) throw new HttpError(404, "pay.not_found");
    if (payment.status !== "paid" || !payment.providerTid) throw new HttpError(409, "pay.not_refundable");
    if (payment.provider !== provider.name) throw new HttpError(409, "pay.provider_unavailable");
    if (payment.targetType === TARGET_COURSE_ENROLMENT && !options.mail) {
      throw new Error("refundPayment: a course enrolment's refund needs the mail configuration");
    }
    // Inside the row lock: two administrators clicking at once refund once.
    const refund = await provider.refund(
      { orderId: payment.orderId, tid: payment.providerTid, amount: payment.amount },
      options.reason,
      options.clientIp,
    );
    if (!refund.ok) throw new HttpError(502, refund.key, "Refund refused", { raw: refund.raw });
    const now = new Date();
    let previous: string | null = null;
    if (payment.targetType === TARGET_AWARD_ENTRY) {
      const target = await loadEntryTarget(tx, payment.targetId, true);
      if (target) {
        previous = target.status;
        const status = options.entryStatus ?? "pay_incomplete";
        await tx.update(entries).set({
          status,
          updatedAt: now,
          ...(status === "cancel" ? { cancelledAt: now } : {}),
        }).where(eq(entries.id, target.targetId));
      }
    } else if (payment.targetType === TARGET_COURSE_ENROLMENT) {
      previous = await refundEnrolment(tx, options.mail!, payment.targetId, now);
    }
    const raw = (payment.raw && typeof payment.raw === "object" ? payment.raw : {}) as Record<string, unknown>;
    const [row] = await tx.update(payments).set({
      status: "cancelled",
      cancelledAt: now,
      updatedAt: now,
      raw: {
        ...raw,
        refund: { ...refund.raw, by: viewer.id, reason: options.reason.slice(0, 200), previousEntryStatus: previous },
      },
    }).where(eq(payments.id, payment.id)).returning();
    return row;
  });
}

/** The latest payment of each given target (my page: the fee's payment beside each entry). */
export async function latestPayments(
  db: Tx,
  targetType: string,
  targetIds: readonly number[],
): Promise<Map<number, PaymentRow>> {
  const out = new Map<number, PaymentRow>();
  if (!targetIds.length) return out;
  const rows = await db.select().from(payments)
    .where(and(eq(payments.targetType, targetType), inArray(payments.targetId, [...targetIds])))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  // A 'ready' order never completed is not "the payment" while a settled one exists.
  for (const row of rows) {
    const seen = out.get(row.targetId);
    if (!seen || (seen.status === "ready" && row.status !== "ready")) out.set(row.targetId, row);
  }
  return out;
}

// A member's bank account (SPEC §3 Bank: name, account number, holder): contest hosts receive refunds and
// winners their prize money here. The number is the member's personal financial data (PIPA): it is shown
// whole only to its owner and to administrators, masked to everyone else who may see the member; it changes
// only after the current password is entered again (ASVS 6.2.3); every change and every administrator's
// reading of the whole number is written to audit_log. Ids in a request are never read: a member reads and
// changes their own account only (ASVS 8.2.2).
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { auditLog, type BankAccount, bankAccounts } from "../../db/schema/member.ts";
import type { Locale } from "../../fresh.config.ts";
import { HttpError } from "../../framework/errors.ts";
import { fieldErrors } from "../validation.ts";
import { canSeeWholeBankAccount, type Viewer } from "./permissions.ts";
import { confirmPassword, loadUser } from "./profile.ts";

// ---------- Pure rules ----------

export interface Bank {
  /** The bank's standard 3-digit code (금융결제원 은행 코드). */
  code: string;
  ko: string;
  en: string;
  /** How many digits (dashes left out) its account numbers have. */
  digits: readonly [min: number, max: number];
}

/** Where a bank's lengths are not certain, 10–14 digits. */
const ANY: readonly [number, number] = [10, 14];

export const BANKS = [
  { code: "004", ko: "KB국민은행", en: "KB Kookmin Bank", digits: [12, 14] },
  { code: "088", ko: "신한은행", en: "Shinhan Bank", digits: [11, 12] },
  { code: "020", ko: "우리은행", en: "Woori Bank", digits: [11, 13] },
  { code: "081", ko: "하나은행", en: "Hana Bank", digits: [11, 14] },
  { code: "011", ko: "NH농협은행", en: "NH NongHyup Bank", digits: [11, 14] },
  { code: "003", ko: "IBK기업은행", en: "IBK Industrial Bank of Korea", digits: ANY },
  { code: "090", ko: "카카오뱅크", en: "KakaoBank", digits: [13, 13] },
  { code: "092", ko: "토스뱅크", en: "Toss Bank", digits: [12, 12] },
  { code: "089", ko: "케이뱅크", en: "K Bank", digits: [12, 12] },
  { code: "023", ko: "SC제일은행", en: "SC First Bank", digits: [11, 11] },
  { code: "032", ko: "부산은행", en: "Busan Bank", digits: [12, 13] },
  { code: "031", ko: "대구은행(iM뱅크)", en: "iM Bank (Daegu Bank)", digits: ANY },
  { code: "039", ko: "경남은행", en: "Kyongnam Bank", digits: ANY },
  { code: "034", ko: "광주은행", en: "Kwangju Bank", digits: ANY },
  { code: "037", ko: "전북은행", en: "Jeonbuk Bank", digits: ANY },
  { code: "035", ko: "제주은행", en: "Jeju Bank", digits: ANY },
  { code: "007", ko: "수협은행", en: "Suhyup Bank", digits: ANY },
  { code: "071", ko: "우체국", en: "Korea Post", digits: [14, 14] },
  { code: "045", ko: "새마을금고", en: "MG Saemaul Geumgo", digits: ANY },
  { code: "048", ko: "신협", en: "Shinhyup (Credit Union)", digits: ANY },
  { code: "002", ko: "산업은행", en: "KDB Korea Development Bank", digits: [11, 14] },
  { code: "027", ko: "씨티은행", en: "Citibank Korea", digits: ANY },
] as const satisfies readonly Bank[];

export type BankCode = typeof BANKS[number]["code"];
export const BANK_CODES = BANKS.map((b) => b.code) as [BankCode, ...BankCode[]];

export function bankOf(code: string): Bank | undefined {
  return BANKS.find((b) => b.code === code);
}

export function bankName(code: string, locale: Locale): string {
  const bank = bankOf(code);
  return bank ? (locale === "en" ? bank.en : bank.ko) : code;
}

const NUMBER_FORMAT = /^\d+(-\d+)*$/;

/** What is wrong with an account number for this bank, as a message key; null when it is well formed. */
export function accountNumberProblem(
  code: string,
  number: string,
): "bank.account_required" | "bank.account_format" | "bank.account_length" | null {
  if (number === "") return "bank.account_required";
  if (!NUMBER_FORMAT.test(number)) return "bank.account_format";
  const bank = bankOf(code);
  const digits = number.replaceAll("-", "").length;
  const [min, max] = bank?.digits ?? ANY;
  return digits < min || digits > max ? "bank.account_length" : null;
}

/** Every digit but the last four hidden, the dashes kept: 123-45-671234 → ***-**-**1234. */
export function maskAccountNumber(number: string): string {
  let visible = 4;
  return [...number].reverse().map((ch) => {
    if (!/\d/.test(ch)) return ch;
    return visible-- > 0 ? ch : "*";
  }).reverse().join("");
}

export const BankInput = z.object({
  bank: z.string({ error: "bank.bank_required" }).trim().refine((v) => bankOf(v) !== undefined, "bank.bank_required"),
  account_number: z.string({ error: "bank.account_required" }).trim().max(40, "bank.too_long"),
  holder: z.string({ error: "bank.holder_required" }).trim().min(1, "bank.holder_required").max(50, "bank.too_long"),
  current_password: z.string().max(128).optional(),
}).superRefine((v, ctx) => {
  if (!bankOf(v.bank)) return;
  const problem = accountNumberProblem(v.bank, v.account_number);
  if (problem) ctx.addIssue({ code: "custom", path: ["account_number"], message: problem });
});
export type BankInput = z.infer<typeof BankInput>;

// ---------- Reading and changing ----------

export interface BankAccountView {
  bank_code: string;
  bank_name: string;
  /** Whole for the owner and an administrator who asked; masked otherwise. */
  account_number: string;
  masked: boolean;
  holder: string;
  updated_at: string;
}

export function bankJson(row: BankAccount, locale: Locale, whole: boolean): BankAccountView {
  return {
    bank_code: row.bankCode,
    bank_name: bankName(row.bankCode, locale),
    account_number: whole ? row.accountNumber : maskAccountNumber(row.accountNumber),
    masked: !whole,
    holder: row.holder,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function accountOf(tx: Tx, userId: number): Promise<BankAccount | null> {
  const [row] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/** The signed-in member's own account, whole (GET /api/user/bank, /profile/bank). */
export async function readOwnBankAccount(tx: Tx, viewer: Viewer): Promise<BankAccount | null> {
  if (viewer.id === 0) throw new HttpError(401, "error.401");
  return await accountOf(tx, viewer.id);
}

/**
 * Sets the signed-in member's own account after checking the current password (wrong ones are counted
 * and limited like the profile's); the change is written to audit_log with the masked numbers only.
 */
export async function changeOwnBankAccount(
  db: Db,
  viewer: Viewer,
  body: Record<string, unknown>,
): Promise<BankAccount> {
  if (viewer.id === 0) throw new HttpError(401, "error.401");
  const parsed = BankInput.safeParse(body);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    if (!body.current_password) fields.current_password = ["bank.current_password_required"];
    throw new HttpError(422, "error.validation", "Validation failed", { fields });
  }
  const input = parsed.data;
  if (!input.current_password) {
    throw new HttpError(422, "error.validation", "Validation failed", {
      fields: { current_password: ["bank.current_password_required"] },
    });
  }
  const user = await loadUser(db, viewer.id);
  await confirmPassword(db, user, input.current_password, "current_password");
  return await db.transaction(async (tx) => {
    const before = await accountOf(tx, viewer.id);
    const now = new Date();
    const values = { bankCode: input.bank, accountNumber: input.account_number, holder: input.holder };
    const [row] = await tx.insert(bankAccounts).values({ userId: viewer.id, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: bankAccounts.userId, set: { ...values, updatedAt: now } }).returning();
    await tx.insert(auditLog).values({
      actorId: viewer.id,
      action: "bank.changed",
      targetUserId: viewer.id,
      detail: {
        bank: input.bank,
        account: maskAccountNumber(input.account_number),
        ...(before
          ? { previous_bank: before.bankCode, previous_account: maskAccountNumber(before.accountNumber) }
          : {}),
        holder_changed: before ? before.holder !== input.holder : true,
      },
    });
    return row;
  });
}

/** A member's account on the management user screen: masked (the screen's own guard decides who sees it). */
export async function bankAccountForManager(tx: Tx, userId: number): Promise<BankAccount | null> {
  return await accountOf(tx, userId);
}

/**
 * The whole number for an administrator who asked to see it ("show" on /management/user/{id}); the reading
 * is written to audit_log (PIPA: access to personal data is recorded). Others are refused with 403.
 */
export async function revealBankAccount(tx: Tx, actor: Viewer, userId: number): Promise<BankAccount | null> {
  if (!canSeeWholeBankAccount(actor, userId)) throw new HttpError(403, "manage.not_allowed");
  const row = await accountOf(tx, userId);
  if (!row) throw new HttpError(404, "error.404");
  await tx.insert(auditLog).values({
    actorId: actor.id,
    action: "bank.viewed",
    targetUserId: userId,
    detail: { bank: row.bankCode },
  });
  return row;
}

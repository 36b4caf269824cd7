// Passwords (SPEC §5): 8–15 characters with a letter, a digit and a special character, not a common
// password; stored as argon2id with OWASP's m=19 MiB, t=2, p=1 (research/security.md §1.1).
import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Verified when the account does not exist, so an unknown user costs the same time as a wrong password. */
export const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$pwzAYCIpqwxUDe3dPFNCgw$SPsWhbgHjmj1Y5enbkdi0Lgl/Q/CKvQVEsEqSxXjlnU";

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  // "password1!" and "qwerty123!" are the common word with the digits and symbols rules demand
  const base = lower.replace(/[^a-z]+$/, "").replace(/^[^a-z]+/, "");
  return COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(base) && base.length >= lower.length - 4;
}

export const passwordSchema = z.string()
  .min(8, "password.too_short")
  .max(15, "password.too_long")
  .regex(/[A-Za-z]/, "password.needs_letter")
  .regex(/\d/, "password.needs_digit")
  .regex(/[^A-Za-z0-9]/, "password.needs_special")
  .refine((p) => !isCommonPassword(p), "password.too_common");

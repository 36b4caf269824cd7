// Password rules (SPEC §5), free of server-only imports so the registration island bundles the very same
// schema: 8–15 characters with a letter, a digit and a special character, not a common password.
import * as z from "zod";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

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

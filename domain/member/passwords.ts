// Passwords stored as argon2id with OWASP's m=19 MiB, t=2, p=1 (research/security.md §1.1); the rules
// of SPEC §5 live in password-rules.ts so the browser can use them too.
import { hash, verify } from "@node-rs/argon2";

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

export { isCommonPassword, passwordSchema } from "./password-rules.ts";

// An opened secret post (SPEC §5 "post password required to fetch a protected post"): after the right
// password the browser keeps, for 30 minutes, a cookie naming the post, signed with the session secret
// and bound to the password's hash (a changed password closes it). Works without JavaScript: the
// password prompt is a plain form, and the read page checks the cookie.
import type { PostRow } from "../../db/schema/board.ts";

const LIFETIME_SECONDS = 30 * 60;
export const unlockCookieName = (postId: number) => `bbs_open_${postId}`;

async function sign(secret: Uint8Array, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    secret as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...mac)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function unlockValue(secret: Uint8Array, post: Pick<PostRow, "id" | "passwordHash">, now = Date.now()) {
  const expires = Math.floor(now / 1000) + LIFETIME_SECONDS;
  return `${expires}.${await sign(secret, `${post.id}.${expires}.${post.passwordHash ?? ""}`)}`;
}

export function unlockCookie(name: string, value: string, https: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${https ? "; Secure" : ""}`;
}

/** Whether the request carries a valid, unexpired opening of the post. */
export async function isUnlocked(
  req: Request,
  secret: Uint8Array,
  post: Pick<PostRow, "id" | "passwordHash">,
  now = Date.now(),
): Promise<boolean> {
  if (!post.passwordHash) return false;
  const name = unlockCookieName(post.id);
  const cookie = (req.headers.get("cookie") ?? "").split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  const value = cookie?.slice(name.length + 1) ?? "";
  const [expires, mac] = value.split(".");
  if (!/^\d+$/.test(expires ?? "") || !mac || Number(expires) * 1000 < now) return false;
  const expected = await sign(secret, `${post.id}.${expires}.${post.passwordHash}`);
  // Equal length strings compared in full (no early exit on the first difference).
  if (expected.length !== mac.length) return false;
  let diff = 0;
  for (let i = 0; i < mac.length; i++) diff |= expected.charCodeAt(i) ^ mac.charCodeAt(i);
  return diff === 0;
}

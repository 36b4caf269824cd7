// Short-lived download links (POST /api/file/download/{id} with a bearer token answers one as text): the
// link carries the file id, the member it was made for and its expiry, signed with the session secret,
// so a plain GET in a new window downloads without a cookie or header.
const LINK_LIFETIME_MS = 5 * 60_000;

async function hmac(secret: Uint8Array, text: string): Promise<string> {
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

export async function signDownload(secret: Uint8Array, fileId: number, viewerId: number, now = Date.now()) {
  const expires = now + LINK_LIFETIME_MS;
  return `${viewerId}.${expires}.${await hmac(secret, `download:${fileId}:${viewerId}:${expires}`)}`;
}

/** The member a link was made for, or null when it is forged, for another file or expired. */
export async function verifyDownload(
  secret: Uint8Array,
  fileId: number,
  token: string,
  now = Date.now(),
): Promise<number | null> {
  const [viewer, expires, mac] = token.split(".");
  const viewerId = Number(viewer);
  if (!Number.isSafeInteger(viewerId) || !(Number(expires) > now) || !mac) return null;
  const expected = await hmac(secret, `download:${fileId}:${viewerId}:${expires}`);
  if (expected.length !== mac.length) return null;
  let diff = 0;
  for (let i = 0; i < mac.length; i++) diff |= mac.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0 ? viewerId : null;
}

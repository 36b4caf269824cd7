// Short-lived download links (POST /api/file/download/{id} answers one as text): the link carries the
// file id, the member and the session it was made for, and its expiry, signed with the session secret,
// so a plain GET in a new window downloads without a cookie or header, but only while that session
// lives (delivery.ts checks it): signing out ends the links it made.
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

export interface DownloadLink {
  viewerId: number;
  /** The id of the session that made the link. */
  sessionId: string;
}

const SESSION_ID = /^[0-9a-f-]{36}$/;
const signed = (fileId: number, link: DownloadLink, expires: string) =>
  `download:${fileId}:${link.viewerId}:${link.sessionId}:${expires}`;

export async function signDownload(secret: Uint8Array, fileId: number, link: DownloadLink, now = Date.now()) {
  const expires = String(now + LINK_LIFETIME_MS);
  return `${link.viewerId}.${link.sessionId}.${expires}.${await hmac(secret, signed(fileId, link, expires))}`;
}

/** Who and which session a link was made for, or null when it is forged, for another file or expired. */
export async function verifyDownload(
  secret: Uint8Array,
  fileId: number,
  token: string,
  now = Date.now(),
): Promise<DownloadLink | null> {
  const [viewer, sessionId, expires, mac, ...rest] = token.split(".");
  const viewerId = Number(viewer);
  if (rest.length || !Number.isSafeInteger(viewerId) || viewerId <= 0 || !SESSION_ID.test(sessionId ?? "")) return null;
  if (!(Number(expires) > now) || !mac) return null;
  const link = { viewerId, sessionId };
  const expected = await hmac(secret, signed(fileId, link, expires));
  if (expected.length !== mac.length) return null;
  let diff = 0;
  for (let i = 0; i < mac.length; i++) diff |= mac.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0 ? link : null;
}

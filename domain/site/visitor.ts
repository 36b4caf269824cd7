/** The session cookie; a request without it is anonymous and may be served a shared cached page. */
export const SESSION_COOKIE = "session";

/** A flash message is meant for one visitor, so a request carrying one is not served the shared copy. */
const PERSONAL = /(?:^|;\s*)(?:session|flash)=./;

export function isAnonymousRequest(req: Request): boolean {
  const cookie = req.headers.get("cookie");
  return !cookie || !PERSONAL.test(cookie);
}

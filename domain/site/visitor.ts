/** The session cookie; a request without it is anonymous and may be served a shared cached page. */
export const SESSION_COOKIE = "session";

export function isAnonymousRequest(req: Request): boolean {
  const cookie = req.headers.get("cookie");
  return !cookie || !new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`).test(cookie);
}

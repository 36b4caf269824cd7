// Canonical paths for content-page lookup (SPEC §2.1) and the paths the application owns.
import { HttpError } from "../../framework/errors.ts";

export const MAX_PATH_LENGTH = 1024;

/** Prefixes never resolved by page lookup: the app's own screens and SPEC §2.1's named exclusions. */
export const RESERVED_PREFIXES = [
  "/api",
  "/management",
  "/_editor",
  "/_data",
  "/memorial",
  "/password",
  "/pay",
  "/audit",
  "/audit-award",
  "/builder",
  "/change",
  "/entry",
  "/find",
  "/login",
  "/logout",
  "/print",
  "/profile",
  "/redirect",
  "/register",
  "/rejected",
  "/style",
  "/withdraw",
  "/board/write",
  "/mypage",
  // The award families' public pages (components/award/pages.tsx). /award itself is a route too, but
  // content pages such as /award/overview stay with page lookup.
  "/award/years",
  "/award/entries",
  "/ibda",
  "/storage",
  "/_islands",
];

export function isReservedPath(path: string): boolean {
  const lower = path.toLowerCase();
  return RESERVED_PREFIXES.some((p) => lower === p || lower.startsWith(`${p}/`));
}

/**
 * The percent-encoded canonical form of a URL path: each segment decoded then re-encoded (so `%7e` and
 * `~`, `%ED%99%88` and `%ed%99%88` agree), no trailing slash. Hostile paths are a 400: invalid
 * percent-encoding, NUL or control characters, dot segments, encoded slashes, overlong paths.
 */
export function canonicalPath(rawPath: string): string {
  if (rawPath.length > MAX_PATH_LENGTH) throw new HttpError(400, "error.414");
  const segments = rawPath.split("/").slice(1);
  const out: string[] = [];
  for (const segment of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new HttpError(400, "error.400");
    }
    // deno-lint-ignore no-control-regex
    if (/[\u0000-\u001f\u007f/\\]/.test(decoded) || decoded === "." || decoded === "..") {
      throw new HttpError(400, "error.400");
    }
    out.push(encodeURIComponent(decoded));
  }
  while (out.length && out.at(-1) === "") out.pop();
  return `/${out.join("/")}`;
}

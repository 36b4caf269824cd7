/** The one error type that carries an HTTP status and a message key (translated by the app). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message?: string,
    readonly details?: Record<string, unknown>,
    /** Headers the error answer carries (Retry-After, Allow, WWW-Authenticate). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? key);
  }
}

export function statusOf(err: unknown): number {
  return err instanceof HttpError ? err.status : isUnavailable(err) ? 503 : 500;
}

/** Codes of a connection that could not be made or was lost (node's socket errors, postgres.js's own). */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/**
 * The database cannot be reached right now (down, restarting, starting up): a 503, not a bug. The error
 * itself or one of its causes (Drizzle wraps the driver's) has a connection code, or an SQLSTATE of class
 * 08 (connection exception) or 57P01–57P03 (administrator or crash shutdown, cannot connect now).
 */
export function isUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
  }
  return false;
}

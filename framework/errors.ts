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
  return err instanceof HttpError ? err.status : 500;
}

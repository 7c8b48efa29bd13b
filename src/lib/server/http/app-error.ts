/**
 * The one error type of the server (docs/style.md 4). `message` is what the user sees; what went wrong
 * inside (`cause`: an upstream's answer, a library's error) goes to the log with the request id,
 * never into the response.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  /** Response headers the error needs (Retry-After, Connection: close). */
  headers?: Record<string, string>;
  /** The internal reason, for the log only. */
  cause?: unknown;
  /**
   * More of the answer than its message, for the caller to act on (a 409's conflicting stays):
   * said to the client, so never anything internal.
   */
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, { headers = {}, cause, details = {} }: AppErrorOptions = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
    this.details = details;
  }
}

/** Structural check: the boot bundle and the Astro bundle each carry a copy of this class. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof Error && error.name === 'AppError' && typeof (error as AppError).status === 'number';
}

/** The internal reason of an AppError, as one loggable line (or undefined). */
export function causeOf(error: AppError): string | undefined {
  const { cause } = error;
  if (cause === undefined) return undefined;
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
}

import type { z } from 'zod';
import { AppError, causeOf, isAppError } from './app-error.ts';
import { getRuntime } from '../platform/runtime.ts';

export const JSON_BODY_LIMIT = 256 * 1024;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(error: AppError): Response {
  return json({ ...error.details, message: error.message }, error.status, error.headers);
}

/**
 * Reads a JSON body of at most `limit` bytes without buffering more than that: a declared
 * Content-Length over the limit is refused at once, a chunked body is cut off as it streams.
 */
export async function readJson(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json.');
  }
  const text = (await readRawBody(request, limit)).toString('utf8');
  let nul = false;
  let broken = false;
  let value: unknown;
  try {
    // PostgreSQL text cannot hold U+0000 (SQLite can): refused here, the same on both databases,
    // rather than a 500 from the database. No form or editor produces it. Nor half a surrogate
    // pair, which JSON can spell (`"\ud800"`) but no text is made of: stored, it broke whatever
    // encoded it later (a QR code, a URL, a mail header). Both can only be spelled as a `\u`
    // escape (JSON refuses a raw control character, and decoded UTF-8 has no half pairs), so a
    // body without one, an editor's usual save, skips the walk (a tenth of a millisecond).
    value = text.includes('\\u')
      ? JSON.parse(text, (key, item: unknown) => {
          for (const piece of typeof item === 'string' ? [key, item] : [key]) {
            if (piece.includes('\0')) nul = true;
            else if (!piece.isWellFormed()) broken = true;
          }
          return item;
        })
      : JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
  if (nul) throw new AppError('BAD_REQUEST', 'The request body contains a NUL character.');
  if (broken) throw new AppError('BAD_REQUEST', 'The request body contains broken Unicode text (half of a surrogate pair).');
  return value;
}

/** The body's exact bytes, at most `limit` (a signed body must be verified as it came). */
export async function readRawBody(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  // Unread, the body is drained by Node after the answer (bounded by scripts/serve.mjs's cap), so
  // the client reads a 413 rather than a reset and the connection stays usable.
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      // Half read, the rest is never drained: the connection cannot carry another request, so
      // say so, or a keep-alive client would send its next request into a stalled socket.
      throw tooLarge(limit, { connection: 'close' });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number, headers: Record<string, string> = {}): AppError {
  return new AppError('TOO_LARGE', `The request body is larger than ${Math.round(limit / 1024)} KB.`, { headers });
}

/** Parses a JSON body with a zod schema; the first issue becomes the 400 message. */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const result = schema.safeParse(await readJson(request));
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AppError('BAD_REQUEST', issue?.message ?? 'Invalid request.');
  }
  return result.data;
}

/**
 * Wraps an API handler: AppErrors become `{ message }` with their status (plus the route's own
 * `errorFields`, for answers whose shape docs/product.md §7 fixes), their internal cause logged with the
 * request id; anything else is logged as a bug and answered with a generic 500.
 */
export function handle<C extends { locals: App.Locals }>(fn: (context: C) => Promise<Response>, { errorFields = {} }: { errorFields?: Record<string, unknown> } = {}) {
  return async (context: C): Promise<Response> => {
    try {
      return await fn(context);
    } catch (error) {
      if (isAppError(error)) {
        const cause = causeOf(error);
        if (cause) (await getRuntime()).log.info({ reqId: context.locals.requestId, code: error.code, cause }, error.message);
        return json({ ...errorFields, ...error.details, message: error.message }, error.status, error.headers);
      }
      const { log } = await getRuntime();
      log.error({ err: error, reqId: context.locals.requestId }, 'unhandled error in API route');
      return json({ ...errorFields, message: 'Something went wrong. Please try again.' }, 500);
    }
  };
}

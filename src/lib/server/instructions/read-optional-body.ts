import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { readBody } from '../http/json.ts';

/**
 * POST /api/instruction may come without a body (the middleware lets a bodiless write through
 * without a Content-Type): it reads as `{}` then, otherwise as JSON, both through the schema.
 */
export async function readOptionalBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const hasBody = (request.headers.get('content-length') ?? '0') !== '0' || request.headers.has('transfer-encoding');
  if (hasBody) return readBody(request, schema);
  const result = schema.safeParse({});
  if (!result.success) throw new AppError('BAD_REQUEST', result.error.issues[0]?.message ?? 'Invalid request.');
  return result.data;
}

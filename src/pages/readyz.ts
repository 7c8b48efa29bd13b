import type { APIRoute } from 'astro';
import { json } from '../lib/server/http/json.ts';
import { checkReadiness } from '../lib/server/ops/check-readiness.ts';

/** Readiness: 200 when the database and both blob stores answer, else 503 (same body shape). */
export const GET: APIRoute = async () => {
  const readiness = await checkReadiness();
  return json(readiness, readiness.status === 'ok' ? 200 : 503);
};

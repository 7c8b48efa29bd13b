import type { APIRoute } from 'astro';
import { sql } from 'kysely';
import { json } from '../lib/server/http/json.ts';
import { getRuntime } from '../lib/server/runtime.ts';

export const GET: APIRoute = async () => {
  const { db } = await getRuntime();
  await sql`SELECT 1`.execute(db);
  return json({ status: 'ok' });
};

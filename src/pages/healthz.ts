import type { APIRoute } from 'astro';
import { json } from '../lib/server/http/json.ts';

/**
 * Liveness: the process answers requests. It touches neither the database nor
 * the stores, so a database outage never gets healthy servers restarted; /readyz says whether
 * this server can serve traffic.
 */
export const GET: APIRoute = () => json({ status: 'ok' });

import type { APIContext } from 'astro';
import { clientAddress } from '@server/http/client-address.ts';
import { acceptSectionReads } from '@server/insights/section-reads.ts';

/**
 * POST /api/guest/:token/events `{ sections: ["checkin", "wifi", …] }` (public; the guest page's
 * beacon, a guidebook's or a stay's token) → 204 whatever the body holds, so a guest never sees
 * an error from it (insights/section-reads.ts). Origin- and JSON-checked like every write
 * (docs/security.md 7): 403 or 415 for what the guest page never sends.
 */
export async function POST(context: APIContext): Promise<Response> {
  const body = await context.request.text().catch(() => '');
  acceptSectionReads(context.params.token ?? '', clientAddress(context), body);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}

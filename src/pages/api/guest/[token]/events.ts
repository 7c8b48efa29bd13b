import type { APIContext } from 'astro';
import { clientAddress } from '@server/http/client-address.ts';
import { acceptSectionReads } from '@server/insights/section-reads.ts';

/**
 * POST /api/guest/:token/events `{ sections: ["checkin", "wifi", …] }` (public; the guest page's
 * beacon, a guidebook's or a stay's token) → 204, always: whatever it was sent, a guest never sees
 * an error from it (insights/section-reads.ts). Origin-checked like every write.
 */
export async function POST(context: APIContext): Promise<Response> {
  const body = await context.request.text().catch(() => '');
  acceptSectionReads(context.params.token ?? '', clientAddress(context), body);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}

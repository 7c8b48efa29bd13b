import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { readInsightDays, readInsights } from '@server/insights/read-insights.ts';

/**
 * GET /api/instruction/:id/insights?days=30 (owner only) → `Insights` (insights/read-insights.ts):
 * guest page opens per day and language, and per stay when its guest opened the link. 400 for
 * days outside 1–366, 404 for someone else's guidebook. Never cached: the numbers move.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'insights.read', context.params.id ?? '');
  const insights = await readInsights({ access, id: context.params.id ?? '' }, readInsightDays(context.url.searchParams));
  const response = json(insights);
  response.headers.set('cache-control', 'private, no-store');
  return response;
});

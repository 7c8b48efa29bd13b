import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { getInstructionPreview } from '@server/instructions/get-instruction-preview.ts';
import { regenerateInstructionLink } from '@server/instructions/regenerate-instruction-link.ts';
import { messages } from '@shared/messages.ts';

/**
 * GET /api/instruction/preview/:token (public, listed in auth/public-routes.ts): the guest view's
 * data. Not cached (docs/product.md §9); the token must not leak through Referer (docs/security.md 15).
 */
export const GET = handle(async (context: APIContext) => {
  const instruction = await getInstructionPreview({ token: context.params.token ?? '' });
  return json(instruction, 200, { 'referrer-policy': 'no-referrer' });
});

/** PATCH /api/instruction/preview/:token: a new link for the owner; the old one stops at once. */
export const PATCH = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.relink');
  const instruction = await regenerateInstructionLink({ access, token: context.params.token ?? '' });
  return json({ message: messages.instruction.linkUpdated, instruction });
});

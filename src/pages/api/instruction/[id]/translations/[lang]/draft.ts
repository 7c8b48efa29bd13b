import type { APIContext } from 'astro';
import { z } from 'zod';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { draftTranslations } from '@server/translate/draft-translations.ts';
import { instructionContentSchema } from '@shared/schemas/instruction.ts';

const draftBodySchema = z.object({ content: instructionContentSchema });

/**
 * POST /api/instruction/:id/translations/:lang/draft `{ content }` (owner only): machine drafts of
 * the empty or out-of-date fields of `lang`, from the editor's content as sent.
 * → `{ drafts: { [key]: { text, source, machine: true } }, failed: [{ key, label, message }] }`;
 * 404 when machine translation is off or the guidebook is someone else's, 429 past the host's limit.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.edit', context.params.id ?? '');
  const { content } = await readBody(context.request, draftBodySchema);
  return json(await draftTranslations({ access, id: context.params.id ?? '', language: context.params.lang ?? '', content }));
});

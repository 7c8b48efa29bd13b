import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { applySettingsToInstructions } from '@server/settings/apply-settings-to-instructions.ts';
import { messages } from '@shared/messages.ts';
import { updateExistingSchema } from '@shared/schemas/settings.ts';

/**
 * PUT /api/settings/updateExistingInstructions: the "Apply to existing guidebooks" toggles.
 * Answers `{ message, updated, batchId, summary }`; `batchId` undoes it (POST /api/settings/undo-apply).
 */
export const PUT = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'settings.apply');
  const { dataSettings, applyToExistingInstruction, clearEmptyFields } = await readBody(context.request, updateExistingSchema);
  const result = await applySettingsToInstructions({ access, settings: dataSettings, flags: applyToExistingInstruction, clearEmptyFields });
  return json({ message: messages.settings.updated, updated: result.updated, batchId: result.batchId, summary: result.summary });
});

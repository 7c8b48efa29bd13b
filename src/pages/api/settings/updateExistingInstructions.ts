import type { APIContext } from 'astro';
import { requireUser } from '../../../lib/server/auth/require-user.ts';
import { handle, json, readBody } from '../../../lib/server/http/json.ts';
import { applySettingsToInstructions } from '../../../lib/server/settings/apply-settings-to-instructions.ts';
import { messages } from '../../../lib/shared/messages.ts';
import { updateExistingSchema } from '../../../lib/shared/schemas/settings.ts';

/** PUT /api/settings/updateExistingInstructions: the "Apply to existing instructions" toggles (SPEC §2). */
export const PUT = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { dataSettings, applyToExistingInstruction } = await readBody(context.request, updateExistingSchema);
  const { updated } = await applySettingsToInstructions({ userId: user.id, settings: dataSettings, flags: applyToExistingInstruction });
  return json({ message: messages.settings.updated, updated });
});

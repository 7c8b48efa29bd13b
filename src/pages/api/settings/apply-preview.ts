import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { previewApplySettings } from '@server/settings/apply-settings-to-instructions.ts';
import { updateExistingSchema } from '@shared/schemas/settings.ts';

/** POST /api/settings/apply-preview: what "Apply to existing" with this body would change (`ApplyPreview`); writes nothing. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'settings.apply');
  const { dataSettings, applyToExistingInstruction, clearEmptyFields } = await readBody(context.request, updateExistingSchema);
  return json(await previewApplySettings({ access, settings: dataSettings, flags: applyToExistingInstruction, clearEmptyFields }));
});

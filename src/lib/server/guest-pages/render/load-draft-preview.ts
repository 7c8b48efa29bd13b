import type { GuestInstruction } from '@shared/schemas/instruction.ts';
import { instructionContentSchema } from '@shared/schemas/instruction.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { getTeamPlan } from '../../account/team-plan.ts';
import { isAppError } from '../../http/app-error.ts';
import { JSON_BODY_LIMIT } from '../../http/json.ts';
import { cleanInstructionContent } from '../../instructions/clean-instruction-content.ts';
import { findTeamGuidebook } from '../../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { gatedSecretsOf, publicContent } from '../../guidebook/guest-secrets.ts';
import type { GuestView } from './load-guest-view.ts';
import { toGuestPage } from './load-guest-page.ts';

/**
 * The editor's Preview: the real guest page, drawn from the host's unsaved
 * document (`draft`, the editor's form as JSON) or, without one, from the saved guidebook. The
 * same components as the guest link, the same public view of the secrets (a gated guidebook shows
 * what its public link shows), never stored as a snapshot. The team's only: another's id is 404.
 */
export async function loadDraftPreview({ access, id, draft }: { access: TeamScope; id: string; draft: string | null }): Promise<GuestView> {
  try {
    const row = await findTeamGuidebook({ access, id });
    let content = parseStoredContent(row.data);
    if (draft !== null) {
      if (draft.length > JSON_BODY_LIMIT) return { kind: 'error', status: 413, message: 'This guidebook is too large to preview.' };
      let value: unknown;
      try {
        value = JSON.parse(draft);
      } catch {
        return { kind: 'error', status: 400, message: 'The preview could not read the guidebook.' };
      }
      const parsed = instructionContentSchema.safeParse(value);
      if (!parsed.success) return { kind: 'error', status: 400, message: parsed.error.issues[0]?.message ?? 'The preview could not read the guidebook.' };
      content = cleanInstructionContent({ content: parsed.data, teamId: access.teamId });
    }
    const premium = (await getTeamPlan(access.teamId)) === 'premium';
    const shown = publicContent(content);
    const instruction: GuestInstruction = { ...shown, brandingTitle: premium ? shown.brandingTitle : '', token: row.token, user: access.teamId, premium, gatedSecrets: gatedSecretsOf(content) };
    const { config } = await getRuntime();
    const page = await toGuestPage(instruction, config.appUrl, config.mediaPublicUrl);
    return { kind: 'page', page: { ...page, expiresAt: null, source: null, captchaSiteKey: null, machineWritten: false } };
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { kind: 'not-found' };
    if (isAppError(error)) return { kind: 'error', status: error.status, message: error.message };
    throw error;
  }
}

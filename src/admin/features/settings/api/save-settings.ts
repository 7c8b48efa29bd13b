import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyFlags, Settings } from '@shared/schemas/settings.ts';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys } from './get-settings.ts';

export interface SaveSettingsInput {
  settings: Settings;
  /** SPEC §3: which sections are also copied into every existing guidebook. */
  apply: ApplyFlags;
}

export interface SaveSettingsResult {
  /** How many guidebooks took the chosen sections; null when none was chosen. */
  updated: number | null;
}

/**
 * SPEC §7: PUT /api/settings with the fields, then, when any "Apply to existing instructions"
 * toggle is on, PUT /api/settings/updateExistingInstructions `{ dataSettings,
 * applyToExistingInstruction }`.
 */
export async function saveSettings({ settings, apply }: SaveSettingsInput): Promise<SaveSettingsResult> {
  await api.put<unknown>('/api/settings', settings);
  if (!Object.values(apply).some(Boolean)) return { updated: null };
  const answer = await api.put<{ updated?: unknown }>('/api/settings/updateExistingInstructions', {
    dataSettings: settings,
    applyToExistingInstruction: apply,
  });
  return { updated: typeof answer?.updated === 'number' ? answer.updated : null };
}

/**
 * The instruction list's query key root (features/instructions/api/get-instructions.ts). Named
 * here rather than imported: features do not import each other (STYLE.md), and applying settings
 * to existing guidebooks changes what that list would show.
 */
const INSTRUCTIONS_KEY = ['instructions'] as const;

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSettled: async (_data, _error, { apply }) => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      if (Object.values(apply).some(Boolean)) await queryClient.invalidateQueries({ queryKey: INSTRUCTIONS_KEY });
    },
  });
}

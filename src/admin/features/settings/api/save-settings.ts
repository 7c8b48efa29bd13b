import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyFlags, ApplyPreview, Settings } from '@shared/schemas/settings.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface SaveSettingsInput {
  settings: Settings;
  /** docs/product.md §3: which sections are also copied into every existing guidebook. */
  apply: ApplyFlags;
  /** Let an empty default clear a filled field in the guidebooks (the dialog's checkbox). */
  clearEmptyFields?: boolean;
}

export interface SaveSettingsResult {
  /** How many guidebooks took the chosen sections; null when none was chosen. */
  updated: number | null;
  /** Undoes the apply (`undoApply`); null when nothing changed. */
  batchId: string | null;
}

export function applies(apply: ApplyFlags): boolean {
  return Object.values(apply).some(Boolean);
}

/**
 * docs/product.md §7: PUT /api/settings with the fields, then, when any "Apply to existing guidebooks"
 * toggle is on, PUT /api/settings/updateExistingInstructions `{ dataSettings,
 * applyToExistingInstruction, clearEmptyFields }`.
 */
export async function saveSettings({ settings, apply, clearEmptyFields = false }: SaveSettingsInput): Promise<SaveSettingsResult> {
  await api.put<unknown>('/api/settings', settings);
  if (!applies(apply)) return { updated: null, batchId: null };
  const answer = await api.put<{ updated?: unknown; batchId?: unknown }>('/api/settings/updateExistingInstructions', {
    dataSettings: settings,
    applyToExistingInstruction: apply,
    clearEmptyFields,
  });
  return { updated: typeof answer?.updated === 'number' ? answer.updated : null, batchId: typeof answer?.batchId === 'string' ? answer.batchId : null };
}

/** POST /api/settings/apply-preview: what the apply would change, before the host says yes. */
export function previewApply({ settings, apply, clearEmptyFields = false }: SaveSettingsInput): Promise<ApplyPreview> {
  return api.post<ApplyPreview>('/api/settings/apply-preview', { dataSettings: settings, applyToExistingInstruction: apply, clearEmptyFields });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSettled: async (_data, _error, { apply }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.settings.all() });
      // Applied to existing guidebooks: what the list and the trash show may have changed.
      if (applies(apply)) await queryClient.invalidateQueries({ queryKey: queryKeys.instructions.lists() });
    },
  });
}

/** POST /api/settings/undo-apply: takes one apply back in every guidebook it changed. */
export function useUndoApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => api.post<{ message: string; restored: number }>('/api/settings/undo-apply', { batchId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.instructions.lists() }),
  });
}

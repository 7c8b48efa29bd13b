import { useMutation } from '@tanstack/react-query';
import type { Instruction, Translation } from '@shared/schemas/instruction.ts';
import { api } from '../../../lib/api-client.ts';

export interface DraftAnswer {
  drafts: Record<string, Translation>;
  failed: { key: string; label: string; message: string }[];
}

/**
 * POST /api/instruction/:id/translations/:lang/draft with the form as it is
 * (docs/product/machine-translation.md): the server drafts the empty and out-of-date fields from
 * what it is sent, stores nothing, and answers the drafts and the fields it could not draft.
 */
export function draftTranslations({ form, language }: { form: Instruction; language: string }): Promise<DraftAnswer> {
  const { _id, version: _version, ...content } = form;
  return api.post<DraftAnswer>(`/api/instruction/${encodeURIComponent(_id)}/translations/${encodeURIComponent(language)}/draft`, { content });
}

export function useDraftTranslations() {
  return useMutation({ mutationFn: draftTranslations });
}

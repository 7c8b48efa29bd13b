import { createContext, useContext } from 'react';
import type { Instruction } from '@shared/schemas/instruction.ts';

export interface EditorContextValue {
  /** docs/product.md §4 Instruction access: a paid-plan guidebook without a plan is shown, not edited. */
  readOnly: boolean;
  /** Premium-only panels (branding title, themes) are usable. */
  premium: boolean;
  /** Says something to screen readers through the editor's live region. */
  announce: (text: string) => void;
  /** The guidebook as the server last answered it (the form's starting point), or null. */
  saved: Instruction | null;
}

export const EditorContext = createContext<EditorContextValue>({ readOnly: false, premium: false, announce: () => {}, saved: null });

export function useEditorContext(): EditorContextValue {
  return useContext(EditorContext);
}

import { createContext, useContext } from 'react';

export interface EditorContextValue {
  /** SPEC §4 Instruction access: a paid-plan guidebook without a plan is shown, not edited. */
  readOnly: boolean;
  /** Premium-only panels (branding title, themes) are usable. */
  premium: boolean;
  /** Says something to screen readers through the editor's live region. */
  announce: (text: string) => void;
}

export const EditorContext = createContext<EditorContextValue>({ readOnly: false, premium: false, announce: () => {} });

export function useEditorContext(): EditorContextValue {
  return useContext(EditorContext);
}

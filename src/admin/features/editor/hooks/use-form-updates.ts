import { useMemo, type Dispatch, type SetStateAction } from 'react';
import type { GuidebookLanguage } from '@shared/languages.ts';
import type { Box, Extra, Instruction, ManualBox, Place, Translations } from '@shared/schemas/instruction.ts';

/**
 * The ways the form's sections change it, each from the form's latest state (drag moves arrive
 * faster than renders) and stable across renders, so memoised sections do not redraw.
 */
export function useFormUpdates(setForm: Dispatch<SetStateAction<Instruction>>) {
  return useMemo(
    () => ({
      patch: (change: Partial<Instruction>) => setForm((current) => ({ ...current, ...change })),
      updateBoxes: (change: (boxes: Box[]) => Box[]) => setForm((current) => ({ ...current, boxes: change(current.boxes) })),
      updateManualBoxes: (change: (boxes: ManualBox[]) => ManualBox[]) => setForm((current) => ({ ...current, manualBoxes: change(current.manualBoxes) })),
      updatePlaces: (change: (places: Place[]) => Place[]) => setForm((current) => ({ ...current, places: change(current.places) })),
      updateExtras: (change: (extras: Extra[]) => Extra[]) => setForm((current) => ({ ...current, extras: change(current.extras) })),
      setTranslations: (change: (form: Instruction) => Translations) => setForm((current) => ({ ...current, translations: change(current) })),
      setLanguage: (language: GuidebookLanguage) => setForm((current) => ({ ...current, language })),
    }),
    [setForm],
  );
}

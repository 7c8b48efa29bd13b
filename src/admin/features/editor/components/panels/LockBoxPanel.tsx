import { LockKeyhole } from 'lucide-react';
import { MAX_TEXT } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { bindText, type SectionProps } from '../../model/editor-form.ts';
import { MARKERS } from '../../../../components/rich-text/markers.ts';
import { Section } from '../common/Section.tsx';
import { useCan } from '../../../../lib/team-role.ts';
import { LOCK_ROLE_NOTE } from './lock-role-note.ts';

/**
 * docs/product.md §2 Editor "LockBox Code": shown to guests wherever a check-in step holds the
 * marker. Read only for an Editor, whose save may not change it (docs/product.md §6 Team roles).
 */
export function LockBoxPanel({ form, patch }: SectionProps) {
  const locks = useCan()('guidebook.lock');
  const hint = `Insert “${MARKERS.lockbox.label}” into a check-in step to show it there.`;
  return (
    <Section id="lock-box" title="Lock-box code" icon={LockKeyhole} compact>
      <TextField {...bindText({ form, patch }, 'code')} label="Code" autoComplete="off" spellCheck={false} maxLength={MAX_TEXT} readOnly={!locks} inputClassName={locks ? undefined : 'bg-canvas'} hint={locks ? hint : `${hint} ${LOCK_ROLE_NOTE}`} />
    </Section>
  );
}

import { LockKeyhole } from 'lucide-react';
import { MAX_TEXT } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { bindText, type SectionProps } from '../../model/editor-form.ts';
import { MARKERS } from '../../../../components/rich-text/markers.ts';
import { Section } from '../common/Section.tsx';

/** docs/product.md §2 Editor "LockBox Code": shown to guests wherever a check-in step holds the marker. */
export function LockBoxPanel({ form, patch }: SectionProps) {
  return (
    <Section id="lock-box" title="Lock-box code" icon={LockKeyhole} compact>
      <TextField {...bindText({ form, patch }, 'code')} label="Code" autoComplete="off" spellCheck={false} maxLength={MAX_TEXT} hint={`Insert “${MARKERS.lockbox.label}” into a check-in step to show it there.`} />
    </Section>
  );
}

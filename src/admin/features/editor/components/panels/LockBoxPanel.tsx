import { LockKeyhole } from 'lucide-react';
import { MAX_TEXT } from '../../../../../lib/shared/schemas/instruction.ts';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { MARKER_LABELS } from '../rich-text/marker-nodes.ts';
import { Section } from '../common/Section.tsx';

/** SPEC §2 Editor "LockBox Code": shown to guests wherever a check-in step holds the marker. */
export function LockBoxPanel({ form, patch }: SectionProps) {
  return (
    <Section id="lock-box" title="Lock-box code" icon={LockKeyhole} compact>
      <TextField
        id={fieldId('code')}
        label="Code"
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_TEXT}
        value={form.code}
        hint={`Insert “${MARKER_LABELS.lockbox}” into a check-in step to show it there.`}
        onChange={(event) => patch({ code: event.target.value })}
      />
    </Section>
  );
}

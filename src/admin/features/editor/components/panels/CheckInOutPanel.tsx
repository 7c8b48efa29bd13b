import { Clock } from 'lucide-react';
import { CheckInOutFields } from '../../../../components/ui/CheckInOutFields.tsx';
import type { SectionProps } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';

/**
 * The property's usual check-in and check-out times and what guests do before leaving: the guest
 * page's header and its Check-out section, the house rule "Respect check-in/out", and the times a
 * new stay starts from. Times are where the property is (the time zone under Guest access).
 */
export function CheckInOutPanel({ form, patch }: SectionProps) {
  const { readOnly } = useEditorContext();
  return (
    <Section id="check-in-out" title="Check-in and check-out" icon={Clock} compact description="Your usual times, and the list guests follow before leaving.">
      <CheckInOutFields idPrefix="editor" value={form} onChange={patch} readOnly={readOnly} />
    </Section>
  );
}

import { Signpost } from 'lucide-react';
import { MAX_URL } from '../../../../../lib/shared/schemas/instruction.ts';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { Section } from '../common/Section.tsx';

const LINKS = [
  { key: 'taxiLink', label: 'Taxi', placeholder: 'https://…' },
  { key: 'rentCarLink', label: 'Rent a car', placeholder: 'https://…' },
  { key: 'foodLink', label: 'Order food', placeholder: 'https://…' },
  { key: 'parkingLink', label: 'Parking', placeholder: 'https://maps.app.goo.gl/…' },
] as const;

/** SPEC §2 Editor "Redirection links": the quick-link buttons at the top of the guest page. */
export function RedirectionPanel({ form, patch }: SectionProps) {
  return (
    <Section id="links" title="Redirection links" icon={Signpost} compact description="Buttons at the top of the guest page.">
      <div className="grid gap-3">
        {LINKS.map(({ key, label, placeholder }) => (
          <TextField
            key={key}
            id={fieldId(key)}
            label={label}
            type="url"
            inputMode="url"
            placeholder={placeholder}
            maxLength={MAX_URL}
            value={form[key]}
            onChange={(event) => patch({ [key]: event.target.value })}
          />
        ))}
      </div>
    </Section>
  );
}

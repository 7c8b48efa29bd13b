import { Phone } from 'lucide-react';
import { MAX_PHONE } from '../../../../../lib/shared/schemas/instruction.ts';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { LinkFields, type LinkFieldSpec } from '../common/LinkFields.tsx';
import { Section } from '../common/Section.tsx';

/** Labels say what hosts type; each field shows the link it becomes (contact-links.ts). */
const LINKS: readonly LinkFieldSpec[] = [
  { key: 'whatsapp', label: 'WhatsApp number', placeholder: '+385 91 555 0101' },
  { key: 'viber', label: 'Viber number', placeholder: '+385 91 555 0101' },
  { key: 'telegram', label: 'Telegram username', placeholder: '@yourname' },
  { key: 'facebook', label: 'Facebook page', placeholder: 'yourpage' },
  { key: 'instagram', label: 'Instagram handle', placeholder: '@yourname' },
];

/** SPEC §2 Editor "contact information": how guests reach the host. */
export function ContactSection({ form, patch }: SectionProps) {
  return (
    <Section id="contact" title="Contact information" icon={Phone} description="Guests see these on the “Need Help?” part of the guidebook. Leave out what you do not use.">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={fieldId('phone')}
          label="Phone (with country code)"
          type="tel"
          autoComplete="tel"
          placeholder="+385 91 555 0101"
          maxLength={MAX_PHONE}
          value={form.phone}
          onChange={(event) => patch({ phone: event.target.value })}
        />
        <LinkFields links={LINKS} form={form} patch={patch} />
      </div>
    </Section>
  );
}

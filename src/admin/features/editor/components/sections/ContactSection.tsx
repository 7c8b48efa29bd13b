import { Phone } from 'lucide-react';
import { MAX_PHONE } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { bindText, type SectionProps } from '../../model/editor-form.ts';
import { CONTACT_KINDS } from '@shared/contact-links.ts';
import { LinkFields } from '../common/LinkFields.tsx';
import { Section } from '../common/Section.tsx';

/** docs/product.md §2 Editor "contact information": how guests reach the host. */
export function ContactSection({ form, patch }: SectionProps) {
  return (
    <Section id="contact" title="Contact information" icon={Phone} description="Guests see these on the “Need Help?” part of the guidebook. Leave out what you do not use.">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...bindText({ form, patch }, 'phone')} label="Phone (with country code)" type="tel" autoComplete="tel" placeholder="+385 91 555 0101" maxLength={MAX_PHONE} />
        {/* Each channel shows the link it becomes (contact-links.ts). */}
        <LinkFields links={CONTACT_KINDS} form={form} patch={patch} />
      </div>
    </Section>
  );
}

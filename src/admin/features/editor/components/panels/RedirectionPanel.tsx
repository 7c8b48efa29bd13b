import { Signpost } from 'lucide-react';
import type { SectionProps } from '../../model/editor-form.ts';
import { LinkFields, type LinkFieldSpec } from '../common/LinkFields.tsx';
import { Section } from '../common/Section.tsx';

const LINKS: readonly LinkFieldSpec[] = [
  { key: 'taxiLink', label: 'Taxi', placeholder: 'https://…' },
  { key: 'rentCarLink', label: 'Rent a car', placeholder: 'https://…' },
  { key: 'foodLink', label: 'Order food', placeholder: 'https://…' },
  { key: 'parkingLink', label: 'Parking', placeholder: 'https://maps.app.goo.gl/…' },
];

/** docs/product.md §2 Editor "Redirection links": the quick-link buttons at the top of the guest page. */
export function RedirectionPanel({ form, patch }: SectionProps) {
  return (
    <Section id="links" title="Redirection links" icon={Signpost} compact description="Buttons at the top of the guest page.">
      <div className="grid gap-3">
        <LinkFields links={LINKS} form={form} patch={patch} />
      </div>
    </Section>
  );
}

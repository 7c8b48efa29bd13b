import type { ContactKind } from '@shared/contact-links.ts';
import { MAX_URL } from '@shared/schemas/instruction.ts';
import { ContactLinkField } from '../../../../components/ui/ContactLinkField.tsx';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { bindText, fieldId, type SectionProps } from '../../model/editor-form.ts';

type QuickLinkKey = 'taxiLink' | 'rentCarLink' | 'foodLink' | 'parkingLink';

/** A quick link's field; a contact channel's field says its own label (ContactLinkField). */
export type LinkFieldSpec = ContactKind | { key: QuickLinkKey; label: string; placeholder: string };

/**
 * One field per link of the guidebook, in the given order: a URL field for the quick links; the
 * contact channels take what hosts type (a number, a handle) and show the link it becomes.
 */
export function LinkFields({ links, form, patch }: SectionProps & { links: readonly LinkFieldSpec[] }) {
  return links.map((link) =>
    typeof link === 'string' ? (
      <ContactLinkField key={link} id={fieldId(link)} kind={link} value={form[link]} onChange={(value) => patch({ [link]: value })} />
    ) : (
      <TextField key={link.key} {...bindText({ form, patch }, link.key)} label={link.label} type="url" inputMode="url" placeholder={link.placeholder} maxLength={MAX_URL} />
    ),
  );
}

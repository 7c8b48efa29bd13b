import { isContactKind } from '../../../../../lib/shared/contact-links.ts';
import { MAX_URL } from '../../../../../lib/shared/schemas/instruction.ts';
import { ContactLinkField } from '../../../../components/ui/ContactLinkField.tsx';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';

type LinkKey = 'whatsapp' | 'viber' | 'telegram' | 'facebook' | 'instagram' | 'taxiLink' | 'rentCarLink' | 'foodLink' | 'parkingLink';

export interface LinkFieldSpec {
  key: LinkKey;
  label: string;
  placeholder: string;
}

/**
 * One field per link of the guidebook, in the given order: a URL field for the quick links; the
 * contact channels take what hosts type (a number, a handle) and show the link it becomes.
 */
export function LinkFields({ links, form, patch }: SectionProps & { links: readonly LinkFieldSpec[] }) {
  return links.map(({ key, label, placeholder }) =>
    isContactKind(key) ? (
      <ContactLinkField key={key} id={fieldId(key)} kind={key} label={label} placeholder={placeholder} value={form[key]} onChange={(value) => patch({ [key]: value })} />
    ) : (
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
    ),
  );
}

import { MAX_URL } from '../../../../../lib/shared/schemas/instruction.ts';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';

type LinkKey = 'whatsapp' | 'viber' | 'telegram' | 'facebook' | 'instagram' | 'taxiLink' | 'rentCarLink' | 'foodLink' | 'parkingLink';

export interface LinkFieldSpec {
  key: LinkKey;
  label: string;
  placeholder: string;
}

/** One URL field per link of the guidebook (contact channels, quick links), in the given order. */
export function LinkFields({ links, form, patch }: SectionProps & { links: readonly LinkFieldSpec[] }) {
  return links.map(({ key, label, placeholder }) => (
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
  ));
}

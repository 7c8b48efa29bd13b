import { ImageIcon } from 'lucide-react';
import { ImageUploadField } from '../../../../components/ui/ImageUploadField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';

/** The cover photo: the photo at the top of the guest page, also the picture of the dashboard card. */
export function CoverPhotoPanel({ form, patch }: SectionProps) {
  const { readOnly } = useEditorContext();
  return (
    <Section id="cover" title="Cover photo" icon={ImageIcon} compact description="At the top of your guest page and on your guidebook’s card.">
      <ImageUploadField id={fieldId('coverImage')} label="Cover photo" value={form.coverImage} shape="rectangle" disabled={readOnly} onChange={(coverImage) => patch({ coverImage })} />
    </Section>
  );
}

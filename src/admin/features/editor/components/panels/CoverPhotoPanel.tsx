import { ImageIcon } from 'lucide-react';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { ImageUploadField } from '../common/ImageUploadField.tsx';
import { Section } from '../common/Section.tsx';

/** The cover photo: the photo at the top of the guest page, also the picture of the dashboard card. */
export function CoverPhotoPanel({ form, patch }: SectionProps) {
  return (
    <Section id="cover" title="Cover photo" icon={ImageIcon} compact description="At the top of your guest page and on your guidebook’s card.">
      <ImageUploadField id={fieldId('coverImage')} label="Cover photo" value={form.coverImage} shape="rectangle" onChange={(coverImage) => patch({ coverImage })} />
    </Section>
  );
}

import { HandHeart } from 'lucide-react';
import { MAX_TEXT } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { ImageUploadField } from '../../../../components/ui/ImageUploadField.tsx';
import { Section } from '../common/Section.tsx';
import { RichTextField } from '../../../../components/rich-text/RichTextField.tsx';

/** docs/product.md §2 Editor "welcome message": the host's words, photo and name. */
export function WelcomeSection({ form, patch }: SectionProps) {
  const { readOnly } = useEditorContext();
  return (
    <Section id="welcome" title="Welcome message" icon={HandHeart} description="A few warm words from you, with your photo and name.">
      <div className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
          <div>
            <span className="field-label">Host photo</span>
            <ImageUploadField id={fieldId('photoGreating')} label="Host photo" value={form.photoGreating} shape="square" round disabled={readOnly} onChange={(photoGreating) => patch({ photoGreating })} />
          </div>
          <TextField id={fieldId('hostName')} label="Host name" autoComplete="name" maxLength={MAX_TEXT} value={form.hostName} onChange={(event) => patch({ hostName: event.target.value })} />
        </div>
        <RichTextField id={fieldId('textGreating')} label="Message" value={form.textGreating} readOnly={readOnly} onChange={(textGreating) => patch({ textGreating })} />
      </div>
    </Section>
  );
}

import { MAX_TEXT } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { ImageUploadField } from '../../../../components/ui/ImageUploadField.tsx';
import { RichTextField } from '../../../../components/rich-text/RichTextField.tsx';
import { SortableCard } from '../../../../components/sortable/SortableCard.tsx';
import type { CardControls } from '../../../../components/sortable/SortableList.tsx';
import { fieldId, type Step } from '../../model/editor-form.ts';
import type { StepListConfig } from './step-lists.ts';

interface Props<T extends Step> {
  config: StepListConfig;
  step: T;
  card: CardControls<T>;
}

/** One check-in step or piece of additional info: title (check-in steps), text with markers, image. */
export function StepCard<T extends Step>({ config, step, card }: Props<T>) {
  const { change, ...controls } = card;
  const name = `${config.noun} ${card.index + 1}`;
  const set = (patch: Partial<Step>) => change((current) => ({ ...current, ...patch }));

  return (
    <SortableCard
      {...controls}
      id={step.id}
      name={name}
      title={'title' in step ? step.title : ''}
      headingId={`${fieldId(config.key, step.id)}-name`}
      firstFieldId={fieldId(config.key, step.id, config.withTitle ? 'title' : 'paragraph')}
    >
      {'title' in step ? (
        <TextField id={fieldId(config.key, step.id, 'title')} label="Title" value={step.title} maxLength={MAX_TEXT} onChange={(event) => set({ title: event.target.value })} />
      ) : null}
      <RichTextField
        id={fieldId(config.key, step.id, 'paragraph')}
        label={config.withTitle ? 'Instructions' : 'Text'}
        value={step.paragraph}
        markers={config.markers}
        readOnly={card.readOnly}
        onChange={(paragraph) => set({ paragraph })}
      />
      <div>
        <span className="field-label">Image</span>
        <ImageUploadField id={fieldId(config.key, step.id, 'imageUrl')} label={`Image of ${name}`} value={step.imageUrl} shape={config.shape} disabled={card.readOnly} onChange={(imageUrl) => set({ imageUrl })} />
      </div>
    </SortableCard>
  );
}

import { SortableList } from '../../../../components/sortable/SortableList.tsx';
import type { Step } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';
import { StepCard } from './StepCard.tsx';
import type { StepListConfig } from './step-lists.ts';

interface Props<T extends Step> {
  config: StepListConfig;
  steps: readonly T[];
  /** Changes the list from its latest state (drag moves arrive faster than renders). */
  update: (change: (steps: T[]) => T[]) => void;
  createStep: (existing: readonly T[]) => T;
}

/** One list of steps (docs/product.md §2, §4 Editor), ordered and edited as a SortableList. */
export function StepsSection<T extends Step>({ config, steps, update, createStep }: Props<T>) {
  const { readOnly, announce } = useEditorContext();
  return (
    <Section
      id={config.sectionId}
      title={config.title}
      icon={config.icon}
      description={config.description}
      aside={<span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold text-muted">{steps.length}</span>}
    >
      <SortableList
        items={steps}
        update={update}
        noun={config.noun}
        label={config.title}
        dragType={config.dragType}
        max={config.max}
        readOnly={readOnly}
        announce={announce}
        create={(existing) => createStep(existing)}
        addLabel={config.addLabel}
        fullText={`A guidebook holds at most ${config.max} of these.`}
        empty={() => <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">{config.empty}</p>}
        renderItem={(step, card) => <StepCard config={config} step={step} card={card} />}
      />
    </Section>
  );
}

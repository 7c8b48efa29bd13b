import type { Step } from '../../model/editor-form.ts';
import { renderRichText, type MarkerValues } from '../../model/render-rich-text.ts';

interface Props {
  title: string;
  steps: readonly Step[];
  values: MarkerValues;
}

/** Numbered boxes of the guest page: image, title and text with the markers filled in. */
export function PreviewSteps({ title, steps, values }: Props) {
  if (steps.length === 0) return null;
  return (
    <section>
      <h3 className="pv-title px-1">{title}</h3>
      <ol className="grid gap-4">
        {steps.map((step, index) => (
          <li key={step.id} className="pv-card">
            <div className="flex items-start gap-3">
              <span className="pv-number">{index + 1}</span>
              <div className="min-w-0 flex-1">
                {'title' in step && step.title ? <p className="mb-1 font-semibold">{step.title}</p> : null}
                {step.imageUrl ? <img src={step.imageUrl} alt="" className="mb-2 w-full rounded-xl object-cover" /> : null}
                <div className="pv-rich" dangerouslySetInnerHTML={{ __html: renderRichText(step.paragraph, values) }} />
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

import { Eye } from 'lucide-react';
import { GuestPageLink } from '../../../../components/sharing/GuestPageLink.tsx';
import type { Instruction } from '@shared/schemas/instruction.ts';
import { GuidebookPreview } from './GuidebookPreview.tsx';

/** The Preview side of the Edit/Preview toggle: what guests will see, unsaved changes included. */
export function PreviewPane({ form, premium }: { form: Instruction; premium: boolean }) {
  return (
    <section aria-labelledby="preview-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface px-4 py-3">
        <div className="flex min-w-0 items-start gap-2.5">
          <Eye className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id="preview-title" className="font-semibold text-ink">
              Preview
            </h2>
            <p className="text-sm text-muted">
              {premium ? 'Your guidebook as guests will see it, unsaved changes included.' : 'Your guidebook as guests will see it. On your plan it carries the Porchlight title and the dark theme.'}
            </p>
          </div>
        </div>
        {form.token ? (
          <GuestPageLink token={form.token} className="btn-secondary px-4 py-2" />
        ) : null}
      </div>
      <GuidebookPreview form={form} premium={premium} />
    </section>
  );
}

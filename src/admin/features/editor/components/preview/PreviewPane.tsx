import { Eye } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { GuestPageLink } from '../../../../components/sharing/GuestPageLink.tsx';
import type { Instruction } from '@shared/schemas/instruction.ts';

/** How long the preview waits after the last keystroke before drawing the page again. */
const REDRAW_MS = 400;

/**
 * The Preview side of the Edit/Preview toggle: the real guest page, rendered by
 * the server from the form as it is now (unsaved changes included) and shown at phone width. The
 * form posts the document to /dashboard/preview/:id into the frame, so the page comes with its
 * own CSP and islands (copy, map, the gated door code), exactly as guests get it; nothing is
 * stored.
 */
export function PreviewPane({ form, premium, title }: { form: Instruction; premium: boolean; /** Set for a saved version shown in the History. */ title?: string }) {
  const id = useId().replace(/[^\w-]/g, '');
  const frameName = `guest-preview-${id}`;
  const titleId = `preview-title-${id}`;
  const post = useRef<HTMLFormElement>(null);
  const draft = JSON.stringify(form);
  useEffect(() => {
    const timer = setTimeout(() => post.current?.submit(), REDRAW_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface px-4 py-3">
        <div className="flex min-w-0 items-start gap-2.5">
          <Eye className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-ink">
              {title ?? 'Preview'}
            </h2>
            <p className="text-sm text-muted">
              {title
                ? 'This version as guests would see it today.'
                : premium
                  ? 'Your guidebook as guests will see it, unsaved changes included.'
                  : 'Your guidebook as guests will see it. On your plan it carries the Porchlight title and the dark theme.'}
            </p>
          </div>
        </div>
        {form.token && !title ? <GuestPageLink token={form.token} className="btn-secondary px-4 py-2" /> : null}
      </div>
      <form ref={post} method="post" action={`/dashboard/preview/${encodeURIComponent(form._id)}`} target={frameName} hidden>
        <input type="hidden" name="draft" value={draft} />
      </form>
      <div className="mx-auto w-full max-w-[400px] overflow-hidden rounded-[2rem] border-8 border-ink/85 bg-surface shadow-lg dark:border-white/15">
        <iframe name={frameName} title={title ? `Guest page preview: ${title}` : 'Guest page preview'} src={`/dashboard/preview/${encodeURIComponent(form._id)}`} className="block h-[760px] w-full bg-white" />
      </div>
    </section>
  );
}

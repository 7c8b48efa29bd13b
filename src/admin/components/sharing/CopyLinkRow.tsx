import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState, type Ref } from 'react';
import { copyLink } from '../../lib/guest-link.ts';

/**
 * A link written out in full (wrapped, selected in one click for copying by hand) and its "Copy
 * link" button, which says "Copied" for two seconds after the toast.
 */
export function CopyLinkRow({ link, buttonRef, testId, label = 'Copy link' }: { link: string; buttonRef?: Ref<HTMLButtonElement>; testId?: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    if (await copyLink(link)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2000);
    }
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <p className="min-w-0 flex-1 select-all break-all rounded-xl border border-line bg-canvas px-3 py-2 font-mono text-sm text-ink" data-testid={testId}>
        {link}
      </p>
      <button ref={buttonRef} type="button" className="btn-primary shrink-0" onClick={() => void copy()}>
        {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        {copied ? 'Copied' : label}
      </button>
    </div>
  );
}

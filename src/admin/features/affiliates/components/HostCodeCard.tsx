import { Check } from 'lucide-react';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { HOST_CODE_MAX } from '../api/sample-referrals.ts';

/** docs/product.md §9: the "Saved!" note stays 1.2 s. */
const SAVED_MS = 1200;

/** Host code (max 16, docs/product.md §5) with Save. Sample page: the code is not sent anywhere yet. */
export function HostCodeCard() {
  const id = useId();
  const [code, setCode] = useState('PORCH-HOST');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(true);
  }

  return (
    <form onSubmit={submit} className="card grid gap-3 p-6">
      <label htmlFor={id} className="font-display text-lg font-bold text-ink">
        Your host code
      </label>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-muted">
        New hosts enter it at checkout. Letters and numbers, up to {HOST_CODE_MAX} characters.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          name="hostCode"
          className="field-input max-w-xs flex-1 font-mono uppercase tracking-wider"
          maxLength={HOST_CODE_MAX}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="btn-primary">
          Save
        </button>
        <span role="status" className="inline-flex min-w-20 items-center gap-1.5 text-sm font-semibold text-green-700 dark:text-green-400">
          {saved ? (
            <>
              <Check className="size-4" aria-hidden="true" />
              Saved!
            </>
          ) : null}
        </span>
      </div>
    </form>
  );
}

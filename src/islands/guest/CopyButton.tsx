import GuestIcon from './GuestIcon.tsx';
import { useCopy } from './use-copy.ts';

interface Props {
  /** The element whose text is copied (the password as the page shows it). */
  sourceId: string;
  label: string;
  /** What the status says for 1.5 s after copying ("Password copied"). */
  done: string;
}

/**
 * The guest page's copy button (a React island, hydrated as it nears the view).
 * Drawn from the start so nothing moves when it hydrates; a page without JavaScript hides it
 * (`.js-only`, GuestLayout's <noscript> style) and shows the text alone.
 */
export default function CopyButton({ sourceId, label, done }: Props) {
  const { copied, copy } = useCopy();
  return (
    <div className="copy-row">
      <button
        type="button"
        className="btn js-only"
        onClick={() => {
          const source = document.getElementById(sourceId);
          void copy(source?.textContent ?? '', done, source);
        }}
      >
        <GuestIcon name="copy" size={18} /> {label}
      </button>
      <span className={copied ? 'toast show' : 'toast'} role="status" aria-live="polite">
        {copied}
      </span>
    </div>
  );
}

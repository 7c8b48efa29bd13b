import { ExternalLink, LoaderCircle, Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { messages } from '@shared/messages.ts';
import { isAllowedUrl, MAX_URL } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { resolveAddress, type AddressResult } from '../../lib/resolve-address.ts';

/** `failed` with `pointKept`: the link gave a point, only its address is missing. */
type Status = { state: 'idle' } | { state: 'resolving' } | { state: 'failed'; message: string; pointKept: boolean };

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown, not changed: no lookups either. */
  readOnly: boolean;
  /** Every answer the lookup gives, found or not (a place forgets its old point when the new link has none). */
  onResolved: (result: AddressResult) => void;
  /** The field the address is typed in: a failed lookup offers to go there. */
  addressFieldId?: string | undefined;
}

/** What the host pasted as a link (a bare host reads as https), or null when it is none. */
function asMapLink(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const link = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return isAllowedUrl(link, ['http:', 'https:']) ? link : null;
}

/**
 * A map link the server resolves (docs/product.md §4 Address flow): leaving the field, or "Find
 * address", asks for the point and its written address; a failure ("Could not resolve address",
 * "Address resolution failed") is said in a status region, and the host can still type the
 * address. "Open map" checks the link in a new tab. The property's address and each recommended
 * place use it.
 */
export function MapLinkField({ id, value, onChange, readOnly, onResolved, addressFieldId }: Props) {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const lastResolved = useRef(value.trim());
  const request = useRef(0);
  const mapLink = asMapLink(value);

  async function resolve(force: boolean) {
    const link = asMapLink(value);
    if (!link || readOnly || (!force && link === lastResolved.current)) return;
    lastResolved.current = link;
    const ticket = ++request.current;
    setStatus({ state: 'resolving' });
    const result = await resolveAddress(link);
    // A later link was asked for meanwhile: this answer is stale.
    if (ticket !== request.current) return;
    setStatus(result.ok ? { state: 'idle' } : { state: 'failed', message: result.message, pointKept: result.point !== null });
    onResolved(result);
  }

  function typeAddress() {
    // The field may only now be shown (the property's written address appears with an address).
    requestAnimationFrame(() => (addressFieldId ? document.getElementById(addressFieldId)?.focus() : undefined));
  }

  return (
    <>
      <TextField
        id={id}
        label="Map link"
        type="url"
        inputMode="url"
        placeholder="https://maps.app.goo.gl/…"
        maxLength={MAX_URL}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => void resolve(false)}
      />
      {readOnly ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn-secondary px-4 py-2" disabled={!mapLink || status.state === 'resolving'} onClick={() => void resolve(true)}>
            {status.state === 'resolving' ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Search className="size-4" aria-hidden="true" />}
            Find address
          </button>
          {mapLink ? (
            <a href={mapLink} target="_blank" rel="noopener noreferrer" className="btn-ghost px-3 py-2">
              <ExternalLink className="size-4" aria-hidden="true" />
              Open map
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      )}
      <div role="status" aria-live="polite">
        {status.state === 'resolving' ? <p className="text-sm text-muted">Looking up the address…</p> : null}
        {status.state === 'failed' && !status.pointKept ? (
          <p className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200">{status.message}</p>
        ) : null}
        {status.state === 'failed' && status.pointKept ? (
          // Half a success: the point is there (guests get their walk), the address is the host's to type.
          <div className="grid gap-1 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-400/10 dark:text-amber-100">
            <p className="font-medium">{status.message}</p>
            <p>
              {messages.address.pointKept}{' '}
              {addressFieldId && !readOnly ? (
                <button type="button" className="font-semibold underline underline-offset-2" onClick={typeAddress}>
                  Type the address
                </button>
              ) : null}
            </p>
          </div>
        ) : null}
      </div>
    </>
  );
}

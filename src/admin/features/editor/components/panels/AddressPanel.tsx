import { ExternalLink, LoaderCircle, MapPin, Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { isAllowedUrl, MAX_ADDRESS, MAX_URL } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { resolveAddress } from '../../api/resolve-address.ts';
import { bindText, fieldId, type SectionProps } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';

type Status = { state: 'idle' } | { state: 'resolving' } | { state: 'failed'; message: string };

function asMapLink(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const link = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return isAllowedUrl(link, ['http:', 'https:']) ? link : null;
}

/**
 * docs/product.md §2 Editor "Address", §4 Address flow: a map link is resolved to coordinates and then to a
 * written address, which fills the field below; the field shows once there is an address. A
 * failure ("Could not resolve address", "Address resolution failed") stands where the address
 * would be, and the host can still type it.
 */
export function AddressPanel({ form, patch }: SectionProps) {
  const { readOnly } = useEditorContext();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [typing, setTyping] = useState(false);
  const lastResolved = useRef(form.addressUrl.trim());
  const request = useRef(0);
  const mapLink = asMapLink(form.addressUrl);

  async function resolve(force: boolean) {
    const link = asMapLink(form.addressUrl);
    if (!link || readOnly || (!force && link === lastResolved.current)) return;
    lastResolved.current = link;
    const ticket = ++request.current;
    setStatus({ state: 'resolving' });
    const result = await resolveAddress(link);
    // A later link was asked for meanwhile: this answer is stale.
    if (ticket !== request.current) return;
    if (result.ok) {
      patch({ address: result.address });
      setStatus({ state: 'idle' });
    } else {
      setStatus({ state: 'failed', message: result.message });
    }
  }

  const showAddress = form.address !== '' || typing;

  return (
    <Section id="address" title="Address" icon={MapPin} compact description="Paste the property's map link; the written address follows.">
      <div className="grid gap-3">
        <TextField {...bindText({ form, patch }, 'addressUrl')} label="Map link" type="url" inputMode="url" placeholder="https://maps.app.goo.gl/…" maxLength={MAX_URL} onBlur={() => void resolve(false)} />
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
          {status.state === 'failed' ? (
            <p className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200">{status.message}</p>
          ) : null}
        </div>

        {showAddress ? (
          <div>
            <label htmlFor={fieldId('address')} className="field-label">
              Written address
            </label>
            <textarea
              id={fieldId('address')}
              className="field-input min-h-20 resize-y"
              rows={2}
              maxLength={MAX_ADDRESS}
              // Appears because the host asked to type it: the focus goes there.
              autoFocus={typing}
              value={form.address}
              onChange={(event) => patch({ address: event.target.value.replace(/\r?\n/g, ' ') })}
            />
          </div>
        ) : readOnly ? null : (
          <button type="button" className="justify-self-start text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" onClick={() => setTyping(true)}>
            Type the address yourself
          </button>
        )}
      </div>
    </Section>
  );
}

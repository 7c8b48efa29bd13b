import { Clock, EyeOff } from 'lucide-react';
import { useId, useMemo } from 'react';
import type { Currency } from '@shared/currencies.ts';
import type { Extra } from '@shared/schemas/instruction.ts';
import { priceLabel } from './extra-items.ts';

/** The description as the guest reads it in a short card: its words, without the markup. */
function plainText(html: string): string {
  if (html === '') return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/** The time line of a late check-out or an early check-in ("Check out as late as 13:00"). */
export function extraTimeLine(extra: Pick<Extra, 'kind' | 'lateCheckoutUntil' | 'earlyCheckinFrom'>): string | null {
  if (extra.kind === 'late-checkout') return extra.lateCheckoutUntil ? `Check out as late as ${extra.lateCheckoutUntil}` : 'Check out later';
  if (extra.kind === 'early-checkin') return extra.earlyCheckinFrom ? `Check in from ${extra.earlyCheckinFrom}` : 'Check in earlier';
  return null;
}

/**
 * How the guest's stay page will show this extra (docs/decisions/020-extras-and-the-money-flow.md):
 * photo, title, price or "Free, on request", the time it buys and who confirms it. Calm and small:
 * a check of what the fields add up to, not a second form.
 */
export function ExtraPreview({ extra, currency }: { extra: Extra; currency: Currency }) {
  const labelId = useId();
  const description = useMemo(() => plainText(extra.description), [extra.description]);
  const time = extraTimeLine(extra);
  return (
    <div role="group" aria-labelledby={labelId} className="rounded-xl border border-dashed border-line bg-canvas/60 p-3">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p id={labelId} className="text-xs font-semibold uppercase tracking-wide text-muted">
          Guest preview
        </p>
        {extra.active ? null : (
          <span className="inline-flex items-center gap-1 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800 dark:bg-stone-700 dark:text-stone-100">
            <EyeOff className="size-3.5" aria-hidden="true" />
            Inactive: guests do not see it
          </span>
        )}
      </div>
      {/* Switched off, the card is drawn dashed and its photo grey; its text keeps its contrast. */}
      <div className={`flex gap-3 rounded-xl border border-line bg-surface p-3 ${extra.active ? '' : 'border-dashed'}`}>
        {extra.imageUrl ? <img src={extra.imageUrl} alt="" className={`size-16 shrink-0 rounded-lg object-cover ${extra.active ? '' : 'grayscale'}`} /> : null}
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-3">
            <p className="min-w-0 break-words font-semibold text-ink">{extra.title.trim() || 'Untitled extra'}</p>
            <p className="shrink-0 text-sm font-semibold text-brand-700 dark:text-brand-300">{priceLabel(extra.price, currency)}</p>
          </div>
          {time ? (
            <p className="mt-0.5 flex items-center gap-1 text-sm text-ink">
              <Clock className="size-3.5 shrink-0 text-muted" aria-hidden="true" />
              {time}
            </p>
          ) : null}
          {description ? <p className="mt-0.5 line-clamp-2 break-words text-sm text-muted">{description}</p> : null}
          {extra.kind === 'item' && extra.maxPerStay > 1 ? <p className="mt-0.5 text-sm text-ink">Up to {extra.maxPerStay} per stay</p> : null}
          <p className="mt-1 text-xs text-muted">{extra.approval === 'instant' ? 'Confirmed at once' : 'The host confirms first'}</p>
        </div>
      </div>
    </div>
  );
}

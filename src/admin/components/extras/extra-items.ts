import { CURRENCIES, MIN_CHARGE, formatPrice, type Currency } from '@shared/currencies.ts';
import { MAX_EXTRA_PRICE, type Extra, type ExtraKind } from '@shared/schemas/instruction.ts';
import { newItemId } from '../sortable/list-items.ts';

/** An extra as the editor and Auto-Fill add it: an id like a step's, an item in the host's one currency. */
export function newExtra(existing: readonly Extra[], currency: Currency, start: Partial<Omit<Extra, 'id'>> = {}): Extra {
  return {
    id: newItemId(existing),
    kind: 'item',
    title: '',
    description: '',
    price: 0,
    currency,
    imageUrl: '',
    approval: 'instant',
    active: true,
    lateCheckoutUntil: '',
    earlyCheckinFrom: '',
    maxPerStay: 1,
    ...start,
  };
}

/** What a host picking a kind most likely means: its time, and a title when there is none yet. */
export const KIND_STARTS: Readonly<Record<ExtraKind, { title: string; time: string }>> = {
  'late-checkout': { title: 'Late check-out', time: '13:00' },
  'early-checkin': { title: 'Early check-in', time: '11:00' },
  item: { title: '', time: '' },
};

/** The extra switched to `kind`: only that kind's time is kept (filled in when empty), so the document holds no stale one. */
export function withKind(extra: Extra, kind: ExtraKind): Extra {
  const start = KIND_STARTS[kind];
  // A title that only named the old kind follows the new one; a title the host wrote stays.
  const untouched = extra.title.trim() === '' || extra.title === KIND_STARTS[extra.kind].title;
  return {
    ...extra,
    kind,
    title: untouched ? start.title : extra.title,
    lateCheckoutUntil: kind === 'late-checkout' ? extra.lateCheckoutUntil || start.time : '',
    earlyCheckinFrom: kind === 'early-checkin' ? extra.earlyCheckinFrom || start.time : '',
    maxPerStay: kind === 'item' ? extra.maxPerStay : 1,
  };
}

/** A stored price as the host types it: 2500 → "25", 1250 → "12.50", 0 → "". */
export function priceText(minor: number, currency: Currency): string {
  if (!Number.isFinite(minor) || minor <= 0) return '';
  const decimals = CURRENCIES[currency];
  const whole = Math.floor(minor / 10 ** decimals);
  const fraction = minor % 10 ** decimals;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(decimals, '0')}`;
}

export type ParsedPrice = { ok: true; minor: number } | { ok: false; message: string };

/**
 * What the host typed in major units ("25", "12.50", "12,50") as minor units, with string
 * arithmetic so 0.29 is 29 cents and not 28.999…; empty is 0 (free, on request). More decimals
 * than the currency has is refused rather than rounded: the host would be charged something else.
 */
export function parsePrice(text: string, currency: Currency): ParsedPrice {
  const typed = text.replace(/\s/g, '').replace(',', '.');
  if (typed === '') return { ok: true, minor: 0 };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(typed);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, message: 'Type the price as a number, like 25 or 12.50.' };
  const decimals = CURRENCIES[currency];
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    return { ok: false, message: decimals === 0 ? `A price in ${currency.toUpperCase()} is a whole number.` : `A price in ${currency.toUpperCase()} has at most ${decimals} decimals.` };
  }
  const minor = Number(match[1] || '0') * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  if (minor > MAX_EXTRA_PRICE) return { ok: false, message: 'The price is too high.' };
  return { ok: true, minor };
}

/** "€25", or "Free, on request" (docs/decisions/020-extras-and-the-money-flow.md: a free extra is always a request). */
export function priceLabel(minor: number, currency: Currency): string {
  return Number.isFinite(minor) && minor > 0 ? formatPrice(minor, currency) : 'Free, on request';
}

/** A non-zero price under the smallest card payment, in the server's words. */
export function belowMinimum(minor: number, currency: Currency): string | null {
  return minor > 0 && minor < MIN_CHARGE[currency] ? `A price is free or at least ${formatPrice(MIN_CHARGE[currency], currency)} (the smallest card payment).` : null;
}

/**
 * docs/product.md §2 Affiliate dashboard: the program is under construction and the page shows static sample
 * data. This module stands where the affiliate API's fetchers will go; the figures are those of
 * docs/product.md §9 (17 uses, 85.00 earned, 10% discount).
 */
export const AFFILIATE_RATE = 0.1;
export const REFERRALS_PAGE_SIZE = 10;
export const HOST_CODE_MAX = 16;

export const SAMPLE_STATS = { totalUses: 17, earnedCents: 8500, discountRate: AFFILIATE_RATE } as const;

export interface Referral {
  id: number;
  /** Masked: the referrer never sees who exactly bought. */
  name: string;
  amountCents: number;
  date: string;
  earningsCents: number;
  discountCents: number;
}

const NAMES = ['Anna K.', 'Marko P.', 'Lucia R.', 'Tom B.', 'Ivana S.', 'Pedro M.', 'Sara L.', 'Jonas W.', 'Elena D.', 'Filip N.', 'Maja T.', 'Chris O.', 'Nina V.'];
const AMOUNTS = [500, 1000, 4800, 500, 9600, 1000, 500, 1000, 4800, 500];

function mask(name: string): string {
  return name
    .split(' ')
    .map((part) => `${part[0] ?? ''}${'*'.repeat(Math.max(part.replace('.', '').length - 1, 2))}`)
    .join(' ');
}

/** 25 rows, newest first, one every five days from 28 Dec 2025 back. */
export const SAMPLE_REFERRALS: readonly Referral[] = Array.from({ length: 25 }, (_, index) => {
  const amountCents = AMOUNTS[index % AMOUNTS.length] ?? 500;
  const date = new Date(Date.UTC(2025, 11, 28 - index * 5));
  return {
    id: index + 1,
    name: mask(NAMES[index % NAMES.length] ?? 'Guest'),
    amountCents,
    date: date.toISOString().slice(0, 10),
    earningsCents: Math.round(amountCents * AFFILIATE_RATE),
    discountCents: Math.round(amountCents * AFFILIATE_RATE),
  };
});

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/** "€85.00": affiliate figures always show cents. */
export function formatAmount(cents: number): string {
  return euro.format(cents / 100);
}

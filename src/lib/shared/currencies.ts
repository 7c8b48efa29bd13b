/**
 * The currencies a host may sell extras in (docs/product/extras-and-orders.md): one per host account, chosen
 * once. Each is one Stripe can charge and pay out in, with the number of decimals its minor unit
 * has (a price is stored in minor units: 1250 is €12.50, ¥1250 is ¥1250).
 */
export const CURRENCIES = {
  eur: 2,
  usd: 2,
  gbp: 2,
  chf: 2,
  aud: 2,
  cad: 2,
  nzd: 2,
  sek: 2,
  nok: 2,
  dkk: 2,
  pln: 2,
  czk: 2,
  huf: 2,
  ron: 2,
  bgn: 2,
  sgd: 2,
  hkd: 2,
  mxn: 2,
  brl: 2,
  zar: 2,
  aed: 2,
  thb: 2,
  try: 2,
  ils: 2,
  jpy: 0,
} as const satisfies Record<string, number>;

export type Currency = keyof typeof CURRENCIES;

export const CURRENCY_CODES = Object.keys(CURRENCIES) as [Currency, ...Currency[]];

export const DEFAULT_CURRENCY: Currency = 'eur';

/** The lowest price Stripe charges (about half a euro, in each currency's minor units); a lower non-zero price is refused. */
export const MIN_CHARGE: Readonly<Record<Currency, number>> = {
  eur: 50,
  usd: 50,
  gbp: 30,
  chf: 50,
  aud: 50,
  cad: 50,
  nzd: 50,
  sek: 300,
  nok: 300,
  dkk: 250,
  pln: 200,
  czk: 1500,
  huf: 17500,
  ron: 200,
  bgn: 100,
  sgd: 50,
  hkd: 400,
  mxn: 1000,
  brl: 50,
  zar: 1000,
  aed: 200,
  thb: 1000,
  try: 1500,
  ils: 200,
  jpy: 50,
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** `minor` units of `currency` as the reader's locale writes money ("€12.50", "12,50 €"); 0 is written as such, the caller says "Free". */
export function formatPrice(minor: number, currency: Currency, locale = 'en'): string {
  const decimals = CURRENCIES[currency];
  const amount = minor / 10 ** decimals;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: amount % 1 === 0 ? 0 : decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}

/**
 * A price moved to another currency when the host changes theirs: the same number written in the
 * new one (€25.50 becomes £25.50, or ¥26 where there are no cents), never converted at a rate (the
 * host sets prices, not the market), and raised to the smallest card payment there if it falls
 * below. 0 stays free.
 */
export function repricedAmount(minor: number, from: Currency, to: Currency): number {
  if (minor === 0) return 0;
  const amount = Math.round((minor / 10 ** CURRENCIES[from]) * 10 ** CURRENCIES[to]);
  return Math.max(amount, MIN_CHARGE[to]);
}

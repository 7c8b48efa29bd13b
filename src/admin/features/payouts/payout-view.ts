import type { Currency } from '@shared/currencies.ts';
import { CONNECT_COUNTRIES, type ConnectCountry } from '@shared/payouts.ts';

let names: Intl.DisplayNames | undefined;

/** "Euro (EUR)": the name in the reader's words, the code as it shows on prices and statements. */
export function currencyLabel(currency: Currency): string {
  const code = currency.toUpperCase();
  names ??= new Intl.DisplayNames(['en'], { type: 'currency' });
  const name = names.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** Why Stripe holds card payments back, said for a host (Stripe's `requirements.disabled_reason`). */
export function pausedReason(reason: string | null): string {
  if (!reason) return 'Stripe has paused card payments on your account for now.';
  if (reason.startsWith('requirements.pending') || reason === 'under_review') return 'Stripe is checking the details you gave. This usually takes a day or two.';
  if (reason.startsWith('requirements.')) return 'Stripe needs a few more details before guests can pay by card again. Open your Stripe dashboard to give them.';
  if (reason.startsWith('rejected.')) return 'Stripe has closed this account. Please contact Stripe support.';
  return 'Stripe has paused card payments on your account for now.';
}

/** The platform's share, or null when there is none. */
export function feeText(feePercent: number): string | null {
  if (feePercent <= 0) return null;
  const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(feePercent);
  return `Porchlight keeps ${percent}% of each extra paid online. The rest goes to your Stripe account.`;
}

let regions: Intl.DisplayNames | undefined;

/** The countries a Stripe account can be in, by their names in the reader's words, A to Z. */
export function countryChoices(): { code: ConnectCountry; name: string }[] {
  regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return CONNECT_COUNTRIES.map((code) => ({ code, name: regions!.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The host's likely country: the region of the first browser language that names one Stripe offers ("de-AT" → AT), else none. */
export function guessCountry(languages: readonly string[]): ConnectCountry | '' {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && (CONNECT_COUNTRIES as readonly string[]).includes(region)) return region as ConnectCountry;
    } catch {
      // not a tag Intl reads
    }
  }
  return '';
}

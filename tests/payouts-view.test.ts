// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { payoutStage } from '../src/admin/lib/payouts.ts';
import { countryChoices, feeText, currencyLabel, guessCountry, pausedReason } from '../src/admin/features/payouts/payout-view.ts';
import type { PayoutState } from '../src/lib/shared/payouts.ts';

/** What the Payouts screen shows for each state (docs/product.md §2 Payouts). */
const base: PayoutState = {
  stripeConfigured: true,
  currency: 'eur',
  connected: false,
  chargesEnabled: false,
  detailsSubmitted: false,
  payoutsEnabled: false,
  disabledReason: null,
  feePercent: 0,
  onlinePaymentsPlan: true,
};

describe('the Payouts screen', () => {
  it('picks its stage: no Stripe, Free, not connected, details missing, connected', () => {
    expect(payoutStage({ ...base, stripeConfigured: false, onlinePaymentsPlan: false })).toBe('unavailable');
    expect(payoutStage({ ...base, onlinePaymentsPlan: false, connected: true, detailsSubmitted: true })).toBe('upgrade');
    expect(payoutStage(base)).toBe('connect');
    expect(payoutStage({ ...base, connected: true })).toBe('details');
    expect(payoutStage({ ...base, connected: true, detailsSubmitted: true })).toBe('connected');
  });

  it('names currencies in words with their code, and says the fee only when there is one', () => {
    expect(currencyLabel('eur')).toBe('Euro (EUR)');
    expect(currencyLabel('jpy')).toBe('Japanese Yen (JPY)');
    expect(feeText(0)).toBeNull();
    expect(feeText(2.5)).toBe('Porchlight keeps 2.5% of each extra paid online. The rest goes to your Stripe account.');
  });

  it('words Stripe’s reasons for pausing card payments for a host', () => {
    expect(pausedReason('requirements.past_due')).toMatch(/^Stripe needs a few more details/);
    expect(pausedReason('requirements.pending_verification')).toMatch(/checking the details/);
    expect(pausedReason('rejected.fraud')).toMatch(/closed this account/);
    expect(pausedReason(null)).toMatch(/paused card payments/);
    for (const reason of ['requirements.past_due', 'under_review', 'rejected.other', 'listed', null]) expect(pausedReason(reason)).not.toMatch(/requirements|rejected|_/);
  });

  it('guesses the country of the bank account from the browser’s languages, only among Stripe’s, and lists them by name', () => {
    expect(guessCountry(['de-AT', 'de'])).toBe('AT');
    expect(guessCountry(['fr'])).toBe('FR');
    expect(guessCountry(['en'])).toBe('US');
    expect(guessCountry(['ru-RU', 'hr'])).toBe('HR');
    expect(guessCountry(['ru-RU', 'not a tag'])).toBe('');
    const names = countryChoices().map((choice) => choice.name);
    expect(names).toContain('Switzerland');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

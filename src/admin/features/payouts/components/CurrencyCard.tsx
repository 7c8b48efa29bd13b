import { useId } from 'react';
import { toast } from 'sonner';
import { CURRENCY_CODES, isCurrency, type Currency } from '@shared/currencies.ts';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { useSetPayoutCurrency } from '../api/payout-mutations.ts';
import { currencyLabel } from '../payout-view.ts';

/**
 * The one currency of the host's extras (docs/decisions/020-extras-and-the-money-flow.md): saved
 * as soon as it is chosen, whether or not Stripe is connected, since requests show prices too.
 */
export function CurrencyCard({ currency }: { currency: Currency }) {
  const id = useId();
  const save = useSetPayoutCurrency();

  function choose(value: string) {
    if (!isCurrency(value) || value === currency) return;
    save.mutate(value, {
      onSuccess: (state) => toast.success(messages.payouts.currencySaved(currencyLabel(state.currency))),
      onError: (failure) => toast.error(errorMessage(failure, messages.payouts.loadFailed)),
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="card grid gap-4 p-5 sm:p-6">
      <div>
        <h2 id={`${id}-title`} className="font-display text-lg font-bold text-ink">
          Currency
        </h2>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          Every extra in your guidebooks is priced in this currency. Changing it keeps your prices’ numbers (€25 becomes £25): check them after.
        </p>
      </div>
      <div className="max-w-sm">
        <label htmlFor={`${id}-select`} className="field-label">
          Currency of your extras
        </label>
        <select
          id={`${id}-select`}
          className="field-input appearance-auto"
          value={save.isPending && save.variables ? save.variables : currency}
          onChange={(event) => choose(event.target.value)}
          aria-busy={save.isPending}
          aria-describedby={`${id}-hint`}
        >
          {CURRENCY_CODES.map((code) => (
            <option key={code} value={code}>
              {currencyLabel(code)}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

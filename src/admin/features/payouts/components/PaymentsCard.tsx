import { ArrowRight, ExternalLink, RotateCw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { PayoutState } from '@shared/payouts.ts';
import { useOpenPayoutDashboard, useRefreshPayouts, useStartOnboarding } from '../api/payout-mutations.ts';
import { payoutStage } from '../../../lib/payouts.ts';
import { countryChoices, feeText, guessCountry, pausedReason } from '../payout-view.ts';
import { PayoutBadge } from './PayoutBadge.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';

/** One card, its heading and what it says, for each stage of docs/product.md §2 Payouts. */
function Card({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card grid gap-5 p-5 sm:p-6">
      <div>
        <h2 id={id} className="font-display text-lg font-bold text-ink">
          {title}
        </h2>
        {lead ? <p className="mt-1 text-sm text-muted">{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}

const buttons = 'flex flex-col gap-2 sm:flex-row sm:flex-wrap';

/** Asks Stripe again how the account stands (after the host finished a step there). */
function RefreshButton({ checking, onClick }: { checking: boolean; onClick: () => void }) {
  return (
    <button type="button" className="btn-secondary" onClick={onClick} disabled={checking} aria-busy={checking}>
      <RotateCw className="size-4" aria-hidden="true" />
      {checking ? 'Checking…' : 'Refresh'}
    </button>
  );
}

/** Online payments: what the host can do next, from "not here" to a connected account. */
export function PaymentsCard({ state }: { state: PayoutState }) {
  const onboarding = useStartOnboarding();
  const dashboard = useOpenPayoutDashboard();
  const refresh = useRefreshPayouts();
  const stage = payoutStage(state);
  const fee = feeText(state.feePercent);
  // After a successful answer the window is on its way to Stripe.
  const toStripe = onboarding.isPending || onboarding.isSuccess;
  const toDashboard = dashboard.isPending || dashboard.isSuccess;

  const countryId = useId();
  // Stripe fixes an account's country when it is made: asked before the first Connect, guessed from the browser.
  const [country, setCountry] = useState(() => guessCountry(navigator.languages));
  const [countryMissing, setCountryMissing] = useState(false);
  const startOnboarding = () => {
    if (stage === 'connect' && !country) {
      setCountryMissing(true);
      document.getElementById(countryId)?.focus();
      return;
    }
    onboarding.mutate(country, { onError: (failure) => toast.error(errorMessage(failure, messages.billing.stripeUnavailable)) });
  };
  const openDashboard = () => dashboard.mutate(undefined, { onError: (failure) => toast.error(errorMessage(failure, messages.payouts.dashboardUnavailable)) });
  const refreshNow = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast.success(messages.payouts.refreshed),
      onError: (failure) => toast.error(errorMessage(failure, messages.billing.stripeUnavailable)),
    });

  if (stage === 'unavailable') {
    return (
      <Card title="Online payments">
        <Notice>{messages.payouts.requestsOnly}</Notice>
      </Card>
    );
  }

  if (stage === 'upgrade') {
    // A host back on Free keeps their Stripe account: its balance and payouts stay a click away.
    const account = state.connected && state.detailsSubmitted;
    return (
      <Card title="Online payments">
        <Notice>{messages.payouts.freePlan}</Notice>
        {account ? <p className="text-sm text-muted">Your Stripe account stays connected: its balance and payouts are in your Stripe dashboard.</p> : null}
        <div className={buttons}>
          <Link to="/dashboard/upgradePlan" className="btn-primary">
            Upgrade plan
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
          {account ? (
            <button type="button" className="btn-secondary" onClick={openDashboard} disabled={toDashboard} aria-busy={dashboard.isPending}>
              {toDashboard ? 'Opening Stripe…' : 'Open Stripe dashboard'}
              <ExternalLink className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </Card>
    );
  }

  if (stage === 'connect' || stage === 'details') {
    const first = stage === 'connect';
    return (
      <Card
        title={first ? 'Get paid online' : 'Stripe needs a few more details'}
        lead={
          first
            ? 'Connect your own Stripe account for extras paid by card: the money goes to your account, and Stripe pays it out to your bank.'
            : 'You started setting up your Stripe account. Finish it so it can take card payments.'
        }
      >
        {first || fee ? (
          <div className="grid gap-2 text-sm text-muted">
            {first ? <p>Setting up takes about five minutes on Stripe’s site. Have your bank details and an ID at hand.</p> : null}
            {fee ? <p>{fee}</p> : null}
          </div>
        ) : null}
        {first ? (
          <div className="max-w-sm">
            <label htmlFor={countryId} className="field-label">
              Country of your bank account
            </label>
            <select
              id={countryId}
              className="field-input appearance-auto"
              value={country}
              onChange={(event) => {
                setCountry(event.target.value as typeof country);
                setCountryMissing(false);
              }}
              aria-invalid={countryMissing || undefined}
              aria-describedby={`${countryId}-hint`}
            >
              <option value="">Choose a country</option>
              {countryChoices().map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            <p id={`${countryId}-hint`} className={`mt-1 text-sm ${countryMissing ? 'font-semibold text-red-700 dark:text-red-400' : 'text-muted'}`}>
              {countryMissing ? messages.payouts.countryInvalid : 'Stripe sets up your account for this country; it cannot change later.'}
            </p>
          </div>
        ) : null}
        <div className={buttons}>
          <button type="button" className="btn-primary" onClick={startOnboarding} disabled={toStripe} aria-busy={onboarding.isPending}>
            {toStripe ? 'Opening Stripe…' : first ? 'Connect with Stripe' : 'Continue'}
            <ExternalLink className="size-4" aria-hidden="true" />
          </button>
          {first ? null : <RefreshButton checking={refresh.isPending} onClick={refreshNow} />}
        </div>
      </Card>
    );
  }

  return (
    <Card
      title="Your Stripe account is connected"
      lead={state.chargesEnabled ? 'Your account can take card payments, and Stripe pays the money out to your bank.' : undefined}
    >
      <ul className="flex flex-wrap gap-2" aria-label="Account status">
        <li>
          <PayoutBadge label="Card payments" on={state.chargesEnabled} />
        </li>
        <li>
          <PayoutBadge label="Payouts to your bank" on={state.payoutsEnabled} />
        </li>
      </ul>
      {state.chargesEnabled ? null : (
        <Notice tone="warning">
          {pausedReason(state.disabledReason)} Until then, your extras work as requests: guests ask, you confirm, and payment is settled on site.
        </Notice>
      )}
      {fee ? <p className="text-sm text-muted">{fee}</p> : null}
      <div className={buttons}>
        <button type="button" className="btn-primary" onClick={openDashboard} disabled={toDashboard} aria-busy={dashboard.isPending}>
          {toDashboard ? 'Opening Stripe…' : 'Open Stripe dashboard'}
          <ExternalLink className="size-4" aria-hidden="true" />
        </button>
        <RefreshButton checking={refresh.isPending} onClick={refreshNow} />
      </div>
    </Card>
  );
}

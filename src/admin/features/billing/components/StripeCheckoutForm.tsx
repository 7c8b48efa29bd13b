import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
// The /pure entry adds Stripe.js to the page only when loadStripe is called, i.e. when a form is
// about to be shown: not for the "not configured" or "unknown plan" outcomes of this page.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { messages } from '@shared/messages.ts';
import { BackToProfile } from './BackToProfile.tsx';
import { OutcomePanel } from './OutcomePanel.tsx';

/** One Stripe.js instance per publishable key for the page's life (Stripe asks for one). */
const instances = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    // A script that fails to load (offline, blocked) resolves to null here, so that the provider,
    // which does not catch, never leaves a rejection unhandled; the form says what happened instead.
    instance = loadStripe(publishableKey).catch(() => null);
    instances.set(publishableKey, instance);
  }
  return instance;
}

/**
 * Stripe's embedded Checkout (docs/product.md §2): card entry happens in Stripe's frame; when the payment
 * completes Stripe sends the window to our return page (the session's return_url).
 */
export function StripeCheckoutForm({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const stripe = stripeFor(publishableKey);
  const [failed, setFailed] = useState(false);
  // The provider warns when its options change identity: one object per client secret.
  const options = useMemo(() => ({ fetchClientSecret: () => Promise.resolve(clientSecret) }), [clientSecret]);

  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => {
      if (current && !loaded) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [stripe]);

  if (failed) {
    return (
      <OutcomePanel
        tone="error"
        title={messages.checkout.failed}
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
              Reload page
            </button>
            <BackToProfile />
          </>
        }
      >
        <p>The payment form could not be loaded. Check your connection, then reload this page.</p>
      </OutcomePanel>
    );
  }

  return (
    // Stripe draws its form on white whatever our theme: a white panel makes that look intended.
    <div className="min-h-[28rem] overflow-hidden rounded-2xl border border-line bg-white p-2 sm:p-4">
      <EmbeddedCheckoutProvider stripe={stripe} options={options}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </div>
  );
}

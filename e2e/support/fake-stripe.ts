import type { Page } from '@playwright/test';
import { StandInControl } from '../../tests/helpers/stripe/control.ts';

/** The stand-in's address, as playwright.config.ts starts it. */
export const STANDIN_URL = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 4330) + 1}`;
export const standIn = new StandInControl(STANDIN_URL);

/**
 * A stand-in for Stripe.js (js.stripe.com is unreachable here): what @stripe/stripe-js and
 * @stripe/react-stripe-js check (`window.Stripe(key)` returning an object with `elements`,
 * `createToken`, `createPaymentMethod`, `confirmCardPayment`, `registerAppInfo`, `_registerWrapper`,
 * and `createEmbeddedCheckoutPage`), and an embedded form whose "Pay" buttons complete the Checkout
 * Session on the Stripe stand-in, then go to its return_url as Stripe does.
 */
const FAKE_STRIPE_JS = String.raw`(() => {
  const noop = () => Promise.resolve({});
  function render(container, clientSecret) {
    container.innerHTML = '';
    const form = document.createElement('div');
    form.setAttribute('data-testid', 'fake-stripe-checkout');
    form.style.cssText = 'border:1px solid #ccc;border-radius:12px;padding:16px;font:16px system-ui;background:#fff;color:#111';
    const title = document.createElement('p');
    title.textContent = 'Stripe test checkout';
    form.append(title);
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    for (const [label, outcome] of [['Pay', 'paid'], ['Pay with a failing card', 'unpaid']]) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.style.cssText = 'margin:4px;padding:8px 12px;background:#635bff;color:#fff;border:0;border-radius:6px';
      button.addEventListener('click', async () => {
        const response = await fetch('https://api.stripe.com/__e2e/complete', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientSecret, outcome }) });
        const answer = await response.json();
        if (!response.ok) { message.textContent = answer.error || 'This checkout can no longer be paid.'; return; }
        window.location.assign(answer.returnUrl);
      });
      form.append(button);
    }
    form.append(message);
    container.append(form);
  }
  window.Stripe = (key) => ({
    key,
    elements: () => ({}),
    createToken: noop,
    createPaymentMethod: noop,
    confirmCardPayment: noop,
    registerAppInfo: () => {},
    _registerWrapper: () => {},
    createEmbeddedCheckoutPage: async (options) => {
      const clientSecret = options.fetchClientSecret ? await options.fetchClientSecret() : options.clientSecret;
      let container = null;
      return {
        mount: (target) => { container = typeof target === 'string' ? document.querySelector(target) : target; render(container, clientSecret); },
        unmount: () => { if (container) container.innerHTML = ''; },
        destroy: () => { if (container) container.innerHTML = ''; },
      };
    },
  });
  window.Stripe.version = 'endive';
})();`;

/** Serves the fake Stripe.js and answers its "Pay" calls through the stand-in's control routes. */
export async function routeFakeStripe(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }));
  await page.route('https://api.stripe.com/__e2e/complete', async (route) => {
    const { clientSecret, outcome } = route.request().postDataJSON() as { clientSecret: string; outcome: 'paid' | 'unpaid' };
    try {
      const { session } = await standIn.completeCheckout(clientSecret.split('_secret_')[0]!, outcome);
      await route.fulfill({ json: { returnUrl: session.return_url } });
    } catch (error) {
      await route.fulfill({ status: 409, json: { error: error instanceof Error ? error.message : String(error) } });
    }
  });
}

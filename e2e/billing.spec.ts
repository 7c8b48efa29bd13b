import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { createVerifiedAccount, expect, logIn, test } from './fixtures/session.ts';
import { routeFakeStripe, standIn } from './support/fake-stripe.ts';
import { seriousA11yViolations } from './support/fixtures.ts';

// Subscriptions through Stripe's embedded Checkout, against the Stripe stand-in the e2e
// server bills through (playwright.config.ts) and a fake Stripe.js (js.stripe.com is unreachable).
// Every test has its own account: a plan bought here must not leak into other specs' accounts.

test.describe.configure({ timeout: 60_000 });

const PRICES = { goldMonthly: 'price_gold_monthly', premiumMonthly: 'price_premium_monthly' } as const;

/** The app's origin (the project's baseURL): Origin header of API writes and the login. */
function origin(): string {
  return new URL(test.info().project.use.baseURL ?? '').origin;
}

async function freshHost(page: Page, label: string) {
  const account = await createVerifiedAccount(`bill-${label}`);
  await logIn(page, account, origin());
  return account;
}

/** Subscribes the signed-in host through the API and the stand-in (for tests about what follows). */
async function subscribeByApi(page: Page, priceId: string): Promise<string> {
  const base = origin();
  const response = await page.request.post(`${base}/api/create-checkout-session`, { headers: { origin: base }, data: { price_id: priceId } });
  expect(response.status(), await response.text()).toBe(200);
  const { clientSecret } = (await response.json()) as { clientSecret: string };
  const { subscription, deliveries } = await standIn.completeCheckout(clientSecret.split('_secret_')[0]!, 'paid');
  expect(deliveries.map((delivery) => delivery.status)).toEqual(deliveries.map(() => 200));
  return subscription.id;
}

async function createGuidebook(page: Page, body: Record<string, unknown>): Promise<{ token: string }> {
  const base = origin();
  const response = await page.request.post(`${base}/api/instruction`, { headers: { origin: base }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { instruction: { token: string } }).instruction;
}

/** The status badge reads "Status: …" to assistive technology (the word "Status" is visually hidden). */
function statusBadge(page: Page, label: string) {
  return page.getByText(`Status: ${label}`, { exact: true });
}

function toast(page: Page, message: string) {
  return page.getByRole('region', { name: /notifications/i }).getByText(message);
}

async function expectNoSeriousA11y(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });

test('pricing view: monthly/yearly toggle and the current plan disabled', async ({ page }) => {
  await freshHost(page, 'pricing');
  await page.goto('/dashboard/upgradePlan');
  await expect(page.getByRole('heading', { name: 'Choose a Plan', level: 1 })).toBeVisible();
  await expect(page.getByText('Simple plans. No hidden fees. Cancel anytime.')).toBeVisible();
  const gold = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gold' }) });
  const premium = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Premium' }) });
  const free = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Free' }) });
  await expect(free.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(gold).toContainText('€5/month');
  await expect(premium).toContainText('€10/month');
  await expect(gold.getByRole('link', { name: 'Choose Gold' })).toHaveAttribute('href', `/dashboard/checkout?product=${PRICES.goldMonthly}`);

  await page.getByRole('radio', { name: /Yearly/ }).click();
  await expect(gold).toContainText('€48/year');
  await expect(premium).toContainText('€96/year');
  await expect(gold.getByRole('link', { name: 'Choose Gold' })).toHaveAttribute('href', '/dashboard/checkout?product=price_gold_yearly');
  await expectNoSeriousA11y(page);
  await shot(page, 'billing-pricing');
});

test('checkout → paid → "Payment Successful" → premium in the dashboard and on the guest page', async ({ page }) => {
  await freshHost(page, 'paid');
  const guidebook = await createGuidebook(page, { nameInstruction: 'Lighthouse Loft', brandingTitle: 'Cape Stays' });
  await page.goto(`/instruction/${guidebook.token}`);
  await expect(page.getByText('Cape Stays')).toHaveCount(0);

  await routeFakeStripe(page);
  await page.goto('/dashboard/upgradePlan');
  await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Premium' }) }).getByRole('link', { name: 'Choose Premium' }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkout\?product=price_premium_monthly$/);
  await expect(page.getByText('€10/month').first()).toBeVisible();
  const form = page.getByTestId('fake-stripe-checkout');
  await expect(form).toBeVisible();
  await expectNoSeriousA11y(page);
  await shot(page, 'billing-checkout');

  await form.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkout\/return\?session_id=cs_/);
  await expect(page.getByRole('heading', { name: messages.checkout.paidTitle })).toBeVisible();
  await expect(page.getByText(messages.checkout.paidText)).toBeVisible();
  await expectNoSeriousA11y(page);
  await shot(page, 'billing-return-paid');

  await page.getByRole('link', { name: /dashboard/i }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await page.goto('/dashboard/currentSubscription');
  await expect(page.getByRole('heading', { name: 'Premium' })).toBeVisible();
  await expect(statusBadge(page, 'Active')).toBeVisible();
  // The plan change rebuilds the guest page off the request path: open it once it is.
  await expect(async () => {
    await page.goto(`/instruction/${guidebook.token}`);
    await expect(page.getByText('Cape Stays').first()).toBeVisible({ timeout: 1_000 });
  }).toPass();
});

test('an unpaid outcome says so and offers to try again', async ({ page }) => {
  await freshHost(page, 'unpaid');
  await routeFakeStripe(page);
  await page.goto(`/dashboard/checkout?product=${PRICES.goldMonthly}`);
  await page.getByTestId('fake-stripe-checkout').getByRole('button', { name: 'Pay with a failing card' }).click();
  await expect(page.getByRole('heading', { name: messages.checkout.unpaidTitle })).toBeVisible();
  await expect(page.getByText(messages.checkout.unpaidText)).toBeVisible();
  await expectNoSeriousA11y(page);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/dashboard\/upgradePlan$/);
  const me = (await (await page.request.get(`${origin()}/api/users/me`)).json()) as { plan: string };
  expect(me.plan).toBe('free');
});

test('the Plan page in each status: active, payment failed, cancellation scheduled', async ({ page }) => {
  await freshHost(page, 'status');
  const subscriptionId = await subscribeByApi(page, PRICES.goldMonthly);
  await page.goto('/dashboard/currentSubscription');
  await expect(page.getByRole('heading', { name: 'Gold' })).toBeVisible();
  await expect(statusBadge(page, 'Active')).toBeVisible();
  await expect(page.getByRole('button', { name: /Cancel subscription/i })).toBeVisible();
  await expectNoSeriousA11y(page);
  await shot(page, 'billing-plan-active');

  await standIn.failInvoice(subscriptionId);
  await page.reload();
  await expect(statusBadge(page, 'Payment failed')).toBeVisible();
  await expect(page.getByRole('button', { name: /Manage billing/ })).toBeVisible();
  await expectNoSeriousA11y(page);
  await shot(page, 'billing-plan-past-due');

  await standIn.payInvoice(subscriptionId);
  const base = origin();
  expect((await page.request.post(`${base}/api/cancel-subscription`, { headers: { origin: base } })).ok()).toBe(true);
  await page.reload();
  await expect(statusBadge(page, 'Cancellation scheduled')).toBeVisible();
  await expect(page.getByRole('button', { name: /Cancel subscription/i })).toHaveCount(0);
});

test('upgrade: a confirmation that shows the charge, then Premium', async ({ page }) => {
  await freshHost(page, 'upgrade');
  await subscribeByApi(page, PRICES.goldMonthly);
  await page.goto('/dashboard/upgradePlan');
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Upgrade to Premium?' });
  await expect(dialog).toContainText(/You'll be charged €[\d.,]+ now \(prorated\)/);
  await expect(dialog).toContainText('€10/month');
  await expectNoSeriousA11y(page);
  await shot(page, 'billing-upgrade-modal');
  await dialog.getByRole('button', { name: /Confirm/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(toast(page, messages.subscription.upgraded)).toBeVisible();
  // docs/product.md §4: the page reloads 2 s after the change; the plan card shows the new plan.
  await page.waitForEvent('load');
  await expect(page.getByRole('region', { name: 'Current Plan' }).getByText('Premium', { exact: true })).toBeVisible();
});

test('cancel: asks first, then keeps the plan until the period end', async ({ page }) => {
  await freshHost(page, 'cancel');
  await subscribeByApi(page, PRICES.premiumMonthly);
  await page.goto('/dashboard/currentSubscription');
  await page.getByRole('button', { name: /Cancel subscription/i }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11y(page);
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(toast(page, messages.subscription.canceled)).toBeVisible();
  await page.waitForEvent('load');
  await expect(statusBadge(page, 'Cancellation scheduled')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Premium' })).toBeVisible();
});

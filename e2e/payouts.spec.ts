import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { PayoutState } from '../src/lib/shared/payouts.ts';
import { appOrigin, createGuidebook, createVerifiedAccount, expect, logIn, setPlan, test, transitionsDone } from './fixtures/session.ts';
import { standIn } from './support/fake-stripe.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { sidewaysOverflow, useColorScheme, type ColorScheme } from './support/layout.ts';

// The Payouts screen (docs/product.md §2 Payouts, docs/decisions/020-extras-and-the-money-flow.md)
// against the Stripe stand-in the e2e server pays through (playwright.config.ts), whose onboarding
// pages stand for Stripe's and whose Connect events reach /api/stripe/connect-webhook. A host that
// connects an account is a fresh one: the worker's shared account must stay without one for the
// other files, and goes back to Free after each test here.

test.describe.configure({ timeout: 60_000 });

test.afterEach(({ account }) => {
  setPlan(account.email, 'free');
});

const SCHEMES: readonly ColorScheme[] = ['light', 'dark'];

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text);
}

async function shot(page: Page, name: string, scheme: ColorScheme) {
  await page.screenshot({ path: `test-results/payouts-${name}-${scheme}-${test.info().project.name}.png`, fullPage: true });
}

/**
 * No serious axe finding, and nothing wider than the screen (375 px on the mobile project). Once
 * the toasts have finished sliding in: axe measured a toast's title mid-fade as too faint (on the
 * phone, where it sits over the page).
 */
async function expectTidy(page: Page) {
  await transitionsDone(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  const overflow = await sidewaysOverflow(page);
  expect(overflow.beyondRightEdge).toEqual([]);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
}

/** The dashboard's sidebar, opened from the menu button where it is a drawer (under 768 px). */
async function sidebar(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/** A fresh Gold host, signed in on `page`. */
async function freshGoldHost(page: Page, label: string) {
  const account = await createVerifiedAccount(`payouts-${label}`);
  setPlan(account.email, 'gold');
  await logIn(page, account, appOrigin());
  return account;
}

for (const scheme of SCHEMES) {
  test(`a Gold host picks a currency, connects with Stripe, finishes onboarding and comes back connected (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page }) => {
    await useColorScheme(page, scheme);
    const me = await freshGoldHost(page, `connect-${scheme}`);
    await page.goto('/dashboard');
    const nav = await sidebar(page);
    await nav.getByRole('link', { name: 'Payouts' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payouts$/);
    await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
    await expect((await sidebar(page)).getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');

    const currency = page.getByLabel('Currency of your extras');
    await expect(currency).toHaveValue('eur');
    await expect(currency.locator('option[value="chf"]')).toHaveText('Swiss Franc (CHF)');
    await currency.selectOption('chf');
    await expect(toast(page, messages.payouts.currencySaved('Swiss Franc (CHF)'))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get paid online' })).toBeVisible();
    await expectTidy(page);
    await shot(page, 'connect', scheme);

    // The country of the account, guessed from the browser (en-US), is the host's to choose.
    const country = page.getByLabel('Country of your bank account');
    await expect(country).toHaveValue('US');
    await country.selectOption({ label: 'Switzerland' });
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await expect(page).toHaveURL(/\/connect\/onboarding\//);
    expect((await standIn.state()).accounts.find((candidate) => candidate.email === me.email)).toMatchObject({ country: 'CH' });
    await expect(page.getByRole('button', { name: 'Finish onboarding' })).toBeVisible();
    await page.getByRole('button', { name: 'Finish onboarding' }).click();

    await expect(page).toHaveURL(/\/dashboard\/payouts$/);
    await expect(toast(page, messages.payouts.connected)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Stripe account is connected' })).toBeVisible();
    await expect(page.getByText('Your account can take card payments, and Stripe pays the money out to your bank.')).toBeVisible();
    const status = page.getByRole('list', { name: 'Account status' });
    await expect(status).toContainText('Card payments: On');
    await expect(status).toContainText('Payouts to your bank: On');
    await expect(page.getByLabel('Currency of your extras')).toHaveValue('chf');
    await expect(page.getByRole('button', { name: 'Open Stripe dashboard' })).toBeVisible();
    await expectTidy(page);
    await shot(page, 'connected', scheme);

    // Stripe pauses card payments; Refresh reads it back and the host is told in words.
    const account = (await standIn.state()).accounts.find((candidate) => candidate.email === me.email)!;
    await standIn.setAccount(account.id, { charges_enabled: false, disabled_reason: 'requirements.past_due' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(toast(page, messages.payouts.refreshed)).toBeVisible();
    await expect(status).toContainText('Card payments: Paused');
    await expect(page.getByText(/Stripe needs a few more details before guests can pay by card again\. Open your Stripe dashboard to give them\./)).toBeVisible();
    await expect(page.getByText('Your account can take card payments, and Stripe pays the money out to your bank.')).toHaveCount(0);
    await expectTidy(page);
    await shot(page, 'paused', scheme);

    await page.getByRole('button', { name: 'Open Stripe dashboard' }).click();
    await expect(page.getByText('Express Dashboard (stand-in)')).toBeVisible();

    // The editor says where the money goes, and a new extra is priced in the account's currency.
    await standIn.setAccount(account.id, { charges_enabled: true, disabled_reason: null });
    await page.goto('/dashboard/payouts');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(status).toContainText('Card payments: On');
    const { _id } = await createGuidebook(page, { nameInstruction: 'Franc Flat' });
    await page.goto(`/dashboard/edit/${_id}`);
    const extras = page.locator('#extras');
    await expect(extras.getByText('Guests pay for priced extras by card, into your Stripe account.')).toBeVisible({ timeout: 30_000 });
    await extras.getByRole('button', { name: 'Late check-out' }).click();
    await expect(extras.getByLabel('Price')).toHaveValue('25');
    await expect(extras.getByText('CHF', { exact: true })).toBeVisible();
    await extras.screenshot({ path: `test-results/payouts-editor-extras-${scheme}-${test.info().project.name}.png`, scale: 'css' });

    // Back on Free: requests again, and the Stripe account's balance and payouts are still a click away.
    setPlan(me.email, 'free');
    await page.goto('/dashboard/payouts');
    await expect(page.getByText(messages.payouts.freePlan)).toBeVisible();
    await expect(page.getByText('Your Stripe account stays connected: its balance and payouts are in your Stripe dashboard.')).toBeVisible();
    await expectTidy(page);
    await page.getByRole('button', { name: 'Open Stripe dashboard' }).click();
    await expect(page.getByText('Express Dashboard (stand-in)')).toBeVisible();
  });

  test(`a Free host sees that extras are requests and an upgrade button (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, host }) => {
    setPlan(host.email, 'free');
    await useColorScheme(page, scheme);
    await page.goto('/dashboard/payouts');
    await expect(page.getByText(messages.payouts.freePlan)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect with Stripe' })).toHaveCount(0);
    await expectTidy(page);
    await shot(page, 'free', scheme);
    await page.getByRole('link', { name: 'Upgrade plan' }).click();
    await expect(page).toHaveURL(/\/dashboard\/upgradePlan$/);
  });
}

for (const scheme of SCHEMES) {
  test(`states the e2e server cannot be in: no Stripe on the server, and a platform fee (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, host }) => {
    // The server here has Stripe and no fee: its answer is replaced, to see how the screen words these.
    const state: PayoutState = { stripeConfigured: false, currency: 'eur', connected: false, chargesEnabled: false, detailsSubmitted: false, payoutsEnabled: false, disabledReason: null, feePercent: 0, onlinePaymentsPlan: true };
    let answer = state;
    await page.route('**/api/payouts', (route) => route.fulfill({ json: answer }));
    setPlan(host.email, 'gold');
    await useColorScheme(page, scheme);
    await page.goto('/dashboard/payouts');
    await expect(page.getByText(messages.payouts.requestsOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect with Stripe' })).toHaveCount(0);
    await expectTidy(page);
    await shot(page, 'no-stripe', scheme);

    answer = { ...state, stripeConfigured: true, feePercent: 2.5 };
    await page.reload();
    await expect(page.getByText('Porchlight keeps 2.5% of each extra paid online. The rest goes to your Stripe account.')).toBeVisible();
    await expectTidy(page);
    await shot(page, 'fee', scheme);
  });
}

test('a host who leaves onboarding unfinished is asked to continue', { tag: '@mobile' }, async ({ page }) => {
  await freshGoldHost(page, 'unfinished');
  const started = await page.request.post(`${appOrigin()}/api/payouts/onboarding`, { headers: { origin: appOrigin() }, data: {} });
  expect(started.status(), await started.text()).toBe(200);
  await page.goto('/dashboard/payouts?onboarding=refresh');
  await expect(toast(page, messages.payouts.needsDetails)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payouts$/);
  await expect(page.getByRole('heading', { name: 'Stripe needs a few more details' })).toBeVisible();
  await expectTidy(page);
  await shot(page, 'details', 'light');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/connect\/onboarding\//);
});

import type { Page } from '@playwright/test';
import type { PayoutState } from '../src/lib/shared/payouts.ts';
import { createVerifiedAccount, expect, logIn, setPlan, test as base, type Account } from './fixtures/session.ts';
import { standIn } from './support/fake-stripe.ts';
import { seriousA11yViolations } from './support/fixtures.ts';

/** Each test's own Gold host with a Stripe account that takes charges (the stand-in's onboarding, done through its control routes). */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`extras-pay-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    setPlan(account.email, 'gold');
    await logIn(page, account, baseURL);
    const origin = new URL(baseURL!).origin;
    expect((await page.request.post('/api/payouts/onboarding', { headers: { origin }, data: {} })).status()).toBe(200);
    const connected = (await standIn.state()).accounts.find((each) => each.email === account.email)!;
    await standIn.completeOnboarding(connected.id);
    await expect.poll(async () => ((await (await page.request.get('/api/payouts')).json()) as PayoutState).chargesEnabled).toBe(true);
    await use(account);
  },
});

test.describe.configure({ timeout: 60_000 });

/**
 * Paid extras (docs/decisions/020-extras-and-the-money-flow.md, the money flow): a guest on a stay
 * link buys a breakfast basket through the stand-in's hosted Checkout page, comes back to the stay
 * link, and the host sees it paid on the Orders screen and refunds it. Runs at 375 and 1280 px.
 */
const DAY = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const BASKET = { id: 2, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 3, description: '<p>Bread, jam, eggs and coffee at your door at 8.</p>' };
const LATE = { id: 1, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00', approval: 'instant', description: '<p>Sleep in and leave after lunch.</p>' };

async function setUp(page: Page, origin: string, extras: readonly object[] = [BASKET]): Promise<{ stayToken: string }> {
  const created = await page.request.post('/api/instruction', {
    headers: { origin },
    data: {
      nameInstruction: 'Harbour Loft',
      timeZone: 'UTC',
      checkInTime: '15:00',
      checkOutTime: '10:00',
      extras,
    },
  });
  expect(created.status()).toBe(201);
  const { _id } = ((await created.json()) as { instruction: { _id: string } }).instruction;
  const stay = await page.request.post(`/api/instruction/${_id}/stays`, { headers: { origin }, data: { guestName: 'Dana', guestEmail: 'dana.pay@example.com', checkIn: day(3), checkOut: day(6) } });
  expect(stay.status()).toBe(201);
  return { stayToken: ((await stay.json()) as { stay: { token: string } }).stay.token };
}

test('a guest pays for a breakfast basket on Checkout and comes back; the host sees it paid and refunds it', { tag: '@mobile' }, async ({ page, browser, host, baseURL }, info) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const { stayToken } = await setUp(page, origin);

  const guestContext = await browser.newContext({ ...info.project.use, baseURL: origin });
  const guest = await guestContext.newPage();
  await guest.goto(`/stay/${stayToken}`);
  const extras = guest.getByRole('region', { name: 'Extras' });
  await expect(extras.getByText('Buy any of these online by card.', { exact: false })).toBeVisible();
  await extras.getByRole('button', { name: 'Request Breakfast basket' }).click();
  const form = extras.getByRole('form', { name: 'Request Breakfast basket' });
  await form.getByLabel('How many').selectOption('2');
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  // Stripe's hosted page (the stand-in's), at the guidebook's price.
  await expect(guest).toHaveURL(/\/checkout\/cs_test_/);
  await expect(guest.getByText('Total: 36.00 EUR')).toBeVisible();
  await guest.getByRole('button', { name: 'Pay 36.00 EUR' }).click();
  await expect(guest).toHaveURL(new RegExp(`/stay/${stayToken}\\?order=`));
  // Back on the stay link, which says how the order stands.
  await expect(guest.getByRole('region', { name: 'Extras' }).getByRole('status')).toHaveText('Paid: Breakfast basket. Your receipt is on its way by e-mail.');
  expect(await seriousA11yViolations(guest)).toEqual([]);
  await guest.screenshot({ path: `test-results/extras-paid-guest-${info.project.name}.png`, fullPage: false });
  await guestContext.close();

  await page.goto('/dashboard/orders');
  const all = page.getByRole('region', { name: 'All orders' });
  await expect(all.getByText('Breakfast basket × 2', { exact: true })).toBeVisible();
  await expect(all.getByText('€36, paid online')).toBeVisible();
  await expect(all.getByText('Paid', { exact: true })).toBeVisible();
  await page.screenshot({ path: `test-results/orders-paid-${info.project.name}.png`, fullPage: false });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await all.getByRole('button', { name: 'Refund Breakfast basket × 2 for Dana' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refunded. Your guest gets an e-mail.')).toBeVisible();
  await expect(all.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(all.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
});

test('a guest buys a late check-out on Checkout and comes back to the new check-out time', { tag: '@mobile' }, async ({ page, browser, host, baseURL }, info) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const { stayToken } = await setUp(page, origin, [LATE]);

  const guestContext = await browser.newContext({ ...info.project.use, baseURL: origin });
  const guest = await guestContext.newPage();
  await guest.goto(`/stay/${stayToken}`);
  await expect(guest.locator('.hero-dates')).toContainText('10:00');
  const extras = guest.getByRole('region', { name: 'Extras' });
  await extras.getByRole('button', { name: 'Request Late check-out' }).click();
  await extras.getByRole('form', { name: 'Request Late check-out' }).getByRole('button', { name: 'Continue to payment' }).click();
  await expect(guest).toHaveURL(/\/checkout\/cs_test_/);
  await expect(guest.getByText('Total: 25.00 EUR')).toBeVisible();
  await guest.getByRole('button', { name: 'Pay 25.00 EUR' }).click();

  // Paid and instant: back on the stay link, the check-out has moved and the page says so.
  await expect(guest).toHaveURL(new RegExp(`/stay/${stayToken}\\?order=`));
  await expect(guest.getByRole('region', { name: 'Extras' }).getByRole('status')).toHaveText('Paid: Late check-out. Your receipt is on its way by e-mail.');
  await expect(guest.getByRole('region', { name: 'Extras' }).getByRole('status')).toBeInViewport();
  await guest.screenshot({ path: `test-results/extras-paid-late-return-${info.project.name}.png`, fullPage: false });
  await expect(guest.locator('.hero-dates')).toContainText('14:00');
  await expect(guest.locator('.hero-dates')).toContainText('(late check-out)');
  await guest.locator('.hero-dates').scrollIntoViewIfNeeded();
  expect(await seriousA11yViolations(guest)).toEqual([]);
  await guest.screenshot({ path: `test-results/extras-paid-late-${info.project.name}.png`, fullPage: false });
  await guestContext.close();
});

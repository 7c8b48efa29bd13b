import type { Page } from '@playwright/test';
import { formatStayTime } from '../src/lib/shared/time-zone.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { createVerifiedAccount, expect, expectSaved, logIn, mailsTo, setPlan, test as base, type Account } from './fixtures/session.ts';

/** Each test's own Gold host (the worker's shared account stays on Free for the other specs). */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`extras-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    setPlan(account.email, 'gold');
    await logIn(page, account, baseURL);
    await use(account);
  },
});

/**
 * Extras as requests (docs/decisions/020-extras-and-the-money-flow.md), the guest's side and the
 * host's: a guest on a stay link asks for a late check-out, the host approves it on the Orders
 * screen, and the stay page shows the new check-out. Runs at 375 and 1280 px (the two projects).
 */
const DAY = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function setUp(page: Page, origin: string): Promise<{ id: string; stayToken: string }> {
  const created = await page.request.post('/api/instruction', {
    headers: { origin },
    data: {
      nameInstruction: 'Harbour Loft',
      timeZone: 'UTC',
      checkInTime: '15:00',
      checkOutTime: '10:00',
      extras: [
        { id: 1, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00', approval: 'host', description: '<p>Sleep in and leave after lunch.</p>' },
        { id: 2, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 3, description: '<p>Bread, jam, eggs and coffee at your door at 8.</p>' },
        { id: 3, kind: 'early-checkin', title: 'Early check-in', price: 2000, earlyCheckinFrom: '11:00' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { _id } = ((await created.json()) as { instruction: { _id: string } }).instruction;
  // Someone leaves on the check-in day: no early check-in for this stay.
  expect((await page.request.post(`/api/instruction/${_id}/stays`, { headers: { origin }, data: { guestName: 'Before', checkIn: day(1), checkOut: day(3) } })).status()).toBe(201);
  const stay = await page.request.post(`/api/instruction/${_id}/stays`, { headers: { origin }, data: { guestName: 'Dana', guestEmail: 'dana@example.com', checkIn: day(3), checkOut: day(6) } });
  expect(stay.status()).toBe(201);
  return { id: _id, stayToken: ((await stay.json()) as { stay: { token: string } }).stay.token };
}

test('a guest asks for a late check-out from the stay link, the host approves it, and the stay page shows the new check-out', { tag: '@mobile' }, async ({ page, browser, host, baseURL }, info) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const { id, stayToken } = await setUp(page, origin);

  // The guest, in a browser of their own (no session).
  const guestContext = await browser.newContext({ ...info.project.use, baseURL: origin });
  const guest = await guestContext.newPage();
  await guest.goto(`/stay/${stayToken}`);
  await guest.getByRole('link', { name: 'Extras' }).click();
  const extras = guest.getByRole('region', { name: 'Extras' });
  await expect(extras.getByRole('heading', { name: 'Late check-out' })).toBeVisible();
  await expect(extras.getByText('€25')).toBeVisible();
  await expect(extras.getByText('Check out as late as 14:00')).toBeVisible();
  await expect(extras.getByText('Another guest leaves that day')).toBeVisible();
  await guest.screenshot({ path: `test-results/extras-guest-${info.project.name}.png`, fullPage: false });
  expect(await seriousA11yViolations(guest)).toEqual([]);

  await extras.getByRole('button', { name: 'Request Late check-out' }).click();
  const form = extras.getByRole('form', { name: 'Request Late check-out' });
  await form.getByLabel('A note for your host (optional)').fill('Our flight leaves at 18:00.');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(extras.getByRole('status').filter({ hasText: 'Request sent. Your host will confirm by e-mail.' })).toBeVisible();
  await extras.screenshot({ path: `test-results/extras-guest-sent-${info.project.name}.png` });

  // The host answers on the Orders screen.
  await page.goto('/dashboard/orders');
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await expect(waiting.getByText('Late check-out', { exact: true })).toBeVisible();
  await expect(waiting.getByText('“Our flight leaves at 18:00.”')).toBeVisible();
  // The card says the stay's dates, and every date on it in one style, where the property is.
  const card = waiting.getByRole('listitem').filter({ hasText: 'Late check-out' });
  const utc = (iso: string) => formatStayTime(Date.parse(iso), 'UTC');
  await expect(card.getByTestId('order-stay')).toHaveText(`Stay ${utc(`${day(3)}T15:00:00Z`)} → ${utc(`${day(6)}T10:00:00Z`)}`);
  await expect(card).toContainText(`Check-out moves to ${utc(`${day(6)}T14:00:00Z`)}`);
  await expect(card).toContainText(/Asked [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}/);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await card.screenshot({ path: `test-results/orders-card-${scheme}-${info.project.name}.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `test-results/orders-${info.project.name}.png`, fullPage: false });
  await waiting.getByRole('button', { name: 'Approve Late check-out for Dana' }).click();
  await expect(page.getByText('Request approved. Your guest gets an e-mail.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'All orders' }).getByText('Confirmed')).toBeVisible();
  // The month's total counts it; the stay's row in the Stays view lists it.
  const month = page.getByRole('region', { name: 'Sold per month' });
  await expect(month.getByRole('row').nth(1)).toContainText('€25');
  await page.screenshot({ path: `test-results/orders-approved-${info.project.name}.png`, fullPage: true });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.goto(`/dashboard/stays/${id}`);
  const ordered = page.getByRole('list', { name: 'Extras ordered by Dana' });
  await expect(ordered).toContainText('Late check-out');
  await expect(ordered).toContainText('Confirmed');
  await ordered.locator('xpath=ancestor::li[@data-testid="stay"]').screenshot({ path: `test-results/stay-orders-${info.project.name}.png` });
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The guest's page now says so, and the late check-out is no longer offered twice.
  await guest.reload();
  await expect(guest.locator('.hero-dates')).toContainText('14:00');
  await expect(guest.locator('.hero-dates')).toContainText('(late check-out)');
  await expect(guest.getByRole('region', { name: 'Extras' }).getByText('Confirmed for your stay')).toBeVisible();
  await guestContext.close();
});

test('the host offers extras on the public link; a guest there asks for a breakfast with a name and an e-mail', { tag: '@mobile' }, async ({ page, browser, host, baseURL }, info) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', {
    headers: { origin },
    data: {
      nameInstruction: 'Harbour Loft',
      timeZone: 'UTC',
      extras: [
        { id: 1, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00' },
        { id: 2, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 3, approval: 'host', description: '<p>Bread, jam, eggs and coffee at your door at 8.</p>' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { _id, token } = ((await created.json()) as { instruction: { _id: string; token: string } }).instruction;

  // The host turns it on in the editor's Extras section.
  await page.goto(`/dashboard/edit/${_id}`);
  const toggle = page.getByRole('switch', { name: 'Offer extras on the public link too' });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  await expect(toggle).toHaveAccessibleDescription(/Guests without a personal stay link give their name and e-mail/);
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await toggle.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/extras-public-switch-${info.project.name}.png`, fullPage: false });
  await page.getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);

  // A guest on the public link, in a browser of their own; the save republishes the page.
  const guestContext = await browser.newContext({ ...info.project.use, baseURL: origin });
  const guest = await guestContext.newPage();
  const extras = guest.getByRole('region', { name: 'Extras' });
  await expect(async () => {
    await guest.goto(`/instruction/${token}`);
    await expect(extras).toBeVisible({ timeout: 500 });
  }).toPass();
  await guest.getByRole('link', { name: 'Extras' }).click();
  await expect(extras.getByRole('heading', { name: 'Breakfast basket' })).toBeVisible();
  await expect(extras.getByText('€18')).toBeVisible();
  await expect(extras.getByRole('heading', { name: 'Late check-out' })).toHaveCount(0);
  await expect(extras.getByText('Late check-out and early check-in are booked from the personal stay link your host sends.')).toBeVisible();

  await extras.getByRole('button', { name: 'Request Breakfast basket' }).click();
  const form = extras.getByRole('form', { name: 'Request Breakfast basket' });
  // Sent empty: each field says what it needs, and the name takes the focus.
  await form.getByRole('button', { name: 'Send request' }).click();
  const name = form.getByLabel('Your name');
  const email = form.getByRole('textbox', { name: /Your e-mail/ });
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Please enter your name.');
  await expect(email).toHaveAccessibleDescription('Please enter your e-mail address.');
  await expect(name).toHaveAttribute('autocomplete', 'name');
  await expect(email).toHaveAttribute('autocomplete', 'email');
  await expect(name).toHaveAttribute('maxlength', '100');
  await expect(email).toHaveAttribute('maxlength', '254');
  await name.fill('Marko Guest');
  await email.fill('marko@');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address.');
  await email.fill(`marko.${info.project.name}@example.com`);
  await form.getByLabel('How many').selectOption('2');
  await form.getByLabel('A note for your host (optional)').fill('For Saturday, please.');
  await form.screenshot({ path: `test-results/extras-public-form-${info.project.name}.png` });
  expect(await seriousA11yViolations(guest)).toEqual([]);
  await form.getByRole('button', { name: 'Send request' }).click();
  // The address given is proven first (docs/security.md 37): the request reaches the host from the mail's link.
  await expect(extras.getByRole('status').filter({ hasText: 'Almost done: we sent you an e-mail.' })).toBeVisible();
  await extras.screenshot({ path: `test-results/extras-public-sent-${info.project.name}.png` });
  const linkOf = () => mailsTo(`marko.${info.project.name}@example.com`).map((mail) => new RegExp(`${origin}/confirm/[\\w-]+\\?token=[\\w-]+`).exec(mail)?.[0]).find(Boolean);
  await expect.poll(linkOf).toBeTruthy();
  const confirmTab = await guestContext.newPage();
  await confirmTab.goto(linkOf()!);
  await confirmTab.getByRole('button', { name: 'Confirm request' }).click();
  await expect(confirmTab.getByRole('status')).toHaveText('Request sent. Your host will confirm by e-mail.');
  await confirmTab.close();
  // Back from Checkout: the same static page, whose script reads `?order=` and says so.
  const returned = extras.getByRole('status').filter({ hasText: 'Thank you. Your order is being confirmed' });
  await expect(returned).toBeHidden();
  await guest.goto(`/instruction/${token}?order=abc#extras`);
  await expect(returned).toBeVisible();
  await guestContext.close();

  // The host sees it with "public link" where a stay would be.
  await page.goto('/dashboard/orders');
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await expect(waiting.getByRole('button', { name: 'Approve Breakfast basket × 2 for Marko Guest' })).toBeVisible();
  await expect(waiting.getByText(/Marko Guest · Harbour Loft · public link/)).toBeVisible();
  await expect(waiting.getByRole('link', { name: `marko.${info.project.name}@example.com` })).toBeVisible();
});

test('the host approves a request from the Approve link in the mail, without signing in, and sees the confirmation', { tag: '@mobile' }, async ({ page, browser, host, baseURL }, info) => {
  const origin = new URL(baseURL!).origin;
  const { stayToken } = await setUp(page, origin);
  const asked = await page.request.post(`/api/guest/${stayToken}/extras/1`, { headers: { origin }, data: { note: 'Our flight leaves at 18:00.' } });
  expect(asked.status()).toBe(201);
  const { order } = (await asked.json()) as { order: { id: string } };

  // Without SMTP_URL the outbox writes the mail to a file (docs/running-locally.md, Local mail).
  const linkOf = () => mailsTo(host.email).map((mail) => new RegExp(`${origin}/orders/${order.id}/approve\\?token=[\\w-]+`).exec(mail)?.[0]).find(Boolean);
  await expect.poll(linkOf).toBeTruthy();

  // Opened in a browser with no session, as from a phone's mail app; light, then dark.
  const context = await browser.newContext({ ...info.project.use, baseURL: origin, colorScheme: 'light' });
  const tab = await context.newPage();
  const opened = await tab.goto(linkOf()!);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(tab.getByRole('heading', { level: 1, name: 'Approve this request?' })).toBeVisible();
  await expect(tab.getByText('Harbour Loft').first()).toBeVisible();
  await expect(tab.getByText('Dana', { exact: true })).toBeVisible();
  await expect(tab.getByText(/^Late check-out until \w{3} \d{1,2} \w{3}, 14:00$/)).toBeVisible();
  await expect(tab.getByText('€25')).toBeVisible();
  await expect(tab.getByText('Our flight leaves at 18:00.')).toBeVisible();
  await tab.screenshot({ path: `test-results/order-link-${info.project.name}.png`, fullPage: true });
  expect(await seriousA11yViolations(tab)).toEqual([]);
  await tab.emulateMedia({ colorScheme: 'dark' });
  await tab.reload();
  await expect(tab.getByRole('heading', { level: 1, name: 'Approve this request?' })).toBeVisible();
  await tab.screenshot({ path: `test-results/order-link-dark-${info.project.name}.png`, fullPage: true });
  expect(await seriousA11yViolations(tab)).toEqual([]);

  await tab.getByRole('button', { name: 'Approve Late check-out' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'Approved' })).toBeVisible();
  await expect(tab.getByRole('status')).toContainText('Request approved. Your guest gets an e-mail.');
  await expect(tab.getByRole('status')).toContainText('Check-out is now');
  await tab.screenshot({ path: `test-results/order-link-done-${info.project.name}.png`, fullPage: true });
  expect(await seriousA11yViolations(tab)).toEqual([]);

  // The link is spent: opened again, it says what the order is now.
  await tab.reload();
  await expect(tab.getByRole('heading', { level: 1, name: 'Already approved' })).toBeVisible();
  await expect(tab.getByText(/This order was already approved on/)).toBeVisible();
  await tab.screenshot({ path: `test-results/order-link-spent-${info.project.name}.png`, fullPage: true });
  expect(await seriousA11yViolations(tab)).toEqual([]);
  await context.close();
});

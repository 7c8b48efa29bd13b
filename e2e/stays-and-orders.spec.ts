import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './support/fixtures.ts';
import { useColorScheme, sidewaysOverflow } from './support/layout.ts';
import { createVerifiedAccount, expect, logIn, mailsTo, setPlan, test as base, type Account } from './fixtures/session.ts';

/** Each test's own Gold host. */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`meet-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    setPlan(account.email, 'gold');
    await logIn(page, account, baseURL);
    await use(account);
  },
});

test.describe.configure({ timeout: 90_000 });

/**
 * Where stays and orders meet (docs/product/stays.md and docs/product/extras-and-orders.md), as a host and a guest see it at 375
 * and 1280 px, light and dark: a stay over another is refused in the dialog until the host adds
 * it anyway, and both cards say so; an instant extra settled on site is confirmed at once and the
 * stay page (in German) reads it as confirmed; deleting that stay asks what becomes of its order;
 * a guest on the public link is asked to confirm from their mail first.
 */
const DAY = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function guidebook(page: Page, origin: string, data: Record<string, unknown>): Promise<{ _id: string; token: string }> {
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Harbour Loft', timeZone: 'UTC', checkInTime: '15:00', checkOutTime: '11:00', ...data } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { instruction: { _id: string; token: string } }).instruction;
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /notifications/i }).getByText(text);

test('a stay over another is refused in the dialog, added anyway on purpose, and both stays say they overlap', { tag: '@mobile' }, async ({ page, host, baseURL }, info) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const { _id } = await guidebook(page, origin, {});
  const dana = await page.request.post(`/api/instruction/${_id}/stays`, { headers: { origin }, data: { guestName: 'Dana', checkIn: `${day(10)}T15:00`, checkOut: `${day(13)}T11:00` } });
  expect(dana.status()).toBe(201);

  await page.goto(`/dashboard/stays/${_id}`);
  await page.getByRole('button', { name: 'Add stay' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add stay' });
  await dialog.getByLabel('Guest name (optional)').fill('Eli');
  await dialog.getByLabel('Check-in').fill(`${day(12)}T15:00`);
  await dialog.getByLabel('Check-out').fill(`${day(15)}T11:00`);
  await dialog.getByRole('button', { name: 'Add stay' }).click();
  const notice = dialog.getByRole('alert').filter({ hasText: 'These dates overlap Dana’s stay' });
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Add anyway' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    await dialog.screenshot({ path: `test-results/stay-overlap-dialog-${scheme}-${info.project.name}.png` });
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Changing a date asks again; putting it back and adding anyway adds it.
  await dialog.getByLabel('Check-in').fill(`${day(12)}T16:00`);
  await expect(dialog.getByRole('button', { name: 'Add stay' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add stay' }).click();
  await dialog.getByRole('button', { name: 'Add anyway' }).click();
  await expect(toast(page, 'Stay added')).toBeVisible();

  const cards = page.getByTestId('stay');
  const card = (name: string) => cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card('Eli').getByTestId('stay-overlap')).toHaveText(/^Overlaps Dana’s stay \(\w{3} \d{1,2} \w{3} – \w{3} \d{1,2} \w{3}\) · added anyway$/);
  await expect(card('Dana').getByTestId('stay-overlap')).toHaveText(/^Overlaps Eli’s stay/);
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    await card('Eli').screenshot({ path: `test-results/stay-overlap-card-${scheme}-${info.project.name}.png` });
  }
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('an instant late check-out is confirmed at once on a German stay page, reads as confirmed after, and deleting the stay asks what becomes of it', async ({ page, browser, host, baseURL }, info) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const { _id } = await guidebook(page, origin, { extras: [{ id: 1, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00', approval: 'instant' }] });
  const made = await page.request.post(`/api/instruction/${_id}/stays`, { headers: { origin }, data: { guestName: 'Lena', guestEmail: `lena.${info.project.name}@example.com`, language: 'de', checkIn: `${day(3)}T15:00`, checkOut: `${day(6)}T11:00` } });
  expect(made.status()).toBe(201);
  const { token } = ((await made.json()) as { stay: { token: string } }).stay;

  const guestContext = await browser.newContext({ ...info.project.use, baseURL: origin, locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await guest.goto(`/stay/${token}`);
  const extras = guest.getByRole('region', { name: 'Extras' });
  // The host's title stays as written; the page's own words are German.
  await extras.getByRole('button', { name: 'Late check-out anfragen' }).click();
  await extras.getByRole('form', { name: 'Late check-out anfragen' }).getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(extras.getByRole('status').filter({ hasText: 'Bestätigt. Eine E-Mail mit den Einzelheiten ist unterwegs.' })).toBeVisible();
  await extras.screenshot({ path: `test-results/extras-confirmed-de-${info.project.name}.png` });
  await guest.reload();
  await expect(extras.getByText('Für Ihren Aufenthalt bestätigt')).toBeVisible();
  await expect(guest.locator('.hero-dates')).toContainText('14:00');
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(guest, scheme);
    await extras.screenshot({ path: `test-results/extras-confirmed-after-${scheme}-${info.project.name}.png` });
  }
  expect(await seriousA11yViolations(guest)).toEqual([]);
  await expect.poll(() => mailsTo(`lena.${info.project.name}@example.com`).some((mail) => mail.includes('Bestätigt: Late check-out'))).toBe(true);
  await guestContext.close();

  // The host deletes the stay: the dialog lists the order and asks first.
  await page.goto(`/dashboard/stays/${_id}`);
  await page.getByRole('button', { name: 'Delete stay of Lena' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this stay?' });
  await expect(dialog.getByRole('list', { name: 'Orders of this stay' })).toContainText('Late check-out');
  await expect(dialog.getByRole('list', { name: 'Orders of this stay' })).toContainText('Confirmed');
  await expect(dialog.getByRole('radio', { name: /Refund and cancel them/ })).toBeChecked();
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    await dialog.screenshot({ path: `test-results/stay-delete-orders-${scheme}-${info.project.name}.png` });
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('radio', { name: /Refund and cancel them/ }).check();
  await dialog.getByRole('button', { name: 'Delete stay' }).click();
  await expect(toast(page, 'Stay deleted. Its order was ended, and the guest gets an e-mail.')).toBeVisible();
  await expect(page.getByTestId('stay')).toHaveCount(0);
});

test('a guest on the public link confirms their request from the mail before the host sees it', async ({ page, browser, host, baseURL }, info) => {
  const origin = new URL(baseURL!).origin;
  expect(host.email).toBeTruthy();
  const { token } = await guidebook(page, origin, { extrasOnPublicLink: true, extras: [{ id: 2, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 3, approval: 'host' }] });
  const guestContext = await browser.newContext({ ...info.project.use, baseURL: origin });
  const guest = await guestContext.newPage();
  const extras = guest.getByRole('region', { name: 'Extras' });
  await expect(async () => {
    await guest.goto(`/instruction/${token}`);
    await expect(extras).toBeVisible({ timeout: 500 });
  }).toPass();
  await extras.getByRole('button', { name: 'Request Breakfast basket' }).click();
  const form = extras.getByRole('form', { name: 'Request Breakfast basket' });
  await form.getByLabel('Your name').fill('Marko Guest');
  await form.getByRole('textbox', { name: /Your e-mail/ }).fill(`marko.meet.${info.project.name}@example.com`);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(extras.getByRole('status').filter({ hasText: 'Almost done: we sent you an e-mail.' })).toBeVisible();
  await extras.screenshot({ path: `test-results/extras-public-check-mail-${info.project.name}.png` });

  // Nothing reached the host yet.
  await page.goto('/dashboard/orders');
  await expect(page.getByText('Breakfast basket')).toHaveCount(0);

  const linkOf = () => mailsTo(`marko.meet.${info.project.name}@example.com`).map((mail) => new RegExp(`${origin}/confirm/[\\w-]+\\?token=[\\w-]+`).exec(mail)?.[0]).find(Boolean);
  await expect.poll(linkOf).toBeTruthy();
  const link = linkOf()!;
  expect(mailsTo(`marko.meet.${info.project.name}@example.com`).join('\n')).not.toContain('Marko');
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: 'Confirm your request' })).toBeVisible();
  await expect(guest.getByText('€18')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(guest, scheme);
    await guest.reload();
    await expect(guest.getByRole('button', { name: 'Confirm request' })).toBeVisible();
    await guest.screenshot({ path: `test-results/order-confirm-${scheme}-${info.project.name}.png`, fullPage: true });
  }
  expect(await seriousA11yViolations(guest)).toEqual([]);
  await guest.getByRole('button', { name: 'Confirm request' }).click();
  await expect(guest.getByRole('status')).toHaveText('Request sent. Your host will confirm by e-mail.');
  await guestContext.close();

  await page.reload();
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await expect(waiting.getByRole('button', { name: 'Approve Breakfast basket for Marko Guest' })).toBeVisible();
});

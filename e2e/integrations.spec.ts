import fs from 'node:fs';
import { request, type Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { IntegrationView, UnitView } from '../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createMember } from './fixtures/members.ts';
import { createVerifiedAccount, expect, logIn, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/layout.ts';

// docs/product/integrations.md: the Owner connects Smoobu (the stand-in playwright.config.ts starts,
// tests/helpers/pms/cli.ts), maps its flats to guidebooks and reads the status, at 375 and 1280 px;
// connects Beds24 with its invite code (the same front, under /beds24) and maps its rooms;
// an Editor has no Integrations screen. "Sync now" brings the flats' reservations as stays, which
// the Stays view shows as Smoobu's (docs/product/stays.md).

// Two of these are long walks (connect, map, sync, the stays, a webhook, shots in two schemes with axe), and a busy machine stretches them.
test.describe.configure({ timeout: 240_000 });

const SHOTS = '/tmp/shots-pms-screen';
const STAY_SHOTS = '/tmp/shots-pms-stays-ui';
const SMOOBU = `https://127.0.0.1:${process.env.E2E_SMOOBU_PORT ?? Number(process.env.E2E_PORT ?? 4330) + 3}`;

/** A Smoobu account of this test's own in the stand-in, with these flats. */
async function smoobuAccount(apartments: Array<{ id: number; name: string }>): Promise<{ apiKey: string; apiSecret: string; userId: number }> {
  const control = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const answer = await control.post(`${SMOOBU}/__control/accounts`, { data: { apartments } });
    expect(answer.status()).toBe(201);
    return (await answer.json()) as { apiKey: string; apiSecret: string; userId: number };
  } finally {
    await control.dispose();
  }
}

/** Books a reservation in the stand-in's account, as Smoobu's own screen would. */
async function smoobuBooking(apiKey: string, booking: Record<string, unknown>): Promise<void> {
  const control = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const answer = await control.post(`${SMOOBU}/__control/bookings`, { data: { apiKey, booking } });
    expect(answer.status(), await answer.text()).toBe(201);
  } finally {
    await control.dispose();
  }
}

/** Where the stand-in's account sends its webhooks, as the host pastes the address in Smoobu. */
async function smoobuWebhookUrl(apiKey: string, url: string): Promise<void> {
  const control = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    expect((await control.post(`${SMOOBU}/__control/webhooks`, { data: { apiKey, url } })).status()).toBe(204);
  } finally {
    await control.dispose();
  }
}

/** A Beds24 account of this test's own in the stand-in, with these properties and an invite code for it. */
async function beds24Control<T>(path: 'accounts' | 'bookings', data: unknown): Promise<T> {
  const control = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const answer = await control.post(`${SMOOBU}/__control/beds24/${path}`, { data });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as T;
  } finally {
    await control.dispose();
  }
}

/** A Hostaway account of this test's own in the stand-in (the same process, tests/helpers/pms/cli.ts), with these listings. */
async function hostawayAccount(listings: Array<{ id: number; name: string }>): Promise<{ accountId: number; apiSecret: string }> {
  const control = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const answer = await control.post(`${SMOOBU}/__control/hostaway/accounts`, { data: { listings } });
    expect(answer.status()).toBe(201);
    return (await answer.json()) as { accountId: number; apiSecret: string };
  } finally {
    await control.dispose();
  }
}

/** Books a reservation in the stand-in's Hostaway account, as Hostaway's own screen would. */
async function hostawayReservation(accountId: number, reservation: Record<string, unknown>): Promise<void> {
  const control = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const answer = await control.post(`${SMOOBU}/__control/hostaway/reservations`, { data: { accountId, reservation } });
    expect(answer.status(), await answer.text()).toBe(201);
  } finally {
    await control.dispose();
  }
}

/** Opens a sidebar entry (on a phone, from the drawer). */
async function openFromSidebar(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name }).click();
}

/**
 * The screen as it stands, light then dark, checked by axe in each: the dashboard's `dark` class
 * switched in place (a stored theme is read only at start, and a reload would lose the form's state).
 */
async function shoot(page: Page, name: string, project: string, dir = SHOTS): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // From the top: a full-page shot taken scrolled down draws the sticky top bar over the content.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/${name}-en-${scheme}-${project}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test('the owner connects Smoobu with a wrong key, then the right one, maps two flats and reads the status', { tag: '@mobile' }, async ({ page, browser, baseURL }, info) => {
  // Six screens, each checked by axe in light and dark, and a second browser: past 90 s on a busy phone run.
  test.slow();
  const owner = await createVerifiedAccount(`pms-${info.project.name}`);
  await logIn(page, owner, baseURL);
  const origin = new URL(baseURL!).origin;
  const guidebook = async (name: string) => {
    const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: name } });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { instruction: Instruction }).instruction;
  };
  const [harbour, garden, cottage] = [await guidebook('Harbour Loft'), await guidebook('Garden Suite'), await guidebook('Old Cottage')];
  const account = await smoobuAccount([
    { id: 501, name: 'Harbour flat' },
    { id: 502, name: 'Garden flat' },
    { id: 503, name: 'Attic room' },
  ]);

  await page.goto('/dashboard');
  await openFromSidebar(page, 'Integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  // Smoobu, Beds24 and Hostaway can be connected, each on its card; no system is left to come.
  await expect(page.getByText('Guests’ names and e-mails, their language, and changes to bookings within minutes.')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Connect Beds24' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Hostaway' })).toBeVisible();
  await expect(page.getByText(/cannot be connected yet/)).toHaveCount(0);
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  await shoot(page, 'choose', info.project.name);

  // The form: each field labelled, where to find it said, secrets in password inputs.
  await page.getByRole('button', { name: 'Connect Smoobu' }).click();
  const form = page.getByRole('form', { name: 'Connect Smoobu' });
  const key = form.getByLabel('API key');
  const secret = form.getByLabel('API secret');
  await expect(key).toHaveAttribute('type', 'password');
  await expect(secret).toHaveAttribute('type', 'password');
  await expect(key).toHaveAccessibleDescription('Where: Smoobu → Settings → Advanced → API Keys → Create New');
  // A field left empty is said before anything is sent.
  await form.getByRole('button', { name: 'Connect Smoobu' }).click();
  await expect(form.getByRole('alert')).toHaveText(messages.integrations.fieldMissing('API key'));
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(secret).not.toHaveAttribute('aria-invalid');

  // A wrong secret: Smoobu refuses it, and the form says so.
  await key.fill(account.apiKey);
  await secret.fill('sms_not-the-secret');
  await form.getByRole('button', { name: 'Connect Smoobu' }).click();
  await expect(form.getByRole('alert')).toHaveText(messages.integrations.refused('Smoobu', 'key and secret'));
  await expect(secret).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'refused', info.project.name);

  // The right one: connected, and the secret is nowhere on the page any more.
  await secret.fill(account.apiSecret);
  await form.getByRole('button', { name: 'Connect Smoobu' }).click();
  const connectedToast = page.getByText(messages.integrations.connected('Smoobu'));
  await expect(connectedToast).toBeVisible();
  // Closed as a host would: at 375 px it sits over the properties' "Save mapping", and a pointer
  // resting on a toast stops it from leaving, so a click waiting for the button could wait for ever.
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(connectedToast).toHaveCount(0);
  await expect(form).toHaveCount(0);
  const values = await page.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(values.join(' ')).not.toContain(account.apiSecret);
  expect(await page.content()).not.toContain(account.apiSecret);

  // The status: the account, who connected it and when, the last sync, no error.
  const status = page.getByRole('region', { name: 'Smoobu' });
  await expect(status.getByText('Connected', { exact: true })).toBeVisible();
  await expect(status.getByRole('definition').nth(0)).toHaveText(`Smoobu account ${account.userId}`);
  await expect(status.getByRole('definition').nth(1)).toContainText(owner.name);
  // "Last webhook" is said once, in the webhook card below, not in the status list.
  await expect(status.getByRole('definition')).toHaveCount(4);
  await expect(status.getByRole('definition').nth(3)).toHaveText('None');
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();

  // Three flats, none decided yet.
  const properties = page.getByRole('list', { name: 'Smoobu properties' });
  await expect(properties.getByRole('listitem')).toHaveCount(3);
  await expect(properties.locator('p').getByText('Not decided yet', { exact: true })).toHaveCount(3);
  // A guidebook moved to the trash meanwhile: the API's refusal is said beside the button.
  expect((await page.request.delete(`/api/instruction/${cottage._id}`, { headers: { origin } })).ok()).toBe(true);
  await properties.getByLabel('Attic room').selectOption({ label: 'Guidebook: Old Cottage' });
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.instruction.notFound })).toBeVisible();
  await properties.getByLabel('Attic room').selectOption({ label: 'Not in Porchlight' });

  // Two flats to two guidebooks: a guidebook one row has taken is greyed in the others.
  await properties.getByLabel('Harbour flat').selectOption({ label: 'Guidebook: Harbour Loft' });
  await expect(properties.getByLabel('Garden flat').getByRole('option', { name: 'Guidebook: Harbour Loft' })).toBeDisabled();
  await properties.getByLabel('Garden flat').selectOption({ label: 'Guidebook: Garden Suite' });
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.integrations.unitsSaved })).toBeVisible();
  await expect(properties.locator('p').getByText('Not decided yet', { exact: true })).toHaveCount(0);

  // The webhook step: the address to paste in Smoobu, where to paste it, and a copy button.
  const webhook = page.getByRole('region', { name: 'Webhook' });
  await expect(webhook.getByTestId('webhook-url')).toHaveText(new RegExp(`^${baseURL}/api/pms/hooks/[\\w-]{24}$`));
  await expect(webhook).toContainText('Settings → Advanced → API Keys');
  await expect(webhook).toContainText('Last webhook: None yet');
  await expect(webhook.getByRole('button', { name: 'Copy link' })).toBeVisible();

  // Kept: read again from the server after a reload.
  await page.reload();
  await expect(properties.getByLabel('Harbour flat')).toHaveValue(harbour._id);
  await expect(properties.getByLabel('Garden flat')).toHaveValue(garden._id);
  await expect(properties.getByLabel('Attic room')).toHaveValue('skip');
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  await shoot(page, 'connected', info.project.name);

  // Disconnect asks first, and says what stays and what goes.
  await status.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Disconnect Smoobu?' });
  await expect(dialog).toContainText('Stays it brought stay, as your own');
  await expect(dialog).toContainText('Its credentials are deleted now');
  await shoot(page, 'disconnect', info.project.name);
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText(messages.integrations.disconnected('Smoobu'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Smoobu' })).toBeVisible();

  // A French browser: the dashboard's words stay English (it has no other dictionary), the dates are French.
  const french = await browser.newContext({ ...info.project.use, locale: 'fr-FR', colorScheme: 'dark' });
  const frenchPage = await french.newPage();
  await logIn(frenchPage, owner, baseURL);
  const again = await frenchPage.request.post('/api/team/integrations', { headers: { origin }, data: { system: 'smoobu', fields: { apiKey: account.apiKey, apiSecret: account.apiSecret } } });
  expect(again.status(), await again.text()).toBe(201);
  await frenchPage.goto('/dashboard/integrations');
  await expect(frenchPage.getByRole('list', { name: 'Smoobu properties' }).getByRole('listitem')).toHaveCount(3);
  expect((await sidewaysOverflow(frenchPage)).beyondRightEdge).toEqual([]);
  expect(await seriousA11yViolations(frenchPage)).toEqual([]);
  await frenchPage.screenshot({ path: `${SHOTS}/connected-fr-dark-${info.project.name}.png`, fullPage: true });
  await french.close();
});

test('Sync now brings a reservation of each mapped flat as a stay, whose dates are Smoobu’s and whose note is the host’s', { tag: '@mobile' }, async ({ page, baseURL }, info) => {
  const owner = await createVerifiedAccount(`pms-stays-${info.project.name}`);
  await logIn(page, owner, baseURL);
  const origin = new URL(baseURL!).origin;
  const send = async <T>(method: 'post' | 'put', path: string, data: unknown): Promise<T> => {
    const answer = await page.request[method](path, { headers: { origin }, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as T;
  };
  const guidebook = async (name: string) => (await send<{ instruction: Instruction }>('post', '/api/instruction', { nameInstruction: name })).instruction;
  const [harbour, garden] = [await guidebook('Harbour Loft'), await guidebook('Garden Suite')];
  const account = await smoobuAccount([
    { id: 601, name: 'Harbour flat' },
    { id: 602, name: 'Garden flat' },
  ]);
  // Connected and mapped through the API: the first test does both on the screen.
  const { integration } = await send<{ integration: IntegrationView }>('post', '/api/team/integrations', { system: 'smoobu', fields: { apiKey: account.apiKey, apiSecret: account.apiSecret } });
  const { units } = (await (await page.request.get(`/api/team/integrations/${integration.id}/units`)).json()) as { units: UnitView[] };
  const to: Record<string, string> = { '601': harbour._id, '602': garden._id };
  await send('put', `/api/team/integrations/${integration.id}/units`, { units: units.map((unit) => ({ id: unit.id, guidebookId: to[unit.externalId], skipped: false })) });

  // A reservation in each flat, ten days ahead, as Smoobu holds them.
  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  await smoobuBooking(account.apiKey, { id: 9101, apartmentId: 601, arrival: day(10), departure: day(13), firstname: 'Greta', lastname: 'Maier', email: 'greta.maier@example.com', phone: '+49 30 1234567', adults: 2, children: 1, language: 'de' });
  await smoobuBooking(account.apiKey, { id: 9102, apartmentId: 602, arrival: day(11), departure: day(12), firstname: 'Jonas', lastname: 'Weber', email: 'jonas.weber@example.com', language: 'de' });

  await page.goto('/dashboard/integrations');
  const syncNow = page.getByRole('button', { name: 'Sync now' });
  await syncNow.click();
  await expect(page.getByRole('status').filter({ hasText: '2 stays added' })).toBeVisible();

  // The API's refusals are said beside the button (past six an hour: 429), and so is no answer at all.
  const syncRoute = '**/api/team/integrations/*/sync';
  await page.route(syncRoute, (route) => route.fulfill({ status: 429, json: { message: messages.integrations.tooManySyncs(40) } }));
  await syncNow.click();
  await expect(page.getByRole('alert').filter({ hasText: messages.integrations.tooManySyncs(40) })).toBeVisible();
  await page.unroute(syncRoute);
  await page.route(syncRoute, (route) => route.abort());
  await syncNow.click();
  await expect(page.getByRole('alert').filter({ hasText: messages.integrations.unreachable('Smoobu') })).toBeVisible();
  await page.unroute(syncRoute);

  // The guidebook's Stays view: the guest, from Smoobu, with their phone and how many they are; no delete.
  await page.goto(`/dashboard/stays/${harbour._id}`);
  const stay = page.getByTestId('stay').filter({ hasText: 'Greta Maier' });
  await expect(stay.getByTestId('stay-source')).toHaveText('From Smoobu');
  await expect(stay).toContainText('3 guests');
  await expect(stay).toContainText('+49 30 1234567');
  await expect(stay).toContainText('greta.maier@example.com');
  await expect(stay.getByRole('button', { name: 'Delete stay of Greta Maier' })).toHaveCount(0);
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  await shoot(page, 'stays', info.project.name, STAY_SHOTS);

  // Its dialog: the dates, channel, name and e-mail read-only with where to change them; language and note the host's.
  await stay.getByRole('button', { name: 'Edit stay of Greta Maier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit stay' });
  const fromSmoobu = dialog.getByTestId('stay-from-pms');
  await expect(fromSmoobu).toContainText(messages.stays.fromPms('Smoobu'));
  await expect(fromSmoobu).toContainText('Greta Maier');
  await expect(fromSmoobu).toContainText('greta.maier@example.com');
  await expect(dialog.getByLabel(/Guest name|Check-in|Check-out|email address/)).toHaveCount(0);
  await expect(dialog.getByLabel('Language (optional)')).toHaveValue('de');
  await expect(dialog).toContainText(messages.stays.deleteFromPms('Smoobu'));
  await shoot(page, 'stay-dialog', info.project.name, STAY_SHOTS);
  const note = 'Arrives late by train.\nLeave the porch light on.';
  await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Save stay' }).click();
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await stay.getByRole('button', { name: 'Edit stay of Greta Maier' }).click();
  await expect(dialog.getByLabel('Note (optional)')).toHaveValue(note);
  await expect(dialog.getByLabel('Language (optional)')).toHaveValue('de');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The other flat's reservation is its own guidebook's.
  await page.goto(`/dashboard/stays/${garden._id}`);
  await expect(page.getByTestId('stay').filter({ hasText: 'Jonas Weber' }).getByTestId('stay-source')).toHaveText('From Smoobu');

  // The host pastes the webhook's address in Smoobu: a booking made there arrives without "Sync now".
  await smoobuWebhookUrl(account.apiKey, integration.hook!.url);
  await smoobuBooking(account.apiKey, { id: 9103, apartmentId: 602, arrival: day(20), departure: day(22), firstname: 'Lena', lastname: 'Vogel', language: 'de' });
  const upcoming = async () => ((await (await page.request.get(`/api/instruction/${garden._id}/stays?group=upcoming`)).json()) as { stays: Array<{ guestName: string }> }).stays.map((each) => each.guestName);
  await expect.poll(upcoming, { timeout: 30_000 }).toContain('Lena Vogel');
  await page.reload();
  await expect(page.getByTestId('stay').filter({ hasText: 'Lena Vogel' }).getByTestId('stay-source')).toHaveText('From Smoobu');
  await page.goto('/dashboard/integrations');
  await expect(page.getByRole('region', { name: 'Webhook' })).toContainText(/Last webhook: .*\d/);
  await expect(page.getByRole('region', { name: 'Smoobu' }).getByRole('definition').nth(3)).not.toContainText('None yet');
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  await shoot(page, 'webhook', info.project.name);
});

test('an Editor has no Integrations in the sidebar, and the screen says they cannot manage them', { tag: '@mobile' }, async ({ page, baseURL }, info) => {
  const owner = await createVerifiedAccount(`pms-editor-${info.project.name}`);
  const editor = await createMember(owner.email, 'editor');
  await logIn(page, editor, baseURL);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Team' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Integrations' })).toHaveCount(0);

  await page.goto('/dashboard/integrations');
  await expect(page.getByText(messages.integrations.cannotManage)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Smoobu' })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'editor', info.project.name);
});

test('without SECRETS_KEY the screen says the one sentence the API answers, and nothing else', async ({ page, host: _host }, info) => {
  // The e2e server runs with a key; the API's 503 (tests/pms-connect.test.ts) is played here.
  await page.route('**/api/team/integrations', (route) => route.fulfill({ status: 503, contentType: 'application/json', json: { message: messages.integrations.needsKey } }));
  await page.goto('/dashboard/integrations');
  await expect(page.getByText(messages.integrations.needsKey)).toBeVisible();
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(0);
  await shoot(page, 'no-key', info.project.name);
});

test('the owner connects Beds24 with its invite code (a used one refused), maps its rooms and syncs a booking', { tag: '@mobile' }, async ({ page, baseURL }, info) => {
  const owner = await createVerifiedAccount(`pms-beds24-${info.project.name}`);
  await logIn(page, owner, baseURL);
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Harbour Loft' } });
  const loft = ((await created.json()) as { instruction: Instruction }).instruction;
  const properties = [
    { id: 801, name: 'Harbour House', roomTypes: [{ id: 11, name: 'Loft' }, { id: 12, name: 'Garden Room' }] },
    { id: 802, name: 'Cabin', roomTypes: [{ id: 21, name: 'Whole cabin' }] },
  ];
  const account = await beds24Control<{ ownerId: number; inviteCode: string }>('accounts', { properties });

  await page.goto('/dashboard/integrations');
  await page.getByRole('button', { name: 'Connect Beds24' }).click();
  const form = page.getByRole('form', { name: 'Connect Beds24' });
  const code = form.getByLabel('Invite code');
  await expect(code).toHaveAttribute('type', 'password');
  await expect(code).toHaveAccessibleDescription(/^Where: Beds24 → Settings → Marketplace → API → Generate invite code/);
  await code.fill('a-code-beds24-never-made');
  await form.getByRole('button', { name: 'Connect Beds24' }).click();
  await expect(form.getByRole('alert')).toHaveText(messages.integrations.inviteRefused);
  await shoot(page, 'beds24-refused', info.project.name);

  await code.fill(account.inviteCode);
  await form.getByRole('button', { name: 'Connect Beds24' }).click();
  const connectedToast = page.getByText(messages.integrations.connected('Beds24'));
  await expect(connectedToast).toBeVisible();
  await page.getByRole('button', { name: 'Close toast' }).click();
  expect(await page.content()).not.toContain(account.inviteCode);
  const status = page.getByRole('region', { name: 'Beds24' });
  await expect(status.getByRole('definition').nth(0)).toHaveText(`Beds24 account ${account.ownerId}`);

  // Each room type is a property to map; a property of one room goes by its own name.
  const rooms = page.getByRole('list', { name: 'Beds24 properties' });
  await expect(rooms.getByRole('listitem')).toHaveCount(3);
  await rooms.getByLabel('Harbour House · Loft').selectOption({ label: 'Guidebook: Harbour Loft' });
  await rooms.getByLabel('Harbour House · Garden Room').selectOption({ label: 'Not in Porchlight' });
  await rooms.getByLabel('Cabin').selectOption({ label: 'Not in Porchlight' });
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.integrations.unitsSaved })).toBeVisible();
  // The webhook card: the address and the header line to paste into each property's Booking Webhook.
  const webhook = page.getByRole('region', { name: 'Webhook' });
  await expect(webhook).toContainText('Settings → Properties → Access');
  await expect(webhook.getByTestId('webhook-url')).toHaveText(/\/api\/pms\/hooks\/[\w-]{24}$/);
  await expect(webhook.getByTestId('webhook-header')).toHaveText(/^X-Porchlight-Hook: [\w-]{43}$/);
  await expect(webhook.getByRole('button', { name: 'Copy header' })).toBeVisible();
  await expect(webhook).toContainText('Last webhook: None yet');
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  await shoot(page, 'beds24-connected', info.project.name);

  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  await beds24Control('bookings', { ownerId: account.ownerId, booking: { id: 5501, propertyId: 801, roomId: 11, arrival: day(8), departure: day(11), firstName: 'Lena', lastName: 'Berg', email: 'lena.berg@example.com', lang: 'sv', channel: 'airbnb' } });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 stay added' })).toBeVisible();
  await page.goto(`/dashboard/stays/${loft._id}`);
  await expect(page.getByTestId('stay').filter({ hasText: 'Lena Berg' }).getByTestId('stay-source')).toHaveText('From Beds24');
});

test('the owner connects Hostaway with its account ID and API key, maps a listing, and Sync now brings its guest', { tag: '@mobile' }, async ({ page, baseURL }, info) => {
  const owner = await createVerifiedAccount(`pms-hostaway-${info.project.name}`);
  await logIn(page, owner, baseURL);
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Canal House' } });
  expect(created.status(), await created.text()).toBe(201);
  const canal = ((await created.json()) as { instruction: Instruction }).instruction;
  const account = await hostawayAccount([
    { id: 40_101, name: 'Canal House, 2 bedrooms' },
    { id: 40_102, name: 'Roof studio' },
  ]);

  await page.goto('/dashboard/integrations');
  await page.getByRole('button', { name: 'Connect Hostaway' }).click();
  const form = page.getByRole('form', { name: 'Connect Hostaway' });
  const accountId = form.getByLabel('Account ID');
  const key = form.getByLabel('API key');
  // The account ID is no secret; the key is, and each says where it is in Hostaway.
  await expect(accountId).toHaveAttribute('type', 'text');
  await expect(key).toHaveAttribute('type', 'password');
  await expect(accountId).toHaveAccessibleDescription('Where: Hostaway → Settings → Hostaway API: the number shown as Account ID');
  await expect(key).toHaveAccessibleDescription(/^Where: Hostaway → Settings → Hostaway API → Create/);
  await accountId.fill(String(account.accountId));
  await key.fill('0123456789abcdef-not-the-key');
  await form.getByRole('button', { name: 'Connect Hostaway' }).click();
  await expect(form.getByRole('alert')).toHaveText(messages.integrations.refused('Hostaway', 'account ID and API key'));
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  await shoot(page, 'hostaway-refused', info.project.name);

  await key.fill(account.apiSecret);
  await form.getByRole('button', { name: 'Connect Hostaway' }).click();
  const connectedToast = page.getByText(messages.integrations.connected('Hostaway'));
  await expect(connectedToast).toBeVisible();
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(connectedToast).toHaveCount(0);
  expect(await page.content()).not.toContain(account.apiSecret);
  const status = page.getByRole('region', { name: 'Hostaway' });
  await expect(status.getByRole('definition').nth(0)).toHaveText(`Hostaway account ${account.accountId}`);
  // Registered at connect: nothing for the host to paste.
  await expect(page.getByRole('region', { name: 'Webhook' })).toContainText('Nothing to do: Porchlight registered its webhook with Hostaway when you connected');
  await expect(page.getByRole('region', { name: 'Webhook' }).getByTestId('webhook-url')).toHaveCount(0);

  // Its listings, mapped: one to the guidebook, the other "Not in Porchlight".
  const properties = page.getByRole('list', { name: 'Hostaway properties' });
  await expect(properties.getByRole('listitem')).toHaveCount(2);
  await properties.getByLabel('Canal House, 2 bedrooms').selectOption({ label: 'Guidebook: Canal House' });
  await properties.getByLabel('Roof studio').selectOption({ label: 'Not in Porchlight' });
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.integrations.unitsSaved })).toBeVisible();

  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  await hostawayReservation(account.accountId, { id: 88_001, listingMapId: 40_101, arrivalDate: day(9), departureDate: day(12), status: 'new', channelId: 2018, channelName: 'airbnbOfficial', guestFirstName: 'Lotte', guestLastName: 'de Vries', guestEmail: 'lotte.devries@example.com', phone: '+31 6 1234 5678', numberOfGuests: 2, guestLocale: 'nl-NL' });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 stay added' })).toBeVisible();
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  await shoot(page, 'hostaway-connected', info.project.name);

  await page.goto(`/dashboard/stays/${canal._id}`);
  const stay = page.getByTestId('stay').filter({ hasText: 'Lotte de Vries' });
  await expect(stay.getByTestId('stay-source')).toHaveText('From Hostaway');
  await expect(stay).toContainText('2 guests');
  await expect(stay).toContainText('lotte.devries@example.com');
  await shoot(page, 'hostaway-stays', info.project.name, STAY_SHOTS);
});

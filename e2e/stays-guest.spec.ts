import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './support/fixtures.ts';
import { createVerifiedAccount, database, expect, logIn, mailsTo, setPlan, test as base, type Account } from './fixtures/session.ts';
import { sidewaysOverflow, useColorScheme } from './support/layout.ts';

/** Each test's own Gold host (the worker's shared account stays on Free for the other specs). */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`stays-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    setPlan(account.email, 'gold');
    await logIn(page, account, baseURL);
    await use(account);
  },
});

/**
 * Stays and gated secrets, the guest's side: a stay link during its window shows and copies the door code, one
 * before the window says when it opens, a PIN guidebook asks for the PIN, and the islands keep
 * working offline after a first visit. Runs at 375 and 1280 px (the two projects).
 */
const CODE = '4821';
const PASSWORD = 'harbour-lights';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utcLocal = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(0, 16);

async function guidebook(page: Page, origin: string, body: Record<string, unknown>): Promise<{ _id: string; token: string }> {
  const created = await page.request.post('/api/instruction', {
    headers: { origin },
    data: {
      nameInstruction: 'Harbour Loft',
      code: CODE,
      wifiName: 'Loft-Guests',
      wifiPassword: PASSWORD,
      timeZone: 'UTC',
      boxes: [{ id: 1, title: 'Open the lock box', paragraph: '<p>The code is <span data-marker="lockbox"></span>.</p>', imageUrl: '' }],
      ...body,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { instruction: { _id: string; token: string } }).instruction;
}

async function stay(page: Page, origin: string, id: string, body: Record<string, unknown>): Promise<{ token: string; url: string }> {
  const created = await page.request.post(`/api/instruction/${id}/stays`, { headers: { origin }, data: body });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { stay: { token: string; url: string } }).stay;
}

test('a guest on a stay link during the stay copies the door code, and sees it again offline', { tag: '@mobile' }, async ({ page, context, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const g = await guidebook(page, origin, { secretsPolicy: 'stay' });
  const s = await stay(page, origin, g._id, { guestName: 'Dana', checkIn: utcLocal(-DAY), checkOut: utcLocal(2 * DAY) });

  await page.goto(`/stay/${s.token}`);
  await expect(page.getByText('Welcome, Dana')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Loft' })).toBeVisible();
  const access = page.getByRole('region', { name: 'Door code & Wi-Fi' });
  await expect(access.getByText(CODE, { exact: true })).toBeVisible();
  await expect(access.getByText(PASSWORD, { exact: true })).toBeVisible();
  await expect(access.getByRole('img', { name: 'Wi-Fi QR code' })).toBeVisible();

  await access.getByRole('button', { name: 'Copy code' }).click();
  await expect(access.getByRole('status')).toHaveText('Door code copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
  await expect(access.getByRole('status')).toHaveText('');

  // The step's lock-box chip shows the code too, filled in by the island (the page served has a link to the card).
  await expect(page.locator('#check-in .code-chip')).toHaveText(CODE);
  await expect(page.locator('#check-in').getByRole('link', { name: 'Door code', exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Door code' })).toHaveAttribute('href', '#access');

  // Offline, at the door: the saved page and the island open, with the code kept for the stay.
  await expect(page.getByText('Saved on this device: this guidebook opens')).toBeVisible({ timeout: 15_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Welcome, Dana')).toBeVisible();
  await expect(access.getByText(CODE, { exact: true })).toBeVisible();
  await expect(access.getByText('Shown from this device: you are offline.')).toBeVisible();
  await context.setOffline(false);
});

test('before the window the stay link says when the code appears; the public link says it comes with the booking', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin, { secretsPolicy: 'stay', revealHoursBefore: 24 });
  const s = await stay(page, origin, g._id, { checkIn: '2030-07-04T15:00', checkOut: '2030-07-08T11:00' });

  await page.goto(`/stay/${s.token}`);
  const access = page.getByRole('region', { name: 'Door code & Wi-Fi' });
  await expect(access.getByText('Your door code and Wi-Fi password appear here from Wed 3 Jul, 15:00.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(CODE);
  await expect(page.locator('body')).not.toContainText(PASSWORD);

  await page.goto(`/instruction/${g.token}`);
  await expect(page.getByText('Shared with your booking')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(PASSWORD);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a German stay page writes its dates in German, an approved early check-in as "früherer Check-in"; ?lang=fr in French', { tag: '@mobile' }, async ({ page, host, baseURL }, testInfo) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin, { secretsPolicy: 'stay', revealHoursBefore: 24 });
  const s = await stay(page, origin, g._id, { guestName: 'Dora', language: 'de', checkIn: '2030-07-04T15:00', checkOut: '2030-07-08T11:00' });
  // As an approved early check-in leaves the stay (docs/decisions/020): from 12:00.
  database((db) => db.prepare('UPDATE stays SET early_checkin_from = ? WHERE token = ?').run(Date.UTC(2030, 6, 4, 12, 0), s.token));

  await page.goto(`/stay/${s.token}`);
  const dates = page.locator('.hero-dates');
  await expect(dates).toContainText('Do., 4. Juli, 12:00 (früherer Check-in)');
  await expect(dates).toContainText('Mo., 8. Juli, 11:00');
  await expect(page.getByText('Türcode und WLAN-Passwort sehen Sie hier ab Mi., 3. Juli, 12:00.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/\b(Wed|Thu|Mon) \d/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('stay-de-light.png') });
  await useColorScheme(page, 'dark');
  await page.screenshot({ path: testInfo.outputPath('stay-de-dark.png') });

  await page.goto(`/stay/${s.token}?lang=fr`);
  await expect(dates).toContainText('jeu. 4 juil., 12:00 (arrivée anticipée)');
  await expect(dates).toContainText('lun. 8 juil., 11:00');
  await page.screenshot({ path: testInfo.outputPath('stay-fr-dark.png') });
  await useColorScheme(page, 'light');
  await page.goto(`/stay/${s.token}?lang=en`);
  await expect(dates).toContainText('Thu 4 Jul, 12:00 (early check-in)');
  await page.screenshot({ path: testInfo.outputPath('stay-en-light.png') });
});

test('a PIN guidebook asks for the PIN, says when it is wrong, and shows both secrets with the right one', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin, { secretsPolicy: 'pin', secretsPin: '258014' });
  await page.goto(`/instruction/${g.token}`);
  const access = page.getByRole('region', { name: 'Door code & Wi-Fi' });
  const pin = access.getByLabel('PIN from your host');
  await expect(pin).toBeEnabled();
  await pin.fill('1111');
  await access.getByRole('button', { name: 'Show' }).click();
  await expect(access.getByRole('alert')).toHaveText('That PIN is not right. Check it and try again.');
  await expect(pin).toHaveAttribute('aria-invalid', 'true');

  await pin.fill('258014');
  await pin.press('Enter');
  await expect(access.getByText(CODE, { exact: true })).toBeVisible();
  await expect(access.getByText(PASSWORD, { exact: true })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('without JavaScript a gated page reads whole and holds no secret', { tag: '@mobile' }, async ({ browser, page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin, { secretsPolicy: 'pin', secretsPin: '258014' });
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const guest = await context.newPage();
  await guest.goto(`/instruction/${g.token}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Harbour Loft' })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Check-in', exact: true })).toBeVisible();
  await expect(guest.getByText('Turn on JavaScript to enter the PIN.')).toBeVisible();
  await expect(guest.locator('body')).not.toContainText(CODE);
  await context.close();
});

test('"Message your host" on a stay link reaches the host by e-mail', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin, { hostName: 'Marta' });
  const s = await stay(page, origin, g._id, { guestName: 'Ivo', checkIn: utcLocal(-DAY), checkOut: utcLocal(DAY) });
  await page.goto(`/stay/${s.token}`);
  const help = page.getByRole('region', { name: 'Need Help?' });
  const open = help.getByRole('button', { name: 'Message Marta' });
  // The island hydrates on this first click and replays it (client:interact).
  await expect(help.locator('astro-island')).toHaveAttribute('ssr');
  await open.click();
  const note = `We land at 23:40, is late check-in fine? ${Date.now()}`;
  await help.getByLabel('Your name').fill('Ivo');
  await help.getByLabel('Your email (optional, for a reply)').fill('ivo@example.com');
  await help.getByLabel('Message', { exact: true }).fill(note);
  await help.getByRole('button', { name: 'Send message' }).click();
  await expect(help.getByRole('status')).toHaveText('Message sent. Your host gets it by email.');
  await expect.poll(() => mailsTo(host.email).filter((mail) => mail.includes(note)).length, { timeout: 10_000 }).toBe(1);
  const mail = mailsTo(host.email).find((text) => text.includes(note))!;
  expect(mail).toMatch(/^Reply-To: ivo@example\.com/im);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a step’s lock-box chip shows the code on a stay link in its window and after the right PIN; the HTML served never holds it', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  // A code no asset name or token could hold by chance.
  const code = 'Q7-LOCK-93';
  const boxes = [
    { id: 1, title: 'Find the blue door', paragraph: '<p>Third house on the left.</p>', imageUrl: '' },
    { id: 2, title: 'Open the key box', paragraph: '<p>Code: <span data-marker="lockbox"></span></p>', imageUrl: '' },
  ];
  const project = test.info().project.name;

  // A stay link during the stay.
  const stayBook = await guidebook(page, origin, { code, secretsPolicy: 'stay', boxes });
  const s = await stay(page, origin, stayBook._id, { guestName: 'Dana', checkIn: utcLocal(-DAY), checkOut: utcLocal(2 * DAY) });
  const served = await page.request.get(`/stay/${s.token}`);
  expect(served.status()).toBe(200);
  const stayHtml = await served.text();
  expect(stayHtml).not.toContain(code);
  expect(stayHtml).toMatch(/<a class="code-chip-locked" href="#access"><svg aria-hidden="true"[^>]*>.*?<\/svg>Door code<\/a>/);
  await page.goto(`/stay/${s.token}`);
  const step = page.locator('#check-in li').filter({ hasText: 'Open the key box' });
  await expect(step.locator('.code-chip')).toHaveText(code);
  await expect(step).toContainText(`Code: ${code}`);
  await step.scrollIntoViewIfNeeded();
  await step.screenshot({ path: `test-results/guest-step-code-stay-${project}.png`, scale: 'css' });

  // The same guidebook's public link ("Shared with your booking"): the step holds a placeholder that
  // reads as locked (a padlock, an outline, the page's own font), never a chip like a code's.
  for (const [scheme, language, name] of [
    ['light', 'en', 'Door code'],
    ['dark', 'de', 'Türcode'],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/instruction/${stayBook.token}/${language}`);
    const locked = page.locator('#check-in li').filter({ hasText: /Open the key box/ }).getByRole('link', { name, exact: true });
    await expect(locked).toHaveAttribute('href', '#access');
    await expect(locked.locator('svg')).toHaveCount(1);
    const look = await locked.evaluate((element) => {
      const style = getComputedStyle(element);
      return { border: style.borderTopStyle, background: style.backgroundColor, font: style.fontFamily };
    });
    expect(look).toEqual({ border: 'dashed', background: 'rgba(0, 0, 0, 0)', font: expect.not.stringContaining('monospace') });
    await locked.scrollIntoViewIfNeeded();
    await page.locator('#check-in').screenshot({ path: `test-results/guest-step-code-locked-${scheme}-${language}-${project}.png`, scale: 'css' });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The public link of a PIN guidebook: the chip links to the card until the right PIN.
  const pinBook = await guidebook(page, origin, { code, secretsPolicy: 'pin', secretsPin: '258014', boxes });
  const publicHtml = await (await page.request.get(`/instruction/${pinBook.token}`)).text();
  expect(publicHtml).not.toContain(code);
  await page.goto(`/instruction/${pinBook.token}`);
  const pinStep = page.locator('#check-in li').filter({ hasText: 'Open the key box' });
  await expect(pinStep.getByRole('link', { name: 'Door code', exact: true })).toHaveAttribute('href', '#access');
  const access = page.getByRole('region', { name: 'Door code & Wi-Fi' });
  await access.getByLabel('PIN from your host').fill('258014');
  await access.getByRole('button', { name: 'Show' }).click();
  await expect(access.getByText(code, { exact: true })).toBeVisible();
  await expect(pinStep.locator('.code-chip')).toHaveText(code);
  await expect(pinStep.getByRole('link', { name: 'Door code', exact: true })).toHaveCount(0);
  await pinStep.scrollIntoViewIfNeeded();
  await pinStep.screenshot({ path: `test-results/guest-step-code-pin-${project}.png`, scale: 'css' });
  // The snapshot the server stored and serves again holds no code either.
  expect(await (await page.request.get(`/instruction/${pinBook.token}`)).text()).not.toContain(code);
});

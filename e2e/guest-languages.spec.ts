import { sourceHash } from '../src/lib/shared/translations.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { createVerifiedAccount, expect, logIn, mailsTo, test as base, type Account } from './fixtures/session.ts';

/** Each test's own host. */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`guest-lang-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    await logIn(page, account, baseURL);
    await use(account);
  },
});

const shot = (name: string) => `test-results/guest-lang-${name}-${test.info().project.name}.png`;

/**
 * docs/product/guest-languages.md: a guest switches language in the header's menu and the
 * choice sticks on this device. Runs at 375 and 1280 px (the two projects).
 */
test('a guest switches to German in the menu, and the guidebook’s link opens in German from then on', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Harbour Loft', address: 'Obala 1, Split', boxes: [{ id: 1, title: 'Door', paragraph: '<p>Push hard</p>', imageUrl: '' }] } });
  expect(created.status()).toBe(201);
  const { instruction } = (await created.json()) as { instruction: { _id: string; token: string } & Record<string, unknown> };
  const translations = { de: { nameInstruction: { text: 'Hafen-Loft', source: sourceHash('Harbour Loft') }, 'boxes.1.title': { text: 'Tür', source: sourceHash('Door') } } };
  const saved = await page.request.put(`/api/instruction/${instruction._id}`, { headers: { origin }, data: { ...instruction, translations } });
  expect(saved.status()).toBe(200);

  // Guests get the page as it was until the publish is rendered again (docs/decisions/007).
  await expect.poll(async () => (await page.request.get(`/instruction/${instruction.token}`)).text()).toContain('data-lang-menu');
  // The browser asks for English: the main page.
  await page.goto(`/instruction/${instruction.token}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const menu = page.locator('[data-lang-menu] summary');
  await expect(menu).toHaveAccessibleName('Language: English');
  await menu.click();
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.locator('header.hero').screenshot({ path: shot('menu-open'), scale: 'css' });

  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(new RegExp(`/instruction/${instruction.token}/de$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hafen-Loft');
  // The address was not translated: it says it is English.
  await expect(page.locator('p.address')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Anreise' })).toBeVisible();

  // The plain link again: the remembered choice wins over the browser's English.
  await page.goto(`/instruction/${instruction.token}`);
  await expect(page).toHaveURL(new RegExp(`/instruction/${instruction.token}/de$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hafen-Loft');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expect(menu).toHaveAccessibleName('Sprache: Deutsch');
  await page.screenshot({ path: shot('german'), scale: 'css' });
});

test('the device keeps each language the guest opened, for use offline', { tag: '@mobile' }, async ({ page, context, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Harbour Loft' } });
  const { instruction } = (await created.json()) as { instruction: { _id: string; token: string } & Record<string, unknown> };
  const translations = { de: { nameInstruction: { text: 'Hafen-Loft', source: sourceHash('Harbour Loft') } } };
  expect((await page.request.put(`/api/instruction/${instruction._id}`, { headers: { origin }, data: { ...instruction, translations } })).status()).toBe(200);

  await page.goto(`/instruction/${instruction.token}/en`);
  await expect(page.getByText('Saved on this device: this guidebook opens')).toBeVisible({ timeout: 15_000 });
  await page.goto(`/instruction/${instruction.token}/de`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hafen-Loft');

  await context.setOffline(true);
  await page.goto(`/instruction/${instruction.token}/en`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour Loft');
  await page.goto(`/instruction/${instruction.token}/de`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hafen-Loft');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await context.setOffline(false);
});

/** The guest's phone speaks German (the Accept-Language header and navigator.language). */
test.describe('a browser that prefers German', () => {
  test.use({ locale: 'de-DE' });

  test('opens a guidebook translated into German in German everywhere, house rules included', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
    expect(host.email).toBeTruthy();
    const origin = new URL(baseURL!).origin;
    const main = {
      nameInstruction: 'Harbour Loft',
      address: 'Obala 1, Split',
      hostName: 'Ana',
      checkInTime: '15:00',
      textGreating: '<p>Welcome to Split!</p>',
      boxes: [{ id: 1, title: 'The gate', paragraph: '<p>Ring the bell marked 4.</p>', imageUrl: '' }],
      manualBoxes: [{ id: 2, paragraph: '<p>The beach is five minutes away.</p>' }],
      checkoutSteps: ['Leave the keys on the table'],
    };
    const created = await page.request.post('/api/instruction', { headers: { origin }, data: main });
    expect(created.status()).toBe(201);
    const { instruction } = (await created.json()) as { instruction: { _id: string; token: string } & Record<string, unknown> };
    const de = (source: string, text: string) => ({ text, source: sourceHash(source) });
    const translations = {
      de: {
        nameInstruction: de(main.nameInstruction, 'Hafen-Loft'),
        textGreating: de(main.textGreating, '<p>Willkommen in Split!</p>'),
        'boxes.1.title': de('The gate', 'Das Tor'),
        'boxes.1.paragraph': de('<p>Ring the bell marked 4.</p>', '<p>Klingeln Sie bei der 4.</p>'),
        'manualBoxes.2.paragraph': de('<p>The beach is five minutes away.</p>', '<p>Der Strand ist fünf Minuten entfernt.</p>'),
        'checkoutSteps.0': de('Leave the keys on the table', 'Lassen Sie die Schlüssel auf dem Tisch'),
      },
    };
    const saved = await page.request.put(`/api/instruction/${instruction._id}`, { headers: { origin }, data: { ...instruction, translations } });
    expect(saved.status()).toBe(200);
    await expect.poll(async () => (await page.request.get(`/instruction/${instruction.token}/de`)).text()).toContain('Hafen-Loft');

    // The link the host shares names no language: the browser's German is chosen, with no redirect.
    await page.goto(`/instruction/${instruction.token}`);
    await expect(page).toHaveURL(new RegExp(`/instruction/${instruction.token}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hafen-Loft');
    await expect(page.getByRole('heading', { name: 'Das Tor' })).toBeVisible();
    await expect(page.getByText('Willkommen in Split!')).toBeVisible();
    await expect(page.getByText('Der Strand ist fünf Minuten entfernt.')).toBeVisible();
    await expect(page.getByText('Lassen Sie die Schlüssel auf dem Tisch')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hausordnung' })).toBeVisible();
    await expect(page.getByText('Partys und Veranstaltungen sind nicht gestattet.')).toBeVisible();
    // Every text is German but the address and the host's name, which are not translated (docs/decisions/021): they say they are English.
    const english = await page.locator('body [lang="en"]:not([data-lang-choice])').allTextContents();
    expect(english.length).toBeGreaterThan(0);
    for (const text of english) expect(['Obala 1, Split', 'Ana']).toContain(text.trim());
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: shot('translated'), scale: 'css', fullPage: true });
  });

  test('sees the page’s own words in German around the host’s English texts when there is no translation', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
    expect(host.email).toBeTruthy();
    const origin = new URL(baseURL!).origin;
    const created = await page.request.post('/api/instruction', {
      headers: { origin },
      data: { nameInstruction: 'Harbour Loft', address: 'Obala 1, Split', boxes: [{ id: 1, title: 'The gate', paragraph: '<p>Ring the bell marked 4.</p>', imageUrl: '' }] },
    });
    const { instruction } = (await created.json()) as { instruction: { token: string } };

    await page.goto(`/instruction/${instruction.token}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Anreise' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hausordnung' })).toBeVisible();
    // The host's texts stay as written, marked English for screen readers.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour Loft');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'The gate' })).toHaveAttribute('lang', 'en');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: shot('words-only'), scale: 'css', fullPage: true });

    // The menu leads to the host's own language, and the choice sticks.
    const menu = page.locator('[data-lang-menu] summary');
    await expect(menu).toHaveAccessibleName('Sprache: Deutsch');
    await menu.click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`/instruction/${instruction.token}/en$`));
    await expect(page.getByRole('heading', { name: 'Check-in', exact: true })).toBeVisible();
    await page.goto(`/instruction/${instruction.token}`);
    await expect(page).toHaveURL(new RegExp(`/instruction/${instruction.token}/en$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('on the German page the host contact form’s answers come from the server in German', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Harbour Loft', hostName: 'Marta' } });
  expect(created.status()).toBe(201);
  const { instruction } = (await created.json()) as { instruction: { _id: string; token: string } & Record<string, unknown> };
  const translations = { de: { nameInstruction: { text: 'Hafen-Loft', source: sourceHash('Harbour Loft') } } };
  expect((await page.request.put(`/api/instruction/${instruction._id}`, { headers: { origin }, data: { ...instruction, translations } })).status()).toBe(200);

  await page.goto(`/instruction/${instruction.token}/de`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hafen-Loft');
  const help = page.getByRole('region', { name: 'Brauchen Sie Hilfe?' });
  // The island hydrates on this first click and replays it (client:interact).
  await help.getByRole('button', { name: 'Nachricht an Marta' }).click();
  const note = `Wir landen um 23:40, ist ein später Check-in möglich? ${Date.now()}`;
  await help.getByLabel('Ihr Name').fill('Jonas');
  await help.getByLabel('Ihre E-Mail-Adresse (optional, für eine Antwort)').fill('jonas-at-example');
  await help.getByLabel('Nachricht', { exact: true }).fill(note);
  await help.getByRole('button', { name: 'Nachricht senden' }).click();
  // The address is checked on the server only: its error is German too.
  await expect(help.getByRole('alert')).toHaveText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  await help.getByLabel('Ihre E-Mail-Adresse (optional, für eine Antwort)').fill('jonas@example.com');
  await help.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(help.getByRole('status')).toHaveText('Nachricht gesendet. Ihr Gastgeber erhält sie per E-Mail.');
  await expect.poll(() => mailsTo(host.email).filter((mail) => mail.includes(note)).length, { timeout: 10_000 }).toBe(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await help.screenshot({ path: shot('contact-sent-de'), scale: 'css' });
});

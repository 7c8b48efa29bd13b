import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import { expect as baseExpect, database, mailsTo, test, transitionsDone } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';

// Sharing: the share dialog (options panel and editor), QR downloads, the printable
// poster and the guest-link mail. Every worker has one account (fixtures/session.ts).

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const WIFI_PASSWORD = 'Harbour-Wifi-7713';
const CODE = 'LOCK-5520';

interface Guidebook {
  _id: string;
  nameInstruction: string;
  token: string;
}

function origin(page: Page): string {
  return new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url()).origin;
}

/** The worker's account with no guidebooks (the Free plan allows three), then one to share. */
async function freshGuidebook(page: Page, name: string, extra: Record<string, unknown> = {}): Promise<Guidebook> {
  const base = origin(page);
  const list = (await (await page.request.get(`${base}/api/instruction`)).json()) as Guidebook[];
  for (const item of list) expect((await page.request.delete(`${base}/api/instruction/${item._id}`, { headers: { origin: base } })).ok()).toBe(true);
  const response = await page.request.post(`${base}/api/instruction`, {
    headers: { origin: base },
    data: { nameInstruction: name, wifiName: 'Harbour-Guest', wifiPassword: WIFI_PASSWORD, code: CODE, hostName: 'Dana', ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { instruction: Guidebook }).instruction;
}

function toast(page: Page, message: string | RegExp) {
  return page.getByRole('region', { name: /notifications/i }).getByText(message);
}

async function openShareFromOptions(page: Page, name: string) {
  await page.goto('/dashboard');
  await page.getByRole('article', { name }).getByRole('button', { name: /More/ }).click();
  const panel = page.getByRole('dialog', { name: 'Options' });
  await panel.getByRole('button', { name: /^Share/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Share guidebook' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  return dialog;
}

async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** Page size of a PDF's first page in points, from its MediaBox. */
function pdfPageSize(pdf: Buffer): [number, number] {
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  if (!box) throw new Error('no MediaBox in the PDF');
  return [Number(box[3]) - Number(box[1]), Number(box[4]) - Number(box[2])];
}

/** How many pages a PDF has: the poster must print on exactly one. */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

/** Light or dark dashboard (src/admin/lib/theme.ts keeps the choice in localStorage). */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

test('the share dialog from the options panel: copy link, QR as PNG and SVG, poster in a new tab', async ({ page, context, host: _host }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `Harbour Loft ${test.info().project.name}`;
  const guidebook = await freshGuidebook(page, name);
  const link = `${origin(page)}/instruction/${guidebook.token}`;
  const dialog = await openShareFromOptions(page, name);

  // Focus starts on the main action; the link is shown in full.
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
  await expect(dialog.getByTestId('share-link')).toHaveText(link);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page, messages.instruction.linkCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The preview of the code has loaded.
  const preview = dialog.getByRole('img', { name: 'QR code of the guest link' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [png] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: /^PNG/ }).click()]);
  expect(png.suggestedFilename()).toBe(`${slug}-qr.png`);
  expect((await downloaded(png)).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

  const [svg] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: /^SVG/ }).click()]);
  expect(svg.suggestedFilename()).toBe(`${slug}-qr.svg`);
  expect((await downloaded(svg)).toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

  const [poster] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('link', { name: /Open printable poster/ }).click()]);
  await expect(poster).toHaveURL(`${origin(page)}/dashboard/poster/${guidebook._id}`);
  await expect(poster.getByRole('heading', { name, level: 2 })).toBeVisible();
  await poster.close();

  // Escape closes the dialog and gives the options panel back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Options' })).toBeVisible();
});

test('a guidebook in German: the dialog’s Language choice gives the German link, QR code, poster and mail', async ({ page, context, host: _host }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const project = test.info().project.name;
  // Both themes get their look and their axe pass: dark on the phone, light on the desktop.
  if (project === 'mobile') await useTheme(page, 'dark');
  const name = `Harbour Loft ${project}`;
  const made = await freshGuidebook(page, name);
  const base = origin(page);
  const translations = { de: { nameInstruction: { text: `Hafenloft ${project}`, source: sourceHash(name) } } };
  const saved = await page.request.put(`${base}/api/instruction/${made._id}`, { headers: { origin: base }, data: { ...made, translations } });
  expect(saved.status(), await saved.text()).toBe(200);
  const link = `${base}/instruction/${made.token}`;
  const dialog = await openShareFromOptions(page, name);

  // The guest's own first (the plain link), then each language by its own name, the main one first.
  const language = dialog.getByLabel('Language');
  await expect(language).toHaveValue('');
  await expect(language.getByRole('option')).toHaveText(["Guest's own (follows their phone)", 'English', 'Deutsch']);
  await expect(dialog.getByTestId('share-link')).toHaveText(link);

  await language.selectOption({ label: 'Deutsch' });
  await expect(dialog.getByTestId('share-link')).toHaveText(`${link}/de`);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${link}/de`);
  await expect(dialog.getByRole('link', { name: /^PNG/ })).toHaveAttribute('href', `/api/instruction/${made._id}/qr?format=png&lang=de`);
  const preview = dialog.getByRole('img', { name: 'QR code of the guest link' });
  await expect(preview).toHaveAttribute('src', /lang=de/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const posterLink = dialog.getByRole('link', { name: /Open printable poster/ });
  await expect(posterLink).toHaveAttribute('href', `/dashboard/poster/${made._id}?lang=de`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/sharing-language-${project}.png` });

  // The mail goes out in German, with the German page's link.
  const to = `gast-${project}-${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel("Guest's email address").fill(to);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, messages.sharing.mailSentTo(to))).toBeVisible();
  await expect.poll(() => mailsTo(to).length).toBe(1);
  const mail = mailsTo(to)[0]!;
  expect(mail).toContain(`${link}/de`);
  expect(mail).toContain('Guten Tag,');

  const [poster] = await Promise.all([page.waitForEvent('popup'), posterLink.click()]);
  await expect(poster).toHaveURL(`${base}/dashboard/poster/${made._id}?lang=de`);
  await expect(poster.locator('html')).toHaveAttribute('lang', 'de');
  await expect(poster.getByRole('heading', { name: `Hafenloft ${project}`, level: 2 })).toBeVisible();
  await expect(poster.getByText('Herzlich willkommen')).toBeVisible();
  await expect(poster.getByText(`${link.replace(/^https?:\/\//, '')}/de`)).toBeVisible();
  await poster.close();

  // Back to the guest's own: the plain link again.
  await language.selectOption('');
  await expect(dialog.getByTestId('share-link')).toHaveText(link);
  await expect(posterLink).toHaveAttribute('href', `/dashboard/poster/${made._id}`);
});

test('send by email: a bad address is explained, a good one is sent without the secrets', async ({ page, host: _host }) => {
  const name = `Mail Loft ${test.info().project.name}`;
  const guidebook = await freshGuidebook(page, name);
  const dialog = await openShareFromOptions(page, name);
  const field = dialog.getByLabel("Guest's email address");

  await field.fill('guest-at-example.com');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(messages.sharing.emailInvalid);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();

  const to = `guest-${test.info().project.name}-${Date.now().toString(36)}@example.com`;
  await field.fill(to);
  await expect(field).not.toHaveAttribute('aria-invalid');
  await field.press('Enter');
  await expect(toast(page, messages.sharing.mailSentTo(to))).toBeVisible();
  await expect(field).toHaveValue('');

  // Without SMTP_URL the outbox writes the mail to a file (docs/running-locally.md, Local mail).
  await expect.poll(() => mailsTo(to).length).toBe(1);
  const mail = mailsTo(to)[0]!;
  expect(mail).toContain(`${origin(page)}/instruction/${guidebook.token}`);
  expect(mail).toContain(name);
  expect(mail).not.toContain(WIFI_PASSWORD);
  expect(mail).not.toContain(CODE);
});

test.describe('in a browser set to British English', () => {
  test.use({ locale: 'en-GB' });

  test('the printable poster: name, guest-link QR, Wi-Fi, A4 or Letter, Print', async ({ page, host: _host }) => {
    const name = `Poster Loft ${test.info().project.name}`;
    const guidebook = await freshGuidebook(page, name);
    await page.goto(`/dashboard/poster/${guidebook._id}`);

    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(page.getByRole('img', { name: `QR code: open the guidebook for ${name}` })).toBeVisible();
    await expect(page.getByTestId('poster-url')).toHaveText(`${origin(page)}/instruction/${guidebook.token}`.replace(/^https?:\/\//, ''));
    await expect(page.getByRole('img', { name: 'Wi-Fi QR code' })).toBeVisible();
    await expect(page.getByText('Harbour-Guest')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(CODE);
    await expect(page.locator('body')).not.toContainText(WIFI_PASSWORD);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A4 by default here (Letter is the default only in the US, Canada and Mexico); Letter on request.
    const a4 = page.getByRole('radio', { name: 'A4' });
    const letter = page.getByRole('radio', { name: 'Letter' });
    await expect(a4).toBeChecked();
    const sheet = page.getByRole('article', { name: 'Poster' });
    const ratio = () => sheet.evaluate((element) => element.getBoundingClientRect().height / element.getBoundingClientRect().width);
    expect(await ratio()).toBeCloseTo(297 / 210, 2);
    // 210 × 297 mm is 595.3 × 841.9 pt; Chromium rounds the page to whole CSS pixels.
    const a4Pdf = await page.pdf({ preferCSSPageSize: true });
    expect(pdfPageCount(a4Pdf)).toBe(1);
    const [a4Width, a4Height] = pdfPageSize(a4Pdf);
    expect(Math.abs(a4Width - 595.3)).toBeLessThan(1.5);
    expect(Math.abs(a4Height - 841.9)).toBeLessThan(1.5);

    await page.getByText('Letter', { exact: true }).click();
    await expect(letter).toBeChecked();
    expect(await ratio()).toBeCloseTo(279.4 / 215.9, 2);
    const letterPdf = await page.pdf({ preferCSSPageSize: true });
    expect(pdfPageCount(letterPdf)).toBe(1);
    expect(pdfPageSize(letterPdf)).toEqual([612, 792]);
    // Remembered for the next poster.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Letter' })).toBeChecked();

    // Print opens the browser's print dialog; the toolbar does not print.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  });
});

test('a poster with a very long name and network still fits its page', async ({ page, host: _host }) => {
  const name = `The Very Long Named Seaside Cottage With A Garden, A Pool And A View Of The Old Harbour ${'and more '.repeat(14)}`.slice(0, 200);
  const base = origin(page);
  const guidebook = await freshGuidebook(page, 'placeholder');
  const saved = await page.request.get(`${base}/api/instruction/${guidebook._id}`);
  const full = (await saved.json()) as Record<string, unknown>;
  const put = await page.request.put(`${base}/api/instruction/${guidebook._id}`, {
    headers: { origin: base },
    data: { ...full, nameInstruction: name, wifiName: `Cottage-Guest-Network-${'5G-'.repeat(40)}`.slice(0, 120) },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await page.goto(`/dashboard/poster/${guidebook._id}`);
  await page.getByText('Letter', { exact: true }).click();
  const sheet = (await page.getByRole('article', { name: 'Poster' }).boundingBox())!;
  const parts = { 'guest-link QR': page.getByRole('img', { name: /^QR code: open the guidebook/ }), 'Wi-Fi QR': page.getByRole('img', { name: 'Wi-Fi QR code' }), footer: page.getByText('Made with Porchlight') };
  for (const [label, part] of Object.entries(parts)) {
    const box = (await part.boundingBox())!;
    expect(box.y + box.height, label).toBeLessThanOrEqual(sheet.y + sheet.height);
  }
  expect(pdfPageCount(await page.pdf({ preferCSSPageSize: true }))).toBe(1);
  await page.screenshot({ path: `test-results/sharing-poster-long-${test.info().project.name}.png`, fullPage: true });
});

test('a poster with five favourite places, a long name and network still fits its page, on A4 and Letter', async ({ page, host: _host }) => {
  const base = origin(page);
  const guidebook = await freshGuidebook(page, 'placeholder');
  const full = (await (await page.request.get(`${base}/api/instruction/${guidebook._id}`)).json()) as Record<string, unknown>;
  const place = (id: number) => ({
    id,
    name: `Favourite place number ${id} with a rather long name`,
    category: 'eat',
    note: '',
    mapUrl: '',
    lat: null,
    lng: null,
    address: `Put Firula ${id}, 21000 Split, Croatia, by the old harbour`,
    website: '',
    phone: '',
    imageUrl: '',
    pick: true,
  });
  const put = await page.request.put(`${base}/api/instruction/${guidebook._id}`, {
    headers: { origin: base },
    data: { ...full, nameInstruction: `The Long Named Seaside Cottage With A Garden ${'and more '.repeat(4)}`, wifiName: `Cottage-Guest-Network-${'5G-'.repeat(10)}`, places: [1, 2, 3, 4, 5, 6].map(place) },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await page.goto(`/dashboard/poster/${guidebook._id}`);
  const favourites = page.getByRole('region', { name: 'Our favourites' });
  await expect(favourites.getByRole('listitem')).toHaveCount(5);
  for (const paper of ['A4', 'Letter']) {
    await page.getByText(paper, { exact: true }).click();
    const sheet = (await page.getByRole('article', { name: 'Poster' }).boundingBox())!;
    const parts = { 'guest-link QR': page.getByRole('img', { name: /^QR code: open the guidebook/ }), favourites, 'Wi-Fi QR': page.getByRole('img', { name: 'Wi-Fi QR code' }), footer: page.getByText('Made with Porchlight') };
    for (const [label, part] of Object.entries(parts)) {
      const box = (await part.boundingBox())!;
      expect(box.y + box.height, `${paper}: ${label}`).toBeLessThanOrEqual(sheet.y + sheet.height);
    }
    // Nothing overlaps: the scan block sits between the lead and the steps. Measured at 1280 px,
    // where the sheet has the printed page's proportions; the 375-px miniature is a preview
    // whose mobile text sizing (isMobile) makes its smallest text relatively larger.
    const bottom = async (text: string | RegExp) => ((await page.getByText(text).first().boundingBox())!).y + ((await page.getByText(text).first().boundingBox())!).height;
    const top = async (text: string | RegExp) => (await page.getByText(text).first().boundingBox())!.y;
    // (a pixel of rounding allowed: the line boxes carry their own air)
    if (test.info().project.name === 'desktop') {
      expect(await top('Scan to open your guidebook'), `${paper}: the lead`).toBeGreaterThanOrEqual((await bottom(/^Your guidebook for this stay/)) - 1);
      expect(await bottom(/\/instruction\//), `${paper}: the link`).toBeLessThanOrEqual((await top("Open your phone's camera and point it at the code.")) + 1);
    }
    expect(pdfPageCount(await page.pdf({ preferCSSPageSize: true })), paper).toBe(1);
    await page.screenshot({ path: `test-results/sharing-poster-favourites-${paper}-${test.info().project.name}.png`, fullPage: true });
  }
});

test.describe('in a browser set to US English', () => {
  test.use({ locale: 'en-US' });

  test('the poster starts on Letter', async ({ page, host: _host }) => {
    const guidebook = await freshGuidebook(page, `Letter Loft ${test.info().project.name}`);
    await page.goto(`/dashboard/poster/${guidebook._id}`);
    await expect(page.getByRole('radio', { name: 'Letter' })).toBeChecked();
  });
});

test('the editor shares the saved guidebook', async ({ page, host: _host }) => {
  const name = `Editor Loft ${test.info().project.name}`;
  const guidebook = await freshGuidebook(page, name);
  await page.goto(`/dashboard/edit/${guidebook._id}`);
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  await page.screenshot({ path: `test-results/sharing-editor-${test.info().project.name}.png` });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share guidebook' });
  await expect(dialog).toContainText(name);
  await expect(dialog.getByTestId('share-link')).toHaveText(`${origin(page)}/instruction/${guidebook.token}`);
  await expect(dialog.getByRole('link', { name: /Open printable poster/ })).toHaveAttribute('href', `/dashboard/poster/${guidebook._id}`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeFocused();
});

test('a gated guidebook’s share dialog says the public link carries no door code and leads to the stay links', async ({ page, host: _host }) => {
  const project = test.info().project.name;
  const note = (dialog: ReturnType<Page['getByRole']>) => dialog.getByRole('note', { name: 'Door code and Wi-Fi password' });

  // Shown during stays only: from the options panel, a link to the guidebook's Stays view.
  const stayName = `Stay Loft ${project}`;
  const stayBook = await freshGuidebook(page, stayName, { secretsPolicy: 'stay' });
  let dialog = await openShareFromOptions(page, stayName);
  await expect(note(dialog)).toHaveText(/The door code and Wi-Fi password show only on stay links, during the stay\. Share a stay link instead\./);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.classList.toggle('dark', value === 'dark'), theme);
    await transitionsDone(page);
    await page.screenshot({ path: `test-results/sharing-gated-stay-${project}-${theme}.png` });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  // Measured mid-transition, a button's text is half dark: contrast only once the colours settle.
  await transitionsDone(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await note(dialog).getByRole('link', { name: 'Share a stay link' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/stays/${stayBook._id}$`));
  await expect(dialog).toBeHidden();

  // With a PIN: the host is told to send it; in the editor the stays are its own tab.
  const pinName = `Pin Loft ${project}`;
  const pinBook = await freshGuidebook(page, pinName, { secretsPolicy: 'pin', secretsPin: '258014' });
  await page.goto(`/dashboard/edit/${pinBook._id}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Share guidebook' });
  await expect(note(dialog)).toContainText('Guests need the PIN to see the door code and Wi-Fi password: send it with the link.');
  await expect(dialog.getByTestId('share-link')).toHaveText(`${origin(page)}/instruction/${pinBook.token}`);
  await page.screenshot({ path: `test-results/sharing-gated-pin-${project}.png` });
  await note(dialog).getByRole('button', { name: 'Stay links' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add stay' }).first()).toBeVisible();

  // Shown to everyone: no note.
  const openName = `Open Loft ${project}`;
  await freshGuidebook(page, openName);
  dialog = await openShareFromOptions(page, openName);
  await expect(dialog.getByTestId('share-link')).toBeVisible();
  await expect(note(dialog)).toHaveCount(0);
});

test('someone else’s poster is a 404 page', async ({ page, host: _host }) => {
  // The demo guidebook belongs to the seeded demo host, never to a test account.
  const foreign = database((db) => (db.prepare("SELECT id FROM instructions WHERE token = 'demo-seaside-cottage-2025'").get() as { id: string } | undefined)?.id);
  expect(foreign).toBeDefined();
  const response = await page.goto(`/dashboard/poster/${foreign}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: messages.app.notFound })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`screenshots of the share dialog and the poster (${theme})`, async ({ page, host: _host }) => {
    await useTheme(page, theme);
    const project = test.info().project.name;
    const name = `Seaside Cottage`;
    const guidebook = await freshGuidebook(page, name);
    const dialog = await openShareFromOptions(page, name);
    await expect.poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/sharing-dialog-${project}-${theme}.png` });

    await page.goto(`/dashboard/poster/${guidebook._id}`);
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await page.screenshot({ path: `test-results/sharing-poster-${project}-${theme}.png`, fullPage: true });
    if (theme === 'light' && project === 'desktop') {
      // What the printer gets: print styles in a window the size of the paper at 96 dpi.
      for (const [paper, width, height] of [['A4', 794, 1123], ['Letter', 816, 1056]] as const) {
        await page.emulateMedia({ media: 'screen' });
        await page.getByText(paper, { exact: true }).click();
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ media: 'print' });
        await page.screenshot({ path: `test-results/sharing-print-${paper.toLowerCase()}.png` });
      }
    }
  });
}

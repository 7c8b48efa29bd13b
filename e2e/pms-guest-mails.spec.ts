import fs from 'node:fs';
import { request, type Page } from '@playwright/test';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import { createVerifiedAccount, expect, logIn, mailsTo, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/layout.ts';

// docs/decisions/029-pms-connectors.md §9, docs/product/integrations.md: the host connects Smoobu (its
// stand-in, tests/helpers/pms/cli.ts) on the Integrations screen and maps a flat to a guidebook
// written in English with a German translation; a booking of a German guest two days ahead arrives,
// and the guest gets their stay link by mail, in German, without a secret (read from the e2e
// server's outbox folder). The guidebook's Stays view then shows the setting and "Link mailed".

// One long walk (connect, map, sync, the mail, the Stays view, an erasure), shot light and dark at each width.
test.describe.configure({ timeout: 240_000 });

const SHOTS = '/tmp/shots-pms-mails';
const SMOOBU = `https://127.0.0.1:${process.env.E2E_SMOOBU_PORT ?? Number(process.env.E2E_PORT ?? 4330) + 3}`;

async function control<T>(path: string, data: unknown): Promise<T> {
  const context = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const answer = await context.post(`${SMOOBU}/__control/${path}`, { data });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as T;
  } finally {
    await context.dispose();
  }
}

async function shoot(page: Page, name: string, project: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}-${project}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test('a German guest of a Smoobu booking gets the stay link by mail, in German', { tag: '@mobile' }, async ({ page, baseURL }, info) => {
  const owner = await createVerifiedAccount(`pms-mails-${info.project.name}`);
  await logIn(page, owner, baseURL);
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', {
    headers: { origin },
    data: { nameInstruction: 'Harbour Loft', hostName: 'Marta', code: '482913', wifiName: 'Loft', wifiPassword: 'sunny-days-42', timeZone: 'Europe/Berlin', translations: { de: { nameInstruction: { text: 'Hafenloft', source: sourceHash('Harbour Loft') } } } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const loft = ((await created.json()) as { instruction: Instruction }).instruction;
  const account = await control<{ apiKey: string; apiSecret: string }>('accounts', { apartments: [{ id: 801, name: 'Harbour flat' }] });

  // Connected and mapped on the Integrations screen.
  await page.goto('/dashboard/integrations');
  await page.getByRole('button', { name: 'Connect Smoobu' }).click();
  const form = page.getByRole('form', { name: 'Connect Smoobu' });
  await form.getByLabel('API key').fill(account.apiKey);
  await form.getByLabel('API secret').fill(account.apiSecret);
  await form.getByRole('button', { name: 'Connect Smoobu' }).click();
  await page.getByRole('button', { name: 'Close toast' }).click();
  await page.getByRole('list', { name: 'Smoobu properties' }).getByLabel('Harbour flat').selectOption({ label: 'Guidebook: Harbour Loft' });
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByRole('status').filter({ hasText: /saved/i }).first()).toBeVisible();

  // Greta books in Smoobu, arriving in two days; Sync now brings her stay, and the link goes at once.
  const email = `greta.${info.project.name}.${Date.now()}@example.com`;
  const arrival = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const departure = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await control('bookings', { apiKey: account.apiKey, booking: { id: 9801, apartmentId: 801, arrival, departure, firstname: 'Greta', lastname: 'Maier', email, language: 'de' } });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 stay added' })).toBeVisible();

  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
  const mail = mailsTo(email)[0]!;
  expect(mail).toContain('Guten Tag Greta Maier,');
  expect(mail).toContain('Marta hat die Gästemappe für Hafenloft mit Ihnen geteilt');
  // The HTML part travels base64-encoded.
  const html = Buffer.from(mail.split('Content-Transfer-Encoding: base64')[1]!.split(/\r?\n--/)[0]!.replace(/\s+/g, ''), 'base64').toString('utf8');
  expect(html).toContain('<html lang="de">');
  expect(html).toContain('Hafenloft');
  expect(mail).toMatch(/\/stay\/[\w-]+/);
  // The door code has six digits: four turned up by chance in the raw mail (its base64 part and ids) once.
  for (const secret of ['482913', 'sunny-days-42']) expect(mail).not.toContain(secret);

  // The guidebook's Stays view, in the editor: the setting, shown because the guidebook is Smoobu's, and when the link went.
  await page.goto(`/dashboard/edit/${loft._id}`);
  await page.getByRole('radio', { name: 'Stays' }).click();
  await expect(page.getByRole('heading', { name: 'Guests from Smoobu' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Mail them their stay link 3 days before arrival' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Remind those who have not opened it' })).toBeChecked();
  await expect(page.getByLabel('Send the link')).toHaveValue('3');
  await expect(page.getByRole('listitem', { name: 'Greta Maier' })).toContainText('Link mailed');
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  await shoot(page, 'stays-setting', info.project.name);

  // A guest asks for their data: the form under the stays, and the erasure from the stay's own dialog.
  await expect(page.getByRole('heading', { name: 'A guest asks for their data' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit stay of Greta Maier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit stay' });
  await dialog.getByRole('button', { name: 'Erase guest’s details' }).click();
  await shoot(page, 'erase-confirm', info.project.name);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('The guest’s details are erased from this stay.')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Greta Maier' })).toHaveCount(0);
});

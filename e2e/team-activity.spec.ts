import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { createVerifiedAccount, database, expect, logIn, setPlan, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { sidewaysOverflow, useColorScheme } from './support/layout.ts';

// docs/product.md §6 Activity (docs/decisions/028-teams.md §9): the owner adds a stay and answers
// an order in the dashboard, then reads both in the team's activity, at 375 and 1280 px.

test.describe.configure({ timeout: 90_000 });

const SHOTS = '/tmp/shots-teams-slice6';
const DAY = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const BASKET = { id: 12, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 2, approval: 'host' };

/** Opens a sidebar entry (on a phone, from the drawer). */
async function openFromSidebar(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name }).click();
}

test('the owner adds a stay and approves an order, and reads both in Activity', { tag: '@mobile' }, async ({ page, browser, baseURL }, info) => {
  const owner = await createVerifiedAccount(`activity-${info.project.name}`);
  setPlan(owner.email, 'gold');
  await logIn(page, owner, baseURL);
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Harbour Loft', timeZone: 'UTC', extras: [BASKET] } });
  expect(created.status(), await created.text()).toBe(201);
  const guidebook = ((await created.json()) as { instruction: Instruction }).instruction;

  // A stay added in the Stays screen.
  await page.goto(`/dashboard/stays/${guidebook._id}`);
  await page.getByRole('button', { name: 'Add stay' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add stay' });
  await dialog.getByLabel('Guest name (optional)').fill('Lena Vogt');
  await dialog.getByLabel('Check-in').fill(`${day(5)}T15:00`);
  await dialog.getByLabel('Check-out').fill(`${day(8)}T11:00`);
  await dialog.getByRole('button', { name: 'Add stay' }).click();
  await expect(dialog).toBeHidden();

  // The guest asks for the basket from the stay link; the owner approves it in Orders.
  const stays = (await (await page.request.get(`/api/instruction/${guidebook._id}/stays?group=upcoming`)).json()) as StaysPage;
  const asked = await page.request.post(`/api/guest/${stays.stays[0]!.token}/extras/${BASKET.id}`, { headers: { origin }, data: {} });
  expect(asked.status(), await asked.text()).toBe(201);
  await page.goto('/dashboard');
  await openFromSidebar(page, 'Orders');
  await page.getByRole('region', { name: 'Waiting for you' }).getByRole('button', { name: 'Approve Breakfast basket for Lena Vogt' }).click();
  await expect(page.getByText('Request approved. Your guest gets an e-mail.')).toBeVisible();

  await openFromSidebar(page, 'Activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(`${owner.name} approved “Breakfast basket”`);
  await expect(lines.nth(1)).toContainText(`${owner.name} added a stay for Lena Vogt`);
  for (const line of [lines.nth(0), lines.nth(1)]) {
    await expect(line).toContainText('Harbour Loft');
    await expect(line.locator('time')).toContainText(/just now|minute ago|minutes ago/);
  }
  await expect(page.getByRole('button', { name: 'Load older' })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);

  fs.mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/activity-en-${scheme}-${info.project.name}.png`, fullPage: true });
  }
  // A French browser: the dashboard's words stay English (it has no other dictionary), the exact times are French.
  const french = await browser.newContext({ ...info.project.use, locale: 'fr-FR', colorScheme: 'dark' });
  const frenchPage = await french.newPage();
  await logIn(frenchPage, owner, baseURL);
  await frenchPage.goto('/dashboard/activity');
  await expect(frenchPage.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem')).toHaveCount(2);
  await expect(frenchPage.locator('time').first()).toContainText(/\d{4}/);
  expect((await sidewaysOverflow(frenchPage)).beyondRightEdge).toEqual([]);
  await frenchPage.screenshot({ path: `${SHOTS}/activity-fr-dark-${info.project.name}.png`, fullPage: true });
  await french.close();
});

test('a team with nothing done yet reads an empty Activity', async ({ page, baseURL }, info) => {
  const owner = await createVerifiedAccount(`activity-empty-${info.project.name}`);
  await logIn(page, owner, baseURL);
  await page.goto('/dashboard/activity');
  await expect(page.getByText('Nothing yet')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/activity-empty-${info.project.name}.png`, fullPage: true });
});

test('"Load older" brings the next 50 lines, and the count says so', async ({ page, baseURL }, info) => {
  const owner = await createVerifiedAccount(`activity-older-${info.project.name}`);
  database((db) => {
    const { team_id } = db.prepare("SELECT m.team_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ? AND m.role = 'owner'").get(owner.email) as { team_id: string };
    const insert = db.prepare("INSERT INTO team_activity (team_id, actor, action, details, created_at) VALUES (?, 'system', 'settings.saved', '{}', ?)");
    for (let n = 0; n < 60; n += 1) insert.run(team_id, Date.now() - (n + 1) * 3_600_000);
  });
  await logIn(page, owner, baseURL);
  await page.goto('/dashboard/activity');
  const lines = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  await expect(lines).toHaveCount(50);
  await expect(page.getByText('50 most recent shown')).toBeVisible();
  await expect(lines.first()).toContainText('Porchlight saved Auto-Fill');
  await page.getByRole('button', { name: 'Load older' }).click();
  await expect(lines).toHaveCount(60);
  await expect(page.getByText('All 60 shown')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load older' })).toHaveCount(0);
  await expect(lines.last().locator('time')).toContainText('3 days ago');
});

import { request, type Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { LocksView } from '../src/lib/shared/schemas/locks.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { instantToLocal } from '../src/lib/shared/time-zone.ts';
import { createMember } from './fixtures/members.ts';
import { appOrigin, createVerifiedAccount, database, expect, logIn, setPlan, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { sidewaysOverflow, useColorScheme, type ColorScheme } from './support/layout.ts';

// docs/product/locks.md, Arrivals (slice 4 of docs/decisions/030-smart-locks.md): a Premium host
// with a lock on a guidebook adds a stay and watches its door code go from "Setting" to "Set" on
// Arrivals, then shows it; a lock that never sets the code shows "Failed, backup in use" once the
// deadline has passed (forced in the database, as tests/locks-codes.test.ts does), and the team's
// Cleaner sees the state without "Show code". The lock is Seam's stand-in (tests/helpers/pms/cli.ts,
// under /seam), told how its codes fare through its control door. 375 and 1280 px, light and dark, axe.

test.describe.configure({ timeout: 180_000 });
test.use({ ignoreHTTPSErrors: true });

const STANDIN = `https://127.0.0.1:${process.env.E2E_SMOOBU_PORT ?? Number(process.env.E2E_PORT ?? 4330) + 3}`;
const HOUR = 3_600_000;
/** The worker looks every 10 s and the screen reads again every 10 s while a code is being set. */
const SETTLES = { timeout: 60_000 };

async function shoot(page: Page, name: string, scheme: ColorScheme): Promise<void> {
  await page.screenshot({ path: `test-results/arrivals-${name}-${test.info().project.name}-${scheme}.png`, fullPage: true, scale: 'css' });
}

async function post<T>(page: Page, path: string, data: unknown, method: 'post' | 'put' = 'post'): Promise<T> {
  const origin = appOrigin();
  const answer = await page.request[method](`${origin}${path}`, { headers: { origin }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/** How the stand-in's lock treats codes from now on (seam/access-codes.ts). */
async function behave(seamDeviceId: string, behaviour: 'native' | 'delayed' | 'never', delayMs = 0): Promise<void> {
  const control = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    expect((await control.post(`${STANDIN}/__control/seam/behave`, { data: { deviceId: seamDeviceId, behaviour, delayMs } })).status()).toBe(204);
  } finally {
    await control.dispose();
  }
}

/** A Premium host's guidebook with the Front door assigned, connected through Seam's page; answers the lock's Seam id. */
async function hostWithLock(page: Page, label: string, scheme: ColorScheme, baseURL: string | undefined): Promise<{ email: string; guidebook: Instruction; seamDeviceId: string }> {
  const host = await createVerifiedAccount(label);
  setPlan(host.email, 'premium');
  await useColorScheme(page, scheme);
  await logIn(page, host, baseURL);
  const { instruction: guidebook } = await post<{ instruction: Instruction }>(page, '/api/instruction', { nameInstruction: 'Sea View', timeZone: 'UTC' });
  await page.goto('/dashboard/locks');
  await page.getByRole('button', { name: 'Connect a lock account' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.locks.connected('August', 2) })).toBeVisible();
  const locks = await (await page.request.get(`${appOrigin()}/api/team/locks`)).json() as LocksView;
  const front = locks.accounts[0]!.devices.find((device) => device.name === 'Front door')!;
  await post(page, `/api/team/locks/devices/${front.id}/assignment`, { instructionId: guidebook._id }, 'put');
  const { seam_device_id: seamDeviceId } = database((db) => db.prepare('SELECT seam_device_id FROM lock_devices WHERE id = ?').get(front.id) as { seam_device_id: string });
  return { email: host.email, guidebook, seamDeviceId };
}

async function addStay(page: Page, guidebook: Instruction, guestName: string, checkIn: number): Promise<Stay> {
  const json = { guestName, checkIn: instantToLocal(checkIn, 'UTC'), checkOut: instantToLocal(checkIn + 48 * HOUR, 'UTC') };
  return (await post<{ stay: Stay }>(page, `/api/instruction/${guidebook._id}/stays`, json)).stay;
}

async function looksRight(page: Page, name: string, scheme: ColorScheme): Promise<void> {
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, name, scheme);
  for (const word of ['instruction', 'product']) await expect(page.getByRole('main')).not.toContainText(new RegExp(`\\b${word}`, 'i'));
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a host adds a stay and sees its door code go from Setting to Set on Arrivals (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, baseURL }) => {
    const { guidebook, seamDeviceId } = await hostWithLock(page, 'arrivals-set', scheme, baseURL);
    // The lock takes its time: Seam reports the code being set, with a delay.
    await behave(seamDeviceId, 'delayed', 3_600_000);
    const stay = await addStay(page, guidebook, 'Dana Scully', Date.now() + 4 * HOUR);
    await page.goto('/dashboard/arrivals');
    await expect(page.getByRole('heading', { level: 1, name: 'Arrivals' })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: 'Dana Scully' });
    await expect(row.getByText('Setting', { exact: true })).toBeVisible(SETTLES);
    await expect(row).toContainText('Sea View');
    await expect(row).toContainText('Front door');
    await looksRight(page, 'setting', scheme);

    // The lock has it now; the worker's next look is brought forward instead of waiting its 2 minutes.
    await behave(seamDeviceId, 'native');
    database((db) => db.prepare('UPDATE lock_codes SET due_at = ? WHERE stay_id = ?').run(Date.now(), stay._id));
    await expect(row.getByText('Set', { exact: true })).toBeVisible(SETTLES);
    await row.getByRole('button', { name: 'Show code' }).click();
    await expect(row.getByRole('status', { name: 'Door code for Dana Scully' })).toHaveText(/^\d{6}$/);
    await looksRight(page, 'set', scheme);
  });

  test(`a lock that never sets the code shows "Failed, backup in use" after the deadline; the Cleaner sees no code (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, baseURL, browser }) => {
    const { email, guidebook, seamDeviceId } = await hostWithLock(page, 'arrivals-backup', scheme, baseURL);
    await behave(seamDeviceId, 'never');
    const stay = await addStay(page, guidebook, 'Fox Mulder', Date.now() + 4 * HOUR);
    await page.goto('/dashboard/arrivals');
    const row = page.getByRole('listitem').filter({ hasText: 'Fox Mulder' });
    await expect(row.getByText('Failed, retrying', { exact: true })).toBeVisible(SETTLES);
    await expect(row.getByRole('button', { name: 'Try again' })).toBeVisible();

    database((db) => db.prepare('UPDATE lock_codes SET deadline_at = ?, due_at = ? WHERE stay_id = ?').run(Date.now() - 1, Date.now(), stay._id));
    await expect(row.getByText('Failed, backup in use', { exact: true })).toBeVisible(SETTLES);
    await expect(row.getByRole('button', { name: 'Type a code' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Show code' }).click();
    await expect(row.getByRole('status', { name: 'Door code for Fox Mulder' })).toHaveText(/^\d{6}$/);
    await looksRight(page, 'backup', scheme);

    const cleaner = await createMember(email, 'cleaner', { guidebooks: [guidebook._id], maySeeSecrets: true });
    const cleanerContext = await browser.newContext({ ...test.info().project.use, baseURL: appOrigin() });
    const cleanerPage = await cleanerContext.newPage();
    try {
      await useColorScheme(cleanerPage, scheme);
      await logIn(cleanerPage, cleaner, baseURL);
      await cleanerPage.goto('/dashboard/arrivals');
      const seen = cleanerPage.getByRole('listitem').filter({ hasText: 'Fox Mulder' });
      await expect(seen.getByText('Failed, backup in use', { exact: true })).toBeVisible();
      await expect(seen.getByRole('button')).toHaveCount(0);
      expect(await seriousA11yViolations(cleanerPage)).toEqual([]);
      await shoot(cleanerPage, 'cleaner', scheme);
    } finally {
      await cleanerContext.close();
    }
  });
}

import { request, type Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { LocksView } from '../src/lib/shared/schemas/locks.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { instantToLocal } from '../src/lib/shared/time-zone.ts';
import { appOrigin, createVerifiedAccount, database, expect, logIn, setPlan, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { sidewaysOverflow, useColorScheme, type ColorScheme } from './support/layout.ts';

// docs/product/locks.md, "What the guest sees" and "Offline codes" (decision 030 §8, §9): the guest
// on a stay link of a guidebook with a lock reads "being set", then the code appears by itself, the
// page asking again every 10 minutes (the page's clock fast-forwarded, never a wait); a lock that
// never sets it gives the backup code once the deadline has passed (moved in the database, as
// tests/locks-codes.test.ts does); an offline lock's code comes with "works from … to …". The lock
// is Seam's stand-in (tests/helpers/pms/cli.ts, under /seam). 375 and 1280 px, light in English,
// dark in German, axe.

test.describe.configure({ timeout: 180_000 });
test.use({ ignoreHTTPSErrors: true });

const STANDIN = `https://127.0.0.1:${process.env.E2E_SMOOBU_PORT ?? Number(process.env.E2E_PORT ?? 4330) + 3}`;
const HOUR = 3_600_000;
/** The worker looks every 10 s. */
const SETTLES = { timeout: 60_000 };
const LANGUAGE: Record<ColorScheme, 'en' | 'de'> = { light: 'en', dark: 'de' };
const WORDS = {
  // A new lock's way of scheduling is not known yet, and Seam reports the code being set: the just-in-time words.
  en: { setting: 'Your door code is set on the lock about an hour before check-in.', works: /^This code works from .+ to .+\. Use it for the first time before .+\.$/ },
  de: { setting: 'Ihr Türcode wird etwa eine Stunde vor dem Check-in am Schloss eingerichtet.', works: /^Dieser Code gilt von .+ bis .+\. Verwenden Sie ihn zum ersten Mal vor .+\.$/ },
};

async function post<T>(page: Page, path: string, data: unknown, method: 'post' | 'put' = 'post'): Promise<T> {
  const origin = appOrigin();
  const answer = await page.request[method](`${origin}${path}`, { headers: { origin }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

async function control(path: string, data: unknown): Promise<void> {
  const context = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    expect((await context.post(`${STANDIN}/__control/seam/${path}`, { data })).status()).toBe(204);
  } finally {
    await context.dispose();
  }
}

/** A Premium host's guidebook with the Front door assigned (made an igloohome lock first when `offline`); answers the lock's Seam id. */
async function hostWithLock(page: Page, label: string, baseURL: string | undefined, offline = false): Promise<{ guidebook: Instruction; seamDeviceId: string }> {
  const host = await createVerifiedAccount(label);
  setPlan(host.email, 'premium');
  await logIn(page, host, baseURL);
  const { instruction: guidebook } = await post<{ instruction: Instruction }>(page, '/api/instruction', { nameInstruction: 'Sea View', timeZone: 'UTC', secretsPolicy: 'stay' });
  await page.goto('/dashboard/locks');
  await page.getByRole('button', { name: 'Connect a lock account' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.locks.connected('August', 2) })).toBeVisible();
  const locks = (await (await page.request.get(`${appOrigin()}/api/team/locks`)).json()) as LocksView;
  const front = locks.accounts[0]!.devices.find((device) => device.name === 'Front door')!;
  const { seam_device_id: seamDeviceId } = database((db) => db.prepare('SELECT seam_device_id FROM lock_devices WHERE id = ?').get(front.id) as { seam_device_id: string });
  if (offline) {
    await control('offline-codes', { deviceId: seamDeviceId });
    await post(page, `/api/team/locks/accounts/${locks.accounts[0]!.id}/refresh`, {});
  }
  await post(page, `/api/team/locks/devices/${front.id}/assignment`, { instructionId: guidebook._id }, 'put');
  return { guidebook, seamDeviceId };
}

async function addStay(page: Page, guidebook: Instruction, guestName: string, language: string): Promise<Stay> {
  const checkIn = Date.now() + 4 * HOUR;
  const json = { guestName, language, checkIn: instantToLocal(checkIn, 'UTC'), checkOut: instantToLocal(checkIn + 48 * HOUR, 'UTC') };
  return (await post<{ stay: Stay }>(page, `/api/instruction/${guidebook._id}/stays`, json)).stay;
}

const stateOf = (stay: Stay) => database((db) => (db.prepare("SELECT state FROM lock_codes WHERE stay_id = ? AND state NOT IN ('removed', 'left')").get(stay._id) as { state: string } | undefined)?.state);

async function looksRight(page: Page, name: string, scheme: ColorScheme): Promise<void> {
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.locator('#access').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/locks-guest-${name}-${test.info().project.name}-${scheme}.png`, scale: 'css' });
}

for (const scheme of ['light', 'dark'] as const) {
  const language = LANGUAGE[scheme];

  test(`the guest reads "being set", then the code appears without a reload (${scheme}, ${language})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, baseURL }) => {
    const { guidebook, seamDeviceId } = await hostWithLock(page, `locks-guest-set-${scheme}`, baseURL);
    await control('behave', { deviceId: seamDeviceId, behaviour: 'delayed', delayMs: 3_600_000 });
    const stay = await addStay(page, guidebook, 'Dana Scully', language);
    await expect.poll(() => stateOf(stay), SETTLES).toBe('sent');
    await useColorScheme(page, scheme);
    await page.clock.install();
    await page.goto(`/stay/${stay.token}`);
    const access = page.locator('#access');
    await expect(access.getByRole('status').filter({ hasText: WORDS[language].setting })).toBeVisible();
    await expect(access.locator('[data-secret="code"]')).toHaveCount(0);
    await looksRight(page, 'setting', scheme);

    // The lock has it now; the worker's next look is brought forward, then the page's ten minutes pass.
    await control('behave', { deviceId: seamDeviceId, behaviour: 'native' });
    database((db) => db.prepare('UPDATE lock_codes SET due_at = ? WHERE stay_id = ?').run(Date.now(), stay._id));
    await expect.poll(() => stateOf(stay), SETTLES).toBe('confirmed');
    await page.clock.fastForward('10:00');
    await expect(access.locator('[data-secret="code"]')).toHaveText(/^\d{6}$/);
    await looksRight(page, 'code', scheme);
  });

  test(`a lock that never sets the code gives the guest the backup code after the deadline (${scheme}, ${language})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, baseURL }) => {
    const { guidebook, seamDeviceId } = await hostWithLock(page, `locks-guest-backup-${scheme}`, baseURL);
    await control('behave', { deviceId: seamDeviceId, behaviour: 'never' });
    const stay = await addStay(page, guidebook, 'Fox Mulder', language);
    await expect.poll(() => stateOf(stay), SETTLES).toBe('trouble');
    database((db) => db.prepare('UPDATE lock_codes SET deadline_at = ?, due_at = ? WHERE stay_id = ?').run(Date.now() - 1, Date.now(), stay._id));
    await expect.poll(() => stateOf(stay), SETTLES).toBe('backup');
    await useColorScheme(page, scheme);
    await page.goto(`/stay/${stay.token}`);
    await expect(page.locator('#access [data-secret="code"]')).toHaveText(/^\d{6}$/);
    await looksRight(page, 'backup', scheme);
  });

  test(`an offline lock's code comes with when it works (${scheme}, ${language})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, baseURL }) => {
    const { guidebook } = await hostWithLock(page, `locks-guest-offline-${scheme}`, baseURL, true);
    const stay = await addStay(page, guidebook, 'Walter Skinner', language);
    await expect.poll(() => stateOf(stay), SETTLES).toBe('confirmed');
    await useColorScheme(page, scheme);
    await page.goto(`/stay/${stay.token}`);
    const access = page.locator('#access');
    await expect(access.locator('[data-secret="code"]')).toHaveText(/^\d+$/);
    await expect(access.locator('.code-note')).toHaveText(WORDS[language].works);
    await looksRight(page, 'offline', scheme);

    // The host's stay card says the same in the host's words, and turns the code off.
    await page.goto(`/dashboard/stays/${guidebook._id}`);
    const line = page.getByTestId('stay').filter({ hasText: 'Walter Skinner' }).getByTestId('stay-door-code');
    await expect(line).toContainText('Door code set on the lock');
    await expect(line).toContainText(/Offline code: works .+ to .+, on whole hours; the guest must use it once before .+\./);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/locks-guest-stay-card-${test.info().project.name}-${scheme}.png`, fullPage: true, scale: 'css' });
    await line.getByRole('button', { name: 'Turn door code off' }).click();
    await expect(line).toContainText('No door code for this stay');
    await expect(line).toContainText(/The earlier code for .+ keeps working until /);
    await expect(line.getByRole('button', { name: 'Turn door code on' })).toBeVisible();
  });
}

import type { Locator, Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { expect as baseExpect, database, expectSaved, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { useColorScheme, sidewaysOverflow } from './support/layout.ts';

// Stays and gated secrets, the host's side: the editor's Guest access panel (who sees the door code and the
// Wi-Fi password, the property's time zone), the Stays view in the editor's tab and on its own
// screen from the options panel, and the booking calendar's field. Desktop (1280) and mobile (375).

test.describe.configure({ timeout: 90_000 });
// The editor chunk is the heaviest screen: give a busy machine room.
const expect = baseExpect.configure({ timeout: 15_000 });

// The property's zone is the browser's when the guidebook has none yet.
const ZONE = 'Europe/Zagreb';
test.use({ timezoneId: ZONE });

function origin(page: Page): string {
  return new URL(test.info().project.use.baseURL ?? page.url()).origin;
}

/** The worker's account with no guidebooks (the Free plan allows three), then one made by the API. */
async function freshGuidebook(page: Page, name: string): Promise<Instruction> {
  const base = origin(page);
  const list = (await (await page.request.get(`${base}/api/instruction`)).json()) as Instruction[];
  for (const item of list) expect((await page.request.delete(`${base}/api/instruction/${item._id}`, { headers: { origin: base } })).ok()).toBe(true);
  const response = await page.request.post(`${base}/api/instruction`, {
    headers: { origin: base },
    data: { nameInstruction: name, code: 'LOCK-4410', wifiName: 'Harbour-Guest', wifiPassword: 'Harbour-Wifi-7713', hostName: 'Dana' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function readInstruction(page: Page, id: string): Promise<Instruction> {
  const response = await page.request.get(`${origin(page)}/api/instruction/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Instruction;
}

/** A stay made through the API, `fromNow` days from today where the property is. */
async function addStay(page: Page, id: string, guestName: string, checkIn: string, checkOut: string) {
  const base = origin(page);
  const response = await page.request.post(`${base}/api/instruction/${id}/stays`, { headers: { origin: base }, data: { guestName, checkIn, checkOut } });
  expect(response.status(), await response.text()).toBe(201);
}

/** "YYYY-MM-DDTHH:mm" `days` from today at `time`, on the property's calendar (the browser's zone here). */
function localDateTime(page: Page, days: number, time: string): Promise<string> {
  return page.evaluate(
    ([offset, at]) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${at}`;
    },
    [days, time] as const,
  );
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text);
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/dashboard/edit/${id}`);
  await expect(page.getByRole('heading', { name: 'Check-in steps' })).toBeVisible({ timeout: 30_000 });
}

function guestAccess(page: Page): Locator {
  return page.getByRole('region', { name: 'Guest access' });
}

/** The Stays screen through the dashboard card's options panel. */
async function openStaysFromOptions(page: Page, name: string) {
  await page.goto('/dashboard');
  await page.getByRole('article', { name }).getByRole('button', { name: /More/ }).click();
  await page.getByRole('dialog', { name: 'Options' }).getByRole('link', { name: /^Stays/ }).click();
  await expect(page.getByRole('heading', { name: 'Stays', level: 1 })).toBeVisible();
}

function group(page: Page, name: 'Current' | 'Upcoming' | 'Past'): Locator {
  return page.getByRole('region', { name: new RegExp(`^${name}`) });
}

test('a host shows the secrets during stays only, adds a stay, copies its link and finds it by its dates', async ({ page, context, host: _host }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `Harbour Loft ${test.info().project.name}`;
  const guidebook = await freshGuidebook(page, name);
  // Made without a browser (the API): no zone yet. The editor starts from the browser's.
  expect(guidebook.timeZone).toBe('');

  await openEditor(page, guidebook._id);
  const panel = guestAccess(page);
  await expect(panel.getByRole('radio', { name: 'Everyone with the link' })).toBeChecked();
  await expect(panel.getByLabel('Property’s time zone')).toHaveValue(ZONE);
  // Nothing typed yet: the zone is the starting state, not an unsaved change.
  if (test.info().project.name === 'desktop') await expect(page.getByText('No unsaved changes')).toBeVisible();
  await panel.getByRole('radio', { name: 'Guests during their stay' }).check();
  await expect(panel.getByLabel('Hours before check-in')).toHaveValue('24');
  await panel.getByLabel('Hours before check-in').fill('6');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, messages.instruction.updated)).toBeVisible();
  await expectSaved(page);
  const saved = await readInstruction(page, guidebook._id);
  expect(saved).toMatchObject({ secretsPolicy: 'stay', revealHoursBefore: 6, timeZone: ZONE });

  await openStaysFromOptions(page, name);
  await expect(page.getByText(messages.stays.empty)).toBeVisible();
  await expect(page.getByText(/from 6 hours before check-in until check-out/)).toBeVisible();

  // An upcoming stay, with the dialog's suggested dates (tomorrow at 15:00, three nights).
  await page.getByRole('button', { name: 'Add stay' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add stay' });
  await dialog.getByLabel('Guest name (optional)').fill('Ana Guest');
  await expect(dialog.getByLabel('Check-in')).toHaveValue(await localDateTime(page, 1, '15:00'));
  await expect(dialog.getByText(`In ${ZONE} time, where the property is.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add stay' }).click();
  await expect(toast(page, messages.stays.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  const ana = group(page, 'Upcoming').getByRole('listitem', { name: 'Ana Guest' });
  await expect(ana).toContainText('3 nights');
  await expect(ana).toContainText(`${ZONE} time`);
  await expect(ana).toContainText('Code not viewed yet');

  await ana.getByRole('button', { name: /^Copy link/ }).click();
  await expect(toast(page, messages.instruction.linkCopied)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${origin(page)}/stay/[A-Za-z0-9_-]{24}$`));

  // A stay going on now: check-in yesterday, typed into the dialog, out the morning Ana arrives.
  await page.getByRole('button', { name: 'Add stay' }).click();
  dialog = page.getByRole('dialog', { name: 'Add stay' });
  await dialog.getByLabel('Guest name (optional)').fill('Bo Guest');
  await dialog.getByLabel('Check-in').fill(await localDateTime(page, -1, '15:00'));
  await dialog.getByLabel('Check-out').fill(await localDateTime(page, 1, '11:00'));
  await dialog.getByRole('button', { name: 'Add stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(group(page, 'Current').getByRole('listitem', { name: 'Bo Guest' })).toContainText('2 nights');

  // The editor's Stays tab is the same view.
  await openEditor(page, guidebook._id);
  await page.getByRole('radio', { name: 'Stays' }).click();
  await expect(page.getByRole('heading', { name: 'Stays', level: 2 })).toBeVisible();
  await expect(group(page, 'Upcoming').getByRole('listitem', { name: 'Ana Guest' })).toBeVisible();
  await expect(group(page, 'Current').getByRole('listitem', { name: 'Bo Guest' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a stay is edited, its mistakes are explained under their fields, it is shared and deleted', async ({ page, host: _host }) => {
  const name = `Edit Loft ${test.info().project.name}`;
  const guidebook = await freshGuidebook(page, name);
  await addStay(page, guidebook._id, 'Cleo Guest', await localDateTime(page, 5, '15:00'), await localDateTime(page, 8, '10:00'));
  await openStaysFromOptions(page, name);
  const cleo = page.getByRole('listitem', { name: 'Cleo Guest' });
  await expect(cleo).toBeVisible();

  await cleo.getByRole('button', { name: 'Edit stay of Cleo Guest' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit stay' });
  await dialog.getByLabel('Guest’s email address (optional)').fill('not-an-address');
  await dialog.getByLabel('Check-out').fill(await localDateTime(page, 4, '10:00'));
  await dialog.getByRole('button', { name: 'Save stay' }).click();
  await expect(dialog.getByText(messages.stays.emailInvalid)).toBeVisible();
  await expect(dialog.getByLabel('Guest’s email address (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Guest’s email address (optional)')).toBeFocused();
  await dialog.getByLabel('Guest’s email address (optional)').fill('cleo@example.com');
  await dialog.getByRole('button', { name: 'Save stay' }).click();
  await expect(dialog.getByText(messages.stays.checkOutBeforeCheckIn)).toBeVisible();
  await dialog.getByLabel('Check-out').fill(await localDateTime(page, 9, '10:00'));
  await dialog.getByLabel('Guest name (optional)').fill('Cleo Guestly');
  await dialog.getByRole('button', { name: 'Save stay' }).click();
  await expect(toast(page, messages.stays.updated)).toBeVisible();
  const renamed = page.getByRole('listitem', { name: 'Cleo Guestly' });
  await expect(renamed).toContainText('4 nights');
  await expect(renamed).toContainText('cleo@example.com');

  // Share: the stay's link, its QR code from our server, a mail to the guest's address.
  await renamed.getByRole('button', { name: /^Share/ }).click();
  const share = page.getByRole('dialog', { name: 'Share stay link' });
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeFocused();
  await expect(share.getByTestId('stay-share-link')).toHaveText(new RegExp(`^${origin(page)}/stay/`));
  const qr = share.getByRole('img', { name: 'QR code of the stay link' });
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(share.getByLabel("Guest's email address")).toHaveValue('cleo@example.com');
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, messages.stays.sentTo('cleo@example.com'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();
  await expect(renamed.getByRole('button', { name: /^Share/ })).toBeFocused();

  await renamed.getByRole('button', { name: 'Delete stay of Cleo Guestly' }).click();
  const confirm = page.getByRole('alertdialog', { name: messages.stays.deleteTitle });
  await confirm.getByRole('button', { name: 'Delete stay' }).click();
  await expect(toast(page, messages.stays.deleted)).toBeVisible();
  await expect(page.getByText(messages.stays.empty)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add stay' })).toBeFocused();
});

test('the booking calendar takes https links only, and the PIN field digits only', async ({ page, host: _host }) => {
  const name = `Calendar Loft ${test.info().project.name}`;
  const guidebook = await freshGuidebook(page, name);
  await openStaysFromOptions(page, name);
  const calendar = page.getByRole('region', { name: 'Booking calendar' });
  const field = calendar.getByLabel('Calendar link (iCal)');
  await field.fill('http://www.airbnb.com/calendar/ical/1234.ics');
  await calendar.getByRole('button', { name: 'Save' }).click();
  await expect(calendar.getByText(messages.stays.calendarUrlInvalid)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();

  await openEditor(page, guidebook._id);
  const panel = guestAccess(page);
  await panel.getByRole('radio', { name: 'Guests with a PIN' }).check();
  const pin = panel.getByLabel('PIN', { exact: true });
  await expect(pin).toHaveAttribute('inputmode', 'numeric');
  await pin.pressSequentially('12a3-4');
  await expect(pin).toHaveValue('1234');
  await pin.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The shared schema's refinement names the PIN: its line in the alert leads there.
  const alert = page.getByRole('alert').filter({ hasText: 'Choose a PIN (6 to 8 digits)' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: /Choose a PIN/ }).click();
  await expect(pin).toBeFocused();
  // A new PIN needs 6 digits: 4 are refused before anything is sent, the field says why.
  await pin.fill('4821');
  await pin.blur();
  await expect(panel.getByText('A new PIN must be 6 to 8 digits.')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A new PIN must be 6 to 8 digits.' })).toBeVisible();
  await pin.fill('482193');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, messages.instruction.updated)).toBeVisible();
  expect(await readInstruction(page, guidebook._id)).toMatchObject({ secretsPolicy: 'pin', secretsPin: '482193' });
});

test('the editor tells the host when someone is guessing the PIN, and a new PIN lets guests in again', async ({ page, host: _host }) => {
  const name = `Guessed Loft ${test.info().project.name}`;
  const guidebook = await freshGuidebook(page, name);
  const base = origin(page);
  const saved = await page.request.put(`${base}/api/instruction/${guidebook._id}`, { headers: { origin: base }, data: { ...(await readInstruction(page, guidebook._id)), secretsPolicy: 'pin', secretsPin: '730146' } });
  expect(saved.status(), await saved.text()).toBe(200);
  // 100 wrong PINs today on the guidebook link, as the limiter counts them.
  database((db) => db.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 100, ?) ON CONFLICT (key) DO UPDATE SET count = 100, reset_at = excluded.reset_at').run(`pin:link:${guidebook._id}`, Date.now() + 20 * 3_600_000));

  await openEditor(page, guidebook._id);
  const panel = guestAccess(page);
  const notice = panel.getByRole('status').filter({ hasText: 'Someone is guessing this PIN.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('not even the right one');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await panel.screenshot({ path: `test-results/stays-pin-guessing-${test.info().project.name}.png`, scale: 'css' });

  await panel.getByLabel('PIN', { exact: true }).fill('915372');
  await expect(notice).toContainText('Save to use the new PIN');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, messages.instruction.updated)).toBeVisible();
  expect(await readInstruction(page, guidebook._id)).toMatchObject({ secretsPin: '915372', pinGuessingStoppedUntil: null });
});

test('a new guidebook made in the dashboard takes the browser’s time zone', async ({ page, host: _host }) => {
  const base = origin(page);
  await freshGuidebook(page, 'Placeholder');
  const list = (await (await page.request.get(`${base}/api/instruction`)).json()) as Instruction[];
  for (const item of list) await page.request.delete(`${base}/api/instruction/${item._id}`, { headers: { origin: base } });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create your first guidebook' }).click();
  await expect(page).toHaveURL(/\/dashboard\/edit\//);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect((await readInstruction(page, id)).timeZone).toBe(ZONE);
});

test('each group shows its total and pages with “Show more” (a calendar may bring hundreds of stays)', { tag: '@mobile' }, async ({ page, host: _host }) => {
  const project = test.info().project.name;
  const name = `Busy Loft ${project}`;
  const guidebook = await freshGuidebook(page, name);
  // 23 upcoming (the view asks for 10 at a time), 1 current, 2 past.
  for (let day = 0; day < 23; day += 1) {
    await addStay(page, guidebook._id, `Guest ${String(day + 1).padStart(2, '0')}`, await localDateTime(page, 2 + day * 2, '15:00'), await localDateTime(page, 3 + day * 2, '11:00'));
  }
  await addStay(page, guidebook._id, 'Now Staying', await localDateTime(page, -1, '15:00'), await localDateTime(page, 1, '11:00'));
  await addStay(page, guidebook._id, 'Gone Last Week', await localDateTime(page, -9, '15:00'), await localDateTime(page, -7, '11:00'));
  await addStay(page, guidebook._id, 'Gone Last Month', await localDateTime(page, -30, '15:00'), await localDateTime(page, -28, '11:00'));

  await openStaysFromOptions(page, name);
  const upcoming = group(page, 'Upcoming');
  await expect(upcoming.getByRole('heading', { name: /^Upcoming\s*23 stays$/ })).toBeVisible();
  await expect(upcoming.getByRole('listitem')).toHaveCount(10);
  await expect(upcoming.getByText('10 of 23 shown')).toBeVisible();
  await expect(group(page, 'Current').getByRole('heading', { name: /^Current\s*1 stay$/ })).toBeVisible();
  // Past stays latest first, and all of them: no button.
  await expect(group(page, 'Past').getByRole('listitem')).toHaveText([/Gone Last Week/, /Gone Last Month/]);
  await expect(group(page, 'Past').getByRole('button', { name: /^Show more/ })).toHaveCount(0);
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/stays-paged-${project}.png`, fullPage: true, scale: 'css' });

  const more = upcoming.getByRole('button', { name: 'Show more upcoming stays' });
  await more.click();
  await expect(upcoming.getByRole('listitem')).toHaveCount(20);
  await expect(upcoming.getByText('20 of 23 shown')).toBeVisible();
  await expect(more).toBeFocused();
  await more.click();
  await expect(upcoming.getByRole('listitem')).toHaveCount(23);
  await expect(more).toHaveCount(0);
  // Soonest first, across the pages.
  await expect(upcoming.getByRole('listitem').first()).toContainText('Guest 01');
  await expect(upcoming.getByRole('listitem').last()).toContainText('Guest 23');

  // A change anywhere reads every group again, the pages shown included.
  await upcoming.getByRole('listitem', { name: 'Guest 01' }).getByRole('button', { name: 'Delete stay of Guest 01' }).click();
  await page.getByRole('alertdialog', { name: messages.stays.deleteTitle }).getByRole('button', { name: 'Delete stay' }).click();
  await expect(upcoming.getByRole('heading', { name: /^Upcoming\s*22 stays$/ })).toBeVisible();
  await expect(upcoming.getByRole('listitem')).toHaveCount(22);
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWO4Gc9BEmIY1RA/Gko3h2vSAADwxkAQKvfJTQAAAABJRU5ErkJggg==',
  'base64',
);

test('the cover photo is uploaded in the editor and becomes the dashboard card’s picture', async ({ page, host: _host }) => {
  const name = `Cover Loft ${test.info().project.name}`;
  const guidebook = await freshGuidebook(page, name);
  await openEditor(page, guidebook._id);
  const cover = page.getByRole('region', { name: 'Cover photo' });
  await cover.getByLabel(/Upload image.*Cover photo/).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(cover.getByRole('img', { name: 'Cover photo' })).toHaveAttribute('src', /^\/media\//);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectSaved(page);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const { coverImage } = await readInstruction(page, guidebook._id);
  expect(coverImage).toMatch(/^\/media\//);
  await expect(page.getByRole('article', { name }).locator('img').first()).toHaveAttribute('src', coverImage);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots of the Stays view and the Guest access panel (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, host: _host }) => {
    await useColorScheme(page, scheme);
    const project = test.info().project.name;
    const name = 'Seaside Cottage';
    const guidebook = await freshGuidebook(page, name);
    const base = origin(page);
    const put = await page.request.put(`${base}/api/instruction/${guidebook._id}`, {
      headers: { origin: base },
      data: { ...guidebook, secretsPolicy: 'stay', revealHoursBefore: 24, timeZone: ZONE },
    });
    expect(put.status(), await put.text()).toBe(200);
    await addStay(page, guidebook._id, 'Ana Kovač', await localDateTime(page, -1, '15:00'), await localDateTime(page, 3, '10:00'));
    await addStay(page, guidebook._id, 'Sam Whitfield-Longname', await localDateTime(page, 6, '16:00'), await localDateTime(page, 13, '10:00'));
    await addStay(page, guidebook._id, '', await localDateTime(page, 20, '15:00'), await localDateTime(page, 22, '11:00'));

    await openStaysFromOptions(page, name);
    await expect(page.getByRole('listitem', { name: 'Ana Kovač' })).toBeVisible();
    const calendar = page.getByRole('region', { name: 'Booking calendar' });
    await calendar.getByLabel('Calendar link (iCal)').fill('http://example.com/x.ics');
    await calendar.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(messages.stays.calendarUrlInvalid)).toBeVisible();
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/stays-screen-${project}-${scheme}.png`, fullPage: true, scale: 'css' });

    // A feed that cannot be fetched is kept, with its error shown (the server tries again later).
    await calendar.getByLabel('Calendar link (iCal)').fill('https://calendar.invalid/listing.ics');
    await calendar.getByRole('button', { name: 'Save' }).click();
    await expect(calendar.getByRole('button', { name: 'Sync now' }).or(calendar.getByRole('alert').filter({ hasText: /./ }))).toBeVisible({ timeout: 20_000 });
    await calendar.screenshot({ path: `test-results/stays-calendar-${project}-${scheme}.png`, scale: 'css' });

    await page.getByRole('button', { name: 'Add stay' }).click();
    await expect(page.getByRole('dialog', { name: 'Add stay' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/stays-dialog-${project}-${scheme}.png`, scale: 'css' });
    await page.keyboard.press('Escape');

    await page.getByRole('listitem', { name: 'Ana Kovač' }).getByRole('button', { name: /^Share/ }).click();
    const share = page.getByRole('dialog', { name: 'Share stay link' });
    await expect.poll(() => share.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/stays-share-${project}-${scheme}.png`, scale: 'css' });
    await page.keyboard.press('Escape');

    await openEditor(page, guidebook._id);
    await page.getByRole('radio', { name: 'Stays' }).click();
    await expect(page.getByRole('listitem', { name: 'Ana Kovač' })).toBeVisible();
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    await page.screenshot({ path: `test-results/stays-editor-tab-${project}-${scheme}.png`, fullPage: true, scale: 'css' });

    await page.getByRole('radio', { name: 'Edit' }).click();
    const panel = guestAccess(page);
    // The chosen policy's radio, reached from the keyboard: its focus ring shows.
    await panel.getByLabel('Hours before check-in').focus();
    await page.keyboard.press('Shift+Tab');
    await expect(panel.getByRole('radio', { name: 'Guests during their stay' })).toBeFocused();
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await panel.screenshot({ path: `test-results/stays-guest-access-${project}-${scheme}.png`, scale: 'css' });
    await panel.getByRole('radio', { name: 'Guests with a PIN' }).check();
    await panel.getByLabel('PIN', { exact: true }).fill('4821');
    await panel.getByLabel('PIN', { exact: true }).blur();
    await panel.screenshot({ path: `test-results/stays-guest-access-pin-${project}-${scheme}.png`, scale: 'css' });
  });
}

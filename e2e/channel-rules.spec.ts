import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { nanoid } from 'nanoid';
import { messages } from '../src/lib/shared/messages.ts';
import { DEFAULT_CHANNEL_RULES } from '../src/lib/shared/schemas/instruction.ts';
import { createVerifiedAccount, database, expect, expectSaved, logIn, setPlan, test as base, type Account } from './fixtures/session.ts';
import { sidewaysOverflow, useColorScheme, type ColorScheme } from './support/layout.ts';

/** Each test's own Gold host (the worker's shared account stays on Free for the other specs). */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`channels-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    setPlan(account.email, 'gold');
    await logIn(page, account, baseURL);
    await use(account);
  },
});

/**
 * Guests by channel (docs/decisions/028-teams.md §10): the host turns a guidebook's Airbnb guests
 * to "No extras" in the editor, and the page of a stay its Airbnb calendar brought offers none.
 * The calendar's import itself (its link's host naming the channel) is proven over HTTP in
 * tests/channel-rules.test.ts; here its rows are written as a sync writes them. 375 and 1280 px.
 */
const DAY = 86_400_000;
const SHOTS = '/tmp/shots-channel-rules';
const BASKET = { id: 12, kind: 'item', title: 'Breakfast basket', price: 1800 };

/** A calendar from Airbnb and one stay it brought, as a sync leaves them (next sync a day away: no fetch of airbnb.com), in the guidebook's team. */
function airbnbCalendarStay(guidebookId: string, userId: string): string {
  const token = nanoid(24);
  const now = Date.now();
  database((db) => {
    const { team_id: teamId } = db.prepare('SELECT team_id FROM instructions WHERE id = ?').get(guidebookId) as { team_id: string };
    db.prepare('INSERT INTO instruction_calendars (instruction_id, user_id, team_id, url, next_sync_at, last_success_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      guidebookId,
      userId,
      teamId,
      'https://www.airbnb.com/calendar/ical/4821.ics?s=e2e',
      now + DAY,
      now,
      now,
      now,
    );
    db.prepare("INSERT INTO stays (id, instruction_id, user_id, team_id, token, guest_name, check_in, check_out, calendar_uid, channel, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Ana', ?, ?, 'hm-e2e@airbnb.com', 'airbnb', ?, ?)").run(
      nanoid(),
      guidebookId,
      userId,
      teamId,
      token,
      now + 3 * DAY,
      now + 6 * DAY,
      now,
      now,
    );
  });
  return token;
}

async function shoot(page: Page, name: string, project: string, scheme: ColorScheme, target = page.locator('body')): Promise<void> {
  await target.screenshot({ path: `${SHOTS}/${project}-${name}-${scheme}.png`, animations: 'disabled' });
}

test('the host turns Airbnb guests to “No extras”, and a stay from the Airbnb calendar shows none', { tag: '@mobile' }, async ({ page, host, baseURL }, testInfo) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  const project = testInfo.project.name;
  const created = await page.request.post('/api/instruction', {
    headers: { origin },
    data: { nameInstruction: 'Harbour Loft', timeZone: 'UTC', extras: [BASKET], channelRules: { ...DEFAULT_CHANNEL_RULES, airbnb: { extras: 'all', feedback: true } } },
  });
  expect(created.status()).toBe(201);
  const g = ((await created.json()) as { instruction: { _id: string } }).instruction;
  const userId = database((db) => (db.prepare('SELECT id FROM users WHERE email = ?').get(host.email) as { id: string }).id);
  const token = airbnbCalendarStay(g._id, userId);

  // Offered so far: the basket is on the Airbnb guest's page.
  await page.goto(`/stay/${token}`);
  await expect(page.getByRole('heading', { name: 'Extras' })).toBeVisible();

  await page.goto(`/dashboard/edit/${g._id}`);
  const panel = page.getByRole('region', { name: messages.channels.title });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const airbnb = panel.getByTestId('channel-rule-airbnb');
  await expect(airbnb.getByText(messages.channels.airbnbWhy)).toBeVisible();
  await expect(airbnb.getByRole('link', { name: /Airbnb’s rule on fees/ })).toHaveAttribute('href', /^https:\/\/www\.airbnb\.com\/help\/article\//);
  await panel.getByLabel('Extras for Airbnb guests').selectOption('none');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);

  const { violations } = await new AxeBuilder({ page }).include('#channels').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    await page.reload();
    await expect(panel.getByLabel('Extras for Airbnb guests')).toHaveValue('none');
    await shoot(page, 'editor-channels', project, scheme, panel);
  }

  // The stays view names the channel; the calendar form says what it read from the link.
  await page.goto(`/dashboard/stays/${g._id}`);
  await expect(page.getByTestId('stay-channel')).toHaveText(`${messages.channels.stayChannel} Airbnb`);
  await expect(page.getByTestId('calendar-channel')).toHaveText(messages.channels.detected('Airbnb'));
  await shoot(page, 'stays', project, 'dark');
  // The host may say otherwise for one stay; the calendar's next sync keeps it (tests/channel-rules.test.ts).
  await page.getByRole('button', { name: 'Edit stay of Ana' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit stay' });
  await expect(dialog.getByLabel(messages.channels.stayChannel)).toHaveValue('airbnb');
  await shoot(page, 'stay-dialog', project, 'dark', dialog);
  await dialog.getByLabel(messages.channels.stayChannel).selectOption('booking');
  await dialog.getByRole('button', { name: 'Save stay' }).click();
  await expect(page.getByTestId('stay-channel')).toHaveText(`${messages.channels.stayChannel} Booking.com`);
  await page.getByRole('button', { name: 'Edit stay of Ana' }).click();
  await dialog.getByLabel(messages.channels.stayChannel).selectOption('airbnb');
  await dialog.getByRole('button', { name: 'Save stay' }).click();
  await expect(page.getByTestId('stay-channel')).toHaveText(`${messages.channels.stayChannel} Airbnb`);

  // The guest's page offers nothing now, in English and in German, light and dark.
  // "Extras" in both languages (their dictionaries' extras.title).
  for (const lang of ['en', 'de'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await useColorScheme(page, scheme);
      await page.goto(`/stay/${token}?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: 'Extras', exact: true })).toHaveCount(0);
      await expect(page.getByText('Breakfast basket')).toHaveCount(0);
      await shoot(page, `stay-${lang}`, project, scheme);
    }
  }
  expect((await page.request.post(`/api/guest/${token}/extras/${BASKET.id}`, { headers: { origin }, data: {} })).status()).toBe(404);
});

import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { expect as baseExpect, database, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { sidewaysOverflow, useColorScheme } from './support/layout.ts';

// The reminder before arrival (docs/product/insights.md), the host's side: the switch in the editor's
// Stays tab, saved with the guidebook, and the stay row saying when the reminder went.
// Desktop (1280), light and dark; the phone (375) in light, where its layout is checked.

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
test.use({ timezoneId: 'Europe/Zagreb' });

const origin = (page: Page) => new URL(test.info().project.use.baseURL ?? page.url()).origin;

async function freshGuidebook(page: Page, name: string): Promise<Instruction> {
  const base = origin(page);
  const list = (await (await page.request.get(`${base}/api/instruction`)).json()) as Instruction[];
  for (const item of list) expect((await page.request.delete(`${base}/api/instruction/${item._id}`, { headers: { origin: base } })).ok()).toBe(true);
  const response = await page.request.post(`${base}/api/instruction`, { headers: { origin: base }, data: { nameInstruction: name, hostName: 'Dana', timeZone: 'Europe/Zagreb' } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function addStay(page: Page, id: string, guestName: string, inDays: number): Promise<Stay> {
  const base = origin(page);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.post(`${base}/api/instruction/${id}/stays`, {
    headers: { origin: base },
    data: { guestName, guestEmail: `${guestName.split(' ')[0]!.toLowerCase()}@example.com`, checkIn: day(inDays), checkOut: day(inDays + 3) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { stay: Stay }).stay;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the host turns the reminder on in the Stays tab and saves (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, host: _host }) => {
    await useColorScheme(page, scheme);
    const project = test.info().project.name;
    const guidebook = await freshGuidebook(page, `Reminder Loft ${project} ${scheme}`);
    const reminded = await addStay(page, guidebook._id, 'Ana Guest', 1);
    await addStay(page, guidebook._id, 'Bo Guest', 9);
    // Ana's reminder went on Tuesday 24 November 2026 at 18:02 in Zagreb (the job's own work is tested in tests/arrival-reminders.test.ts).
    database((db) => db.prepare('UPDATE stays SET reminder_sent_at = ? WHERE id = ?').run(Date.UTC(2026, 10, 24, 17, 2), reminded._id));

    await page.goto(`/dashboard/edit/${guidebook._id}`);
    await expect(page.getByRole('heading', { name: 'Check-in steps' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'Stays' }).click();
    await expect(page.getByRole('heading', { name: 'Stays', level: 2 })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Ana Guest' })).toContainText(/Reminder sent (Tue 18:02|Tue 24 Nov, 18:02)/);
    await expect(page.getByRole('listitem', { name: 'Bo Guest' })).not.toContainText('Reminder sent');

    const reminder = page.getByRole('switch', { name: 'Remind guests who have not opened their link' });
    await expect(reminder).not.toBeChecked();
    await expect(page.getByLabel('Send it')).toBeHidden();
    // By keyboard: the switch takes the focus and Space turns it on.
    await reminder.focus();
    await page.keyboard.press('Space');
    await expect(reminder).toBeChecked();
    await expect(page.getByLabel('Send it')).toHaveValue('24');
    await page.getByLabel('Send it').selectOption('48');
    await expect(page.getByText('Not saved yet: save the guidebook to apply it.')).toBeVisible();

    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/arrival-reminder-${project}-${scheme}.png`, fullPage: true, scale: 'css' });

    // The editor's Save (the calendar panel has a Save of its own).
    await page.getByRole('button', { name: 'Save', exact: true }).and(page.locator('[aria-keyshortcuts]')).click();
    await expect(page.getByRole('region', { name: /notifications/i }).getByText(messages.instruction.updated)).toBeVisible();
    const saved = (await (await page.request.get(`${origin(page)}/api/instruction/${guidebook._id}`)).json()) as Instruction;
    expect(saved.arrivalReminder).toEqual({ enabled: true, hoursBefore: 48 });
  });
}

import type { Locator, Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { DEFAULT_INSTRUCTION_NAME, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { expect as baseExpect, database, expectSaved, setPlan, test, transitionsDone } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';

// docs/product.md §2 Editor, §4 Editor / Instruction access / Address flow, §7 instruction calls and upload.
// Desktop (1280 px, mouse); the tests tagged @mobile run on the phone too (375 px, touch).

// The editor chunk (Tiptap, react-dnd) is the heaviest screen: give a busy CI machine room.
const expect = baseExpect.configure({ timeout: 15_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWO4Gc9BEmIY1RA/Gko3h2vSAADwxkAQKvfJTQAAAABJRU5ErkJggg==',
  'base64',
);

function origin(page: Page): string {
  return new URL(test.info().project.use.baseURL ?? page.url()).origin;
}

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', pathname: string, data?: unknown): Promise<{ status: number; body: T }> {
  const response = await page.request.fetch(`${origin(page)}${pathname}`, { method, headers: { origin: origin(page) }, ...(data === undefined ? {} : { data }) });
  return { status: response.status(), body: (await response.json()) as T };
}

async function createInstruction(page: Page, content: Record<string, unknown> = {}): Promise<Instruction> {
  const { status, body } = await api<{ instruction: Instruction }>(page, 'POST', '/api/instruction', content);
  expect(status).toBe(201);
  return body.instruction;
}

async function readInstruction(page: Page, id: string): Promise<Instruction> {
  const { status, body } = await api<Instruction>(page, 'GET', `/api/instruction/${id}`);
  expect(status).toBe(200);
  return body;
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text, { exact: true });
}

function stepList(page: Page, name: 'Check-in steps' | 'Additional info'): Locator {
  return page.getByRole('list', { name, exact: true });
}

function steps(page: Page, name: 'Check-in steps' | 'Additional info' = 'Check-in steps'): Locator {
  return stepList(page, name).locator(':scope > li');
}

function stepTitles(page: Page): Promise<string[]> {
  return steps(page).getByLabel('Title').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

function liveRegion(page: Page): Locator {
  return page.locator('[aria-live="polite"][aria-atomic="true"]');
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/dashboard/edit/${id}`);
  // A cold load parses the editor chunk first: slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Check-in steps' })).toBeVisible({ timeout: 30_000 });
}

interface Pointer {
  down(at: Point): Promise<void>;
  move(to: Point): Promise<void>;
  up(): Promise<void>;
}

interface Point {
  x: number;
  y: number;
}

/** Real touch events through Chromium's DevTools protocol: what a phone sends. One finger. */
async function touchPointer(page: Page): Promise<Pointer> {
  const cdp = await page.context().newCDPSession(page);
  return {
    down: async (at) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    },
    move: async (to) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [to] });
    },
    up: async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
  };
}

function mousePointer(page: Page): Pointer {
  return {
    down: async (at) => {
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
    },
    move: (to) => page.mouse.move(to.x, to.y),
    up: () => page.mouse.up(),
  };
}

/**
 * Drags one step's handle up onto the upper half of the card above it: mouse on desktop, touch on
 * the mobile project. The touch backend starts a drag on the first move after the press (no delay,
 * no slop: the app passes neither), moves the step as soon as the pointer passes the middle of
 * another card, and drops on release. Each stage waits for what the page shows, never for time:
 * the step announced as picked up, the list reordered under the pointer, the drop announced.
 */
async function dragHandleUpOnto(page: Page, handle: Locator, target: Locator, expected: { pickedUp: string; order: string[]; dropped: string }) {
  // Instant: the page scrolls smoothly (scroll-behavior: smooth), and boxes measured mid-scroll
  // put the press beside the handle on a busy machine.
  await handle.evaluate((node) => node.scrollIntoView({ block: 'end', behavior: 'instant' }));
  const from = (await handle.boundingBox())!;
  const onto = (await target.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  // Past Chromium's touch slop, still on the dragged step's own card (which ignores it).
  const lifted = { x: start.x, y: start.y - 20 };
  // Near the target card's top, but below the edge where the drag layer scrolls the page (72 px):
  // a phone's step card is nearly as tall as the screen, so its top may sit just above that edge.
  const end = { x: start.x, y: Math.max(onto.y + Math.min(40, onto.height / 4), 84) };
  expect(end.y, 'the drop point is in the upper half of the target card').toBeLessThan(onto.y + onto.height / 2);

  const pointer = test.info().project.name === 'mobile' ? await touchPointer(page) : mousePointer(page);
  await pointer.down(start);
  await pointer.move(lifted);
  await expect(liveRegion(page)).toHaveText(expected.pickedUp);
  for (let i = 1; i <= 8; i++) await pointer.move({ x: start.x, y: lifted.y + ((end.y - lifted.y) * i) / 8 });
  await expect.poll(() => stepTitles(page)).toEqual(expected.order);
  await pointer.up();
  await expect(liveRegion(page)).toHaveText(expected.dropped);
}

test.beforeEach(async ({ page, host }) => {
  test.slow();
  // The worker's account (shared with other specs) back to Free with no guidebooks: Free holds 3.
  setPlan(host.email, 'free');
  const { body } = await api<Instruction[]>(page, 'GET', '/api/instruction');
  for (const instruction of body) expect((await api(page, 'DELETE', `/api/instruction/${instruction._id}`)).status).toBe(200);
});

// The account outlives this file (other specs of the worker use it): leave it on Free.
test.afterEach(({ host }) => setPlan(host.email, 'free'));

test('steps: add (scrolled to, focused, highlighted), reorder by keyboard and by drag, delete after confirming', { tag: '@mobile' }, async ({ page }) => {
  const { _id } = await createInstruction(page, { nameInstruction: 'Steps Flat' });
  await openEditor(page, _id);
  await expect(page.getByText('No check-in steps yet.')).toBeVisible();

  for (const title of ['Gate', 'Door', 'Flat']) {
    await page.getByRole('button', { name: 'Add step' }).click();
    const title_ = steps(page).last().getByLabel('Title');
    await expect(title_).toBeFocused();
    await expect(title_).toBeInViewport();
    await title_.fill(title);
  }
  await expect(liveRegion(page)).toHaveText('Step 3 added.');
  expect(await stepTitles(page)).toEqual(['Gate', 'Door', 'Flat']);

  // Keyboard: the move buttons, then the arrow keys on the handle; every move is announced.
  await page.getByRole('button', { name: 'Move Step 1 down' }).click();
  await expect.poll(() => stepTitles(page)).toEqual(['Door', 'Gate', 'Flat']);
  await expect(liveRegion(page)).toHaveText('Step 1 moved to position 2 of 3.');
  await expect(page.getByRole('button', { name: 'Move Step 2 down' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => stepTitles(page)).toEqual(['Door', 'Flat', 'Gate']);
  // Now last: its "down" is disabled, the focus went to "up".
  await expect(page.getByRole('button', { name: 'Move Step 3 up' })).toBeFocused();
  await page.getByRole('button', { name: 'Reorder Step 3' }).focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => stepTitles(page)).toEqual(['Gate', 'Door', 'Flat']);
  await expect(liveRegion(page)).toHaveText('Step 2 moved to position 1 of 3.');

  // Drag (mouse on desktop, touch on mobile): "Door" onto "Gate", announced from pick-up to drop.
  await dragHandleUpOnto(page, page.getByRole('button', { name: 'Reorder Step 2' }), steps(page).first(), {
    pickedUp: 'Step 2 picked up.',
    order: ['Door', 'Gate', 'Flat'],
    dropped: 'Step moved from position 2 to position 1.',
  });

  // Delete: Cancel keeps it, Delete removes it; the focus lands on the next step.
  await page.getByRole('button', { name: 'Delete Step 2' }).click();
  const dialog = page.getByRole('alertdialog', { name: messages.editor.confirmDeletionTitle });
  await expect(dialog).toContainText(messages.editor.confirmDeletionText);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await stepTitles(page)).toEqual(['Door', 'Gate', 'Flat']);
  await page.getByRole('button', { name: 'Delete Step 2' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => stepTitles(page)).toEqual(['Door', 'Flat']);
  await expect(steps(page).nth(1).getByRole('heading', { name: /Step 2/ })).toBeFocused();
  await expect(liveRegion(page)).toHaveText('Step 2 deleted.');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, messages.instruction.updated)).toBeVisible();
  await expectSaved(page);
  expect((await readInstruction(page, _id)).boxes.map((box) => box.title)).toEqual(['Door', 'Flat']);
});

test('every section is saved and reopens the same', async ({ page }) => {
  // The longest walk of the suite: every field, two uploads, a save and a reopen.
  test.setTimeout(180_000);
  // No host photo, whatever picture another test of this worker gave the shared account.
  const { _id, version } = await createInstruction(page, { nameInstruction: 'Harbour Loft', photoGreating: '' });
  await openEditor(page, _id);

  await page.getByLabel('Guidebook name').fill('Harbour Loft by the Sea');

  // Check-in step with text, the lock-box marker and an image.
  await page.getByRole('button', { name: 'Add step' }).click();
  const step = steps(page).first();
  await step.getByLabel('Title').fill('Key box');
  const text = step.getByRole('textbox', { name: 'Instructions' });
  await text.click();
  await page.keyboard.type('The code is ');
  await step.getByRole('button', { name: 'Insert Lock-box code' }).click();
  await expect(text.locator('[data-marker="lockbox"]')).toHaveText('Lock-box code');
  await step.getByLabel(/Upload image.*Image of Step 1/).setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: PNG });
  await expect(step.getByRole('img', { name: 'Image of Step 1' })).toHaveAttribute('src', /^\/media\//);

  // Contact, Wi-Fi.
  await page.getByLabel('Phone (with country code)').fill('+385 91 555 0101');
  await page.getByLabel('WhatsApp number').fill('wa.me/385915550101');
  await page.getByLabel('Instagram handle').fill('https://instagram.com/harbourloft');
  await page.getByLabel('Network name').fill('Harbour-Guest');
  await page.getByLabel('Security').selectOption('WEP');
  await page.getByLabel('Password', { exact: true }).fill('salt-and-sun');

  // House rules: default 2,1,3,4,5 → drop 4, add 6, move it above 5.
  const picked = page.getByRole('list', { name: 'Picked house rules' });
  await expect(picked.locator(':scope > li')).toHaveCount(5);
  await page.getByRole('button', { name: 'Remove No open flames' }).click();
  await page.getByRole('button', { name: 'Add No pets' }).click();
  await page.getByRole('button', { name: 'Move No pets up' }).click();
  await expect(liveRegion(page)).toHaveText('No pets moved to position 4 of 5.');

  // Welcome: host photo, name, text.
  await page.getByLabel(/Upload image.*Host photo/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Host photo' })).toHaveAttribute('src', /^\/media\//);
  await page.getByLabel('Host name').fill('Marta');
  await page.getByRole('textbox', { name: 'Message' }).fill('Welcome to the harbour!');

  // Additional info: the address marker is offered, the lock-box one is not (docs/product.md §4).
  await page.getByRole('button', { name: 'Add info' }).click();
  const info = steps(page, 'Additional info').first();
  await expect(info.getByRole('textbox', { name: 'Text' })).toBeFocused();
  await page.keyboard.type('Parking is free after 8 PM.');
  await expect(info.getByRole('button', { name: 'Insert Address link' })).toBeVisible();
  await expect(info.getByRole('button', { name: 'Insert Lock-box code' })).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'Formatting: Message' }).getByRole('button', { name: /Insert/ })).toHaveCount(0);

  // Side panels: branding is Premium only; address, links, lock-box code.
  await expect(page.getByRole('region', { name: /Branding title/ }).getByText('Premium', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /Branding title/ }).getByLabel('Title')).toBeDisabled();
  await page.getByLabel('Map link').fill('https://maps.app.goo.gl/harbour');
  await page.getByLabel('Map link').blur();
  // The map endpoints may not exist yet (404): the failure text stands where the address would be.
  const written = page.getByLabel('Written address');
  await expect(page.getByText(new RegExp(`${messages.address.failed}|${messages.address.unresolved}`)).or(written)).toBeVisible();
  if (!(await written.isVisible())) await page.getByRole('button', { name: 'Type the address yourself' }).click();
  await written.fill('Riva 1, Split, 21000, Croatia');
  await page.getByLabel('Taxi').fill('https://taxi.example.com');
  await page.getByLabel('Code', { exact: true }).fill('4821');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, messages.instruction.updated)).toBeVisible();
  await expectSaved(page);

  const saved = await readInstruction(page, _id);
  expect(saved.version).toBe(version + 1);
  expect(saved).toMatchObject({
    nameInstruction: 'Harbour Loft by the Sea',
    phone: '+385 91 555 0101',
    whatsapp: 'https://wa.me/385915550101',
    instagram: 'https://instagram.com/harbourloft',
    wifiName: 'Harbour-Guest',
    wifiSecurity: 'WEP',
    wifiPassword: 'salt-and-sun',
    selectedHouseRules: [2, 1, 3, 6, 5],
    hostName: 'Marta',
    textGreating: '<p>Welcome to the harbour!</p>',
    addressUrl: 'https://maps.app.goo.gl/harbour',
    address: 'Riva 1, Split, 21000, Croatia',
    taxiLink: 'https://taxi.example.com',
    code: '4821',
  });
  expect(saved.photoGreating).toMatch(/^\/media\//);
  expect(saved.boxes).toHaveLength(1);
  expect(saved.boxes[0]).toMatchObject({ title: 'Key box', paragraph: '<p>The code is <span data-marker="lockbox"></span></p>' });
  expect(saved.boxes[0]!.imageUrl).toMatch(/^\/media\//);
  expect(saved.manualBoxes.map((box) => box.paragraph)).toEqual(['<p>Parking is free after 8 PM.</p>']);

  // Reopened: the same values, and nothing counts as unsaved.
  await openEditor(page, _id);
  await expect(page.getByLabel('Guidebook name')).toHaveValue('Harbour Loft by the Sea');
  await expect(steps(page).first().getByLabel('Title')).toHaveValue('Key box');
  await expect(steps(page).first().locator('[data-marker="lockbox"]')).toBeVisible();
  await expect(page.getByLabel('Security')).toHaveValue('WEP');
  await expect(page.getByRole('list', { name: 'Picked house rules' }).locator(':scope > li')).toHaveText([/Turn off A\/C/, /No events/, /Respect check-in/, /No pets/, /Keep track of keys/]);
  await expect(page.getByLabel('Written address')).toHaveValue('Riva 1, Split, 21000, Croatia');
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue('4821');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The preview fills the marker with the code.
  await openEditor(page, _id);
  await page.getByRole('radio', { name: 'Preview' }).click();
  const preview = page.frameLocator('iframe[title="Guest page preview"]').locator('body');
  await expect(preview.getByText('Key box')).toBeVisible();
  await expect(preview.locator('.code-chip')).toHaveText('4821');
  await expect(page.getByRole('link', { name: /Open guest page/ }).first()).toHaveAttribute('href', `/instruction/${saved.token}`);
});

test('leaving with unsaved changes asks first; closing the tab too', async ({ page }) => {
  const { _id } = await createInstruction(page, { nameInstruction: 'Quiet House' });
  await openEditor(page, _id);

  // Nothing changed: leaving does not ask.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openEditor(page, _id);
  await page.getByLabel('Guidebook name').fill('Quiet House 2');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const prompt = page.getByRole('alertdialog', { name: messages.editor.leaveTitle });
  await expect(prompt).toContainText(messages.instruction.unsavedChanges);
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/dashboard/edit/${_id}$`));
  await expect(page.getByLabel('Guidebook name')).toHaveValue('Quiet House 2');

  // Back to the loaded value: nothing unsaved any more.
  await page.getByLabel('Guidebook name').fill('Quiet House');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openEditor(page, _id);
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('alertdialog', { name: messages.editor.leaveTitle }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await readInstruction(page, _id)).boxes).toEqual([]);

  // Closing the tab: the browser's own prompt.
  await openEditor(page, _id);
  await page.getByLabel('Guidebook name').fill('Quiet House 3');
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
});

/** Light, then dark: the dashboard's own class, as its theme switch sets it. */
async function inBothSchemes(page: Page, take: (scheme: 'light' | 'dark') => Promise<unknown>) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
    await transitionsDone(page);
    await take(scheme);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test('a save keeps the editor open and says Saved until the next change', { tag: '@mobile' }, async ({ page }) => {
  const { _id } = await createInstruction(page, { nameInstruction: 'Open Flat' });
  await openEditor(page, _id);
  const desktop = test.info().project.name === 'desktop';
  const saveButton = page.locator('button[aria-keyshortcuts]');
  await expect(saveButton).toHaveText('Save');

  await page.getByLabel('Guidebook name').fill('Open Flat by the Sea');
  await saveButton.click();
  await expect(toast(page, messages.instruction.updated)).toBeVisible();
  expect(messages.instruction.updated).toBe('Guidebook saved');
  // Still here, and it says so: the button and (on a wide screen) the status under the name.
  await expect(saveButton).toHaveText(messages.editor.saved);
  await expect(page).toHaveURL(new RegExp(`/dashboard/edit/${_id}$`));
  await expect(page.getByLabel('Guidebook name')).toHaveValue('Open Flat by the Sea');
  if (desktop) await expect(page.getByRole('complementary', { name: 'Editor' }).getByRole('paragraph').filter({ hasText: messages.editor.saved })).toBeVisible();
  expect(await readInstruction(page, _id)).toMatchObject({ nameInstruction: 'Open Flat by the Sea', version: 2 });
  await inBothSchemes(page, (scheme) => page.screenshot({ path: `test-results/editor-saved-${test.info().project.name}-${scheme}.png`, scale: 'css' }));

  // The next change is unsaved again; Ctrl+S saves it on the version just saved (no conflict).
  await page.getByLabel('Code', { exact: true }).fill('4821');
  await expect(saveButton).toHaveText('Save');
  if (desktop) await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(saveButton).toHaveText(messages.editor.saved);
  expect(await readInstruction(page, _id)).toMatchObject({ code: '4821', version: 3 });

  // Saved: leaving asks nothing.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alertdialog', { name: messages.editor.leaveTitle })).toHaveCount(0);
});

test('a stale save from a second tab keeps the edits: it says what changed elsewhere and puts them on the latest version', async ({ page }) => {
  const { _id } = await createInstruction(page, { nameInstruction: 'Two Tabs' });
  await openEditor(page, _id);
  const other = await page.context().newPage();
  await openEditor(other, _id);

  await other.getByLabel('Guidebook name').fill('Saved in the other tab');
  await other.getByLabel('Network name').fill('Harbour-Guest');
  await other.getByRole('button', { name: 'Save' }).click();
  await expectSaved(other);
  await other.close();

  await page.getByLabel('Code', { exact: true }).fill('1111');
  await page.getByRole('button', { name: 'Save' }).click();
  const alert = page.getByRole('alert').filter({ hasText: messages.instruction.staleVersion });
  await expect(alert).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/dashboard/edit/${_id}$`));
  // What the other tab changed, and what this one did, as the History says it.
  await expect(alert.getByRole('listitem')).toHaveText(['Name changed', 'Wi-Fi name added', 'Door code added']);
  await expect(alert.getByText(/changed here and elsewhere/)).toHaveCount(0);
  expect((await readInstruction(page, _id)).nameInstruction).toBe('Saved in the other tab');
  await alert.scrollIntoViewIfNeeded();
  await inBothSchemes(page, (scheme) => alert.screenshot({ path: `test-results/editor-conflict-${test.info().project.name}-${scheme}.png`, scale: 'css' }));

  // Nothing changed in both places: the edits go on the latest version at once, not saved yet.
  await alert.getByRole('button', { name: messages.editor.keepEdits }).click();
  const kept = page.getByRole('status').filter({ hasText: messages.editor.kept });
  await expect(kept).toBeFocused();
  await expect(kept).toContainText('Name changed, Wi-Fi name added');
  await expect(page.getByLabel('Guidebook name')).toHaveValue('Saved in the other tab');
  await expect(page.getByLabel('Network name')).toHaveValue('Harbour-Guest');
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue('1111');
  await inBothSchemes(page, (scheme) => page.screenshot({ path: `test-results/editor-kept-${test.info().project.name}-${scheme}.png`, scale: 'css' }));
  await page.getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);
  await expect(kept).toHaveCount(0);
  expect(await readInstruction(page, _id)).toMatchObject({ nameInstruction: 'Saved in the other tab', wifiName: 'Harbour-Guest', code: '1111', version: 3 });
});

test('a stale save: a field changed in both places is the tab’s only once the host confirms; discarding asks too', async ({ page }) => {
  const { _id } = await createInstruction(page, { nameInstruction: 'Both Flat' });
  await openEditor(page, _id);
  // Another device saves the name and the Wi-Fi name meanwhile.
  const elsewhere = await readInstruction(page, _id);
  expect((await api(page, 'PUT', `/api/instruction/${_id}`, { ...elsewhere, nameInstruction: 'Their name', wifiName: 'Their Wi-Fi' })).status).toBe(200);

  await page.getByLabel('Guidebook name').fill('My name');
  await page.getByLabel('Code', { exact: true }).fill('2222');
  await page.getByRole('button', { name: 'Save' }).click();
  const alert = page.getByRole('alert').filter({ hasText: messages.instruction.staleVersion });
  await expect(alert.getByText(messages.editor.changedInBoth('Name'))).toBeVisible();

  // Keeping asks first, naming the field; Cancel changes nothing.
  await alert.getByRole('button', { name: messages.editor.keepEdits }).click();
  const confirmKeep = page.getByRole('alertdialog', { name: messages.editor.keepTitle });
  await expect(confirmKeep).toContainText(messages.editor.keepText('Name'));
  await confirmKeep.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmKeep).toBeHidden();
  await expect(page.getByLabel('Guidebook name')).toHaveValue('My name');
  await alert.getByRole('button', { name: messages.editor.keepEdits }).click();
  await confirmKeep.getByRole('button', { name: messages.editor.keepConfirm }).click();
  await expect(page.getByLabel('Guidebook name')).toHaveValue('My name');
  await expect(page.getByLabel('Network name')).toHaveValue('Their Wi-Fi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);
  expect(await readInstruction(page, _id)).toMatchObject({ nameInstruction: 'My name', wifiName: 'Their Wi-Fi', code: '2222', version: 3 });

  // Saved elsewhere again; this time the host drops the edit, after saying so.
  const again = await readInstruction(page, _id);
  expect((await api(page, 'PUT', `/api/instruction/${_id}`, { ...again, code: '3333' })).status).toBe(200);
  await page.getByLabel('Code', { exact: true }).fill('4444');
  await page.getByRole('button', { name: 'Save' }).click();
  const second = page.getByRole('alert').filter({ hasText: messages.instruction.staleVersion });
  await expect(second.getByText(messages.editor.changedInBoth('Door code'))).toBeVisible();
  await second.getByRole('button', { name: messages.editor.discardEdits }).click();
  const confirmDiscard = page.getByRole('alertdialog', { name: messages.editor.discardTitle });
  await expect(confirmDiscard).toContainText(messages.editor.discardText);
  await confirmDiscard.getByRole('button', { name: messages.editor.discardConfirm }).click();
  await expect(second).toHaveCount(0);
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue('3333');
  expect(await readInstruction(page, _id)).toMatchObject({ code: '3333', version: 4 });
});

test('without a plan a paid-plan guidebook is read only; the server refuses its save', async ({ page }) => {
  const { _id, ...rest } = await createInstruction(page, { nameInstruction: 'Made on Gold' });
  database((db) => db.prepare('UPDATE instructions SET is_free = 0 WHERE id = ?').run(_id));
  await openEditor(page, _id);

  await expect(page.getByText(messages.editor.readOnly)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByLabel('Guidebook name')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add step' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('contenteditable', 'false');

  const refused = await api<{ message: string }>(page, 'PUT', `/api/instruction/${_id}`, { ...rest, _id, nameInstruction: 'Sneaky' });
  expect(refused).toEqual({ status: 403, body: { message: messages.instruction.needsPlan } });
});

test('Premium unlocks the branding title and themes; the preview follows them', async ({ page, host }) => {
  setPlan(host.email, 'premium');
  const { _id } = await createInstruction(page, { nameInstruction: 'Casa Azul' });
  await openEditor(page, _id);

  const branding = page.getByRole('region', { name: /Branding title/ });
  await branding.getByLabel('Title').fill('Azul Stays');
  await branding.getByTitle('Blue').click();
  await expect(branding.getByRole('radio', { name: 'Blue' })).toBeChecked();
  await page.getByRole('radio', { name: 'Preview' }).click();
  await expect(page.frameLocator('iframe[title="Guest page preview"]').locator('body')).toContainText('Azul Stays');
  await page.getByRole('radio', { name: 'Edit' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);
  expect(await readInstruction(page, _id)).toMatchObject({ brandingTitle: 'Azul Stays', selectedTheme: '#4a90e2' });
});

test('address: a map link fills the written address; failures stand in its place', async ({ page }) => {
  const { _id } = await createInstruction(page, { nameInstruction: 'Map Flat' });
  // resolve-map reads coordinates spelled in the link without any network; Nominatim (behind
  // reverse-geocode) is a third party, stood in for here.
  let geocode: { status: number; json: unknown } = { status: 200, json: { success: true, address: 'Riva 1, Split, 21000, Croatia', message: '' } };
  await page.route('**/api/map/reverse-geocode?**', (route) => route.fulfill(geocode));
  await openEditor(page, _id);
  await expect(page.getByLabel('Written address')).toHaveCount(0);

  const link = page.getByLabel('Map link');
  await link.fill('https://www.google.com/maps/place/Riva/@43.5081,16.4402,17z');
  await link.blur();
  await expect(page.getByLabel('Written address')).toHaveValue('Riva 1, Split, 21000, Croatia');

  geocode = { status: 502, json: { success: false, address: '', message: messages.address.failed } };
  await link.fill('https://www.google.com/maps/@43.51,16.44,17z');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(page.getByText(messages.address.failed, { exact: true })).toBeVisible();

  // A link the server will not follow: "Could not resolve address".
  await link.fill('https://example.com/somewhere');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(page.getByText(messages.address.unresolved, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Written address')).toHaveValue('Riva 1, Split, 21000, Croatia');
});

test('the form is checked before saving; each message leads to its field', async ({ page }) => {
  const { _id } = await createInstruction(page, { nameInstruction: 'Checked Flat' });
  await openEditor(page, _id);
  await page.getByLabel('WhatsApp number').fill('not a number');
  await page.getByRole('button', { name: 'Save' }).click();

  const alert = page.getByRole('alert').filter({ hasText: messages.editor.invalid });
  await expect(alert).toBeFocused();
  await alert.getByRole('button', { name: messages.contactLinks.whatsapp }).click();
  await expect(page.getByLabel('WhatsApp number')).toBeFocused();
  expect((await readInstruction(page, _id)).version).toBe(1);
});

test('a new guidebook’s name field is empty with a placeholder; a name left empty saves as the default', async ({ page }) => {
  // A new guidebook, as "New Guidebook" makes it: the server names it DEFAULT_INSTRUCTION_NAME.
  const { _id, nameInstruction } = await createInstruction(page);
  expect(nameInstruction).toBe(DEFAULT_INSTRUCTION_NAME);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openEditor(page, _id);
    const name = page.getByLabel('Guidebook name');
    // Nothing of ours to delete before typing: the default is only the placeholder.
    await expect(name).toHaveValue('');
    await expect(name).toHaveAttribute('placeholder', DEFAULT_INSTRUCTION_NAME);
    await page.screenshot({ path: `test-results/editor-new-name-${scheme}-${test.info().project.name}.png`, scale: 'css' });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const name = page.getByLabel('Guidebook name');
  await name.fill('Harbour Loft');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, messages.instruction.updated)).toBeVisible();
  expect(await readInstruction(page, _id)).toMatchObject({ nameInstruction: 'Harbour Loft', version: 2 });

  // Emptied again (blank counts as empty), the guidebook takes the server's default name, as a new one has.
  await openEditor(page, _id);
  await expect(name).toHaveValue('Harbour Loft');
  await name.fill('   ');
  await expect(name).toHaveValue('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, messages.instruction.updated)).toBeVisible();
  expect(await readInstruction(page, _id)).toMatchObject({ nameInstruction: DEFAULT_INSTRUCTION_NAME, version: 3 });
});

test('contact: stored links show as the host typed them, and opening them is no unsaved change', async ({ page }) => {
  const { _id } = await createInstruction(page, {
    nameInstruction: 'Typed Flat',
    whatsapp: '+385 91 555 0101',
    viber: '00385 91 555 0101',
    telegram: '@harbour_host',
    instagram: '@harbour.loft',
  });
  const stored = await readInstruction(page, _id);
  expect(stored).toMatchObject({ whatsapp: 'https://wa.me/385915550101', viber: 'viber://chat?number=%2B385915550101' });
  await openEditor(page, _id);

  const whatsapp = page.getByLabel('WhatsApp number');
  await expect(whatsapp).toHaveValue('+385915550101');
  await expect(whatsapp).toHaveAccessibleDescription(messages.contactLinks.opens('https://wa.me/385915550101'));
  await expect(page.getByLabel('Viber number')).toHaveValue('+385915550101');
  await expect(page.getByLabel('Telegram username')).toHaveValue('@harbour_host');
  await expect(page.getByLabel('Instagram handle')).toHaveValue('@harbour.loft');
  await page.getByLabel('Telegram username').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/editor-contact-typed-${test.info().project.name}.png`, scale: 'css' });

  // The same number typed another way is the same link: still nothing to save.
  await whatsapp.fill('+385 91 555 0101');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alertdialog', { name: messages.editor.leaveTitle })).toHaveCount(0);
  expect(await readInstruction(page, _id)).toMatchObject({ whatsapp: stored.whatsapp, viber: stored.viber, telegram: stored.telegram, instagram: stored.instagram, version: 1 });
});

test('contact: a typed WhatsApp number shows the link guests will open, and the guest page uses it', async ({ page }) => {
  const { _id, token } = await createInstruction(page, { nameInstruction: 'Number Flat' });
  await openEditor(page, _id);
  const link = 'https://wa.me/385915550101';

  const whatsapp = page.getByLabel('WhatsApp number');
  await expect(whatsapp).toHaveAttribute('placeholder', '+385 91 555 0101');
  await whatsapp.fill('+385 91 555-0101');
  await expect(page.getByText(messages.contactLinks.opens(link), { exact: true })).toBeVisible();
  await expect(whatsapp).toHaveAccessibleDescription(messages.contactLinks.opens(link));

  // A wrong value says what to type once the field is left, and goes as soon as it reads right.
  const telegram = page.getByLabel('Telegram username');
  await telegram.fill('@abc');
  await telegram.blur();
  await expect(telegram).toHaveAccessibleDescription(messages.contactLinks.telegram);
  await expect(telegram).toHaveAttribute('aria-invalid', 'true');
  await telegram.fill('@harbour_host');
  await expect(telegram).toHaveAccessibleDescription(messages.contactLinks.opens('https://t.me/harbour_host'));

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, messages.instruction.updated)).toBeVisible();
  await expectSaved(page);
  expect(await readInstruction(page, _id)).toMatchObject({ whatsapp: link, telegram: 'https://t.me/harbour_host' });

  // The guest page is rebuilt right after the save, off the request path: open it once it is.
  await expect(async () => {
    await page.goto(`/instruction/${token}`);
    await expect(page.getByRole('region', { name: /Need Help/ }).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', link, { timeout: 1_000 });
  }).toPass();
});

test('uploads: no file and server refusals show their message', async ({ page }) => {
  // No host photo, whatever picture another test of this worker gave the shared account.
  const { _id } = await createInstruction(page, { nameInstruction: 'Upload Flat', photoGreating: '' });
  await openEditor(page, _id);
  const input = page.getByLabel(/Upload image.*Host photo/);
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(toast(page, messages.upload.typeNotAllowed)).toBeVisible();
  await input.setInputFiles([]);
  await expect(toast(page, messages.upload.noFile)).toBeVisible();
});

test('a spinner while loading, a danger message when the guidebook cannot be loaded', async ({ page }) => {
  // The answer waits until the spinner has been seen, however slowly the page comes up.
  let seen!: () => void;
  const spinnerSeen = new Promise<void>((resolve) => (seen = resolve));
  await page.route('**/api/instruction/slow-one', async (route) => {
    await spinnerSeen;
    await route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: messages.instruction.notFound }) });
  });
  await page.goto('/dashboard/edit/slow-one');
  await expect(page.getByRole('status').filter({ hasText: 'Loading guidebook…' })).toBeVisible();
  seen();
  const alert = page.getByRole('alert').filter({ hasText: messages.editor.loadFailed });
  await expect(alert).toContainText(messages.instruction.notFound);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
});

test('the editor has no serious accessibility violations, in edit and preview', async ({ page }) => {
  const { _id } = await createInstruction(page, { nameInstruction: 'Axe Flat', boxes: [{ id: 1, title: 'Gate', paragraph: '<p>Hi</p>', imageUrl: '' }] });
  await openEditor(page, _id);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('radio', { name: 'Preview' }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createMember, ownAddress } from './fixtures/members.ts';
import { appOrigin, createVerifiedAccount, expect, logIn, mailsTo, setPlan, test, transitionsDone, type Account } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { useColorScheme, sidewaysOverflow, type ColorScheme } from './support/layout.ts';

// docs/product.md §6 Team members: the owner invites from /dashboard/team; each invited person
// registers from the mailed link and sees only what the role allows; past the plan's limit the
// Invite button leads to the upgrade. Screenshots go to SHOTS (outside git), looked at by hand.

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/team-members-shots';
const CODE = 'LOCK-5521';

async function shoot(page: Page, name: string, scheme: ColorScheme, locale = 'en'): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}-${scheme}-${locale}.png`, fullPage: true, scale: 'css' });
}

/** Axe's serious findings, measured once the theme's colour transitions end (one half-way is half dark). */
async function axe(page: Page): Promise<string[]> {
  await transitionsDone(page);
  return seriousA11yViolations(page);
}

/** A Gold owner (three places) with three guidebooks, the first with a door code, made through the API. */
async function team(request: APIRequestContext): Promise<{ owner: Account; names: string[] }> {
  const owner = await createVerifiedAccount('members-owner');
  setPlan(owner.email, 'gold');
  const origin = appOrigin();
  const headers = { origin };
  expect((await request.post(`${origin}/api/users/auth`, { headers, data: { email: owner.email, password: owner.password } })).ok()).toBe(true);
  const names = ['Harbour Loft', 'Garden Flat', 'Old Mill'];
  for (const [index, nameInstruction] of names.entries()) {
    const made = await request.post(`${origin}/api/instruction`, { headers, data: { nameInstruction, ...(index === 0 ? { code: CODE, secretsPolicy: 'always' } : {}) } });
    expect(made.status()).toBe(201);
    expect(((await made.json()) as { instruction: Instruction }).instruction.nameInstruction).toBe(nameInstruction);
  }
  return { owner, names };
}

/** The invitation link last mailed to `email`. */
async function linkMailedTo(email: string): Promise<string> {
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  const mails = mailsTo(email);
  return /https?:\/\/\S+(\/invite\/[\w-]+)/.exec(mails[mails.length - 1]!)![1]!;
}

/** The Invite dialog filled and sent: an address, a role, the guidebooks by name. */
async function invite(page: Page, email: string, role: 'Editor' | 'Cleaner', guidebooks: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
  for (const name of guidebooks) await dialog.getByRole('checkbox', { name }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Pending invitations' }).getByText(email)).toBeVisible();
}

/** This project's screen and address, for another person's browser. */
function deviceOf(locale?: string) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = test.info().project.use;
  return { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, ...(locale ? { locale } : {}) };
}

/** A new person registers from the link in a browser of their own, and lands in the team's dashboard. */
async function registerFrom(browser: Browser, link: string, email: string, name: string, scheme: ColorScheme): Promise<Page> {
  const context = await browser.newContext({ ...deviceOf(), extraHTTPHeaders: ownAddress() });
  const page = await context.newPage();
  await useColorScheme(page, scheme);
  await page.goto(link);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('porch-light-1');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('porch-light-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return page;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the owner invites an Editor of two guidebooks and a Cleaner from the Team screen; each joins from the mail and sees only their part (${scheme})`, { tag: '@mobile' }, async ({ page, playwright, browser, baseURL }) => {
    const api = await playwright.request.newContext();
    const { owner, names } = await team(api);
    const stamp = `${scheme}-${test.info().project.name}-${Date.now().toString(36)}`;
    const editorEmail = `editor-${stamp}@example.com`;
    const cleanerEmail = `cleaner-${stamp}@example.com`;
    await useColorScheme(page, scheme);
    await logIn(page, owner, baseURL);

    await page.goto('/dashboard/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await expect(page.getByText('1 of 3 places on the Gold plan are taken')).toBeVisible();
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await expect(dialog.getByText('Edits the chosen guidebooks, their stays and orders')).toBeVisible();
    // Nothing chosen: the form says so, nothing is sent.
    await dialog.getByLabel('E-mail address').fill(editorEmail);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose at least one guidebook this person may work on.');
    expect(await axe(page)).toEqual([]);
    await shoot(page, 'invite-dialog', scheme);
    await page.keyboard.press('Escape');

    await invite(page, editorEmail, 'Editor', [names[0]!, names[1]!]);
    await invite(page, cleanerEmail, 'Cleaner', [names[0]!]);
    // Three places taken (two open invitations count): Invite becomes the way to a bigger plan.
    await expect(page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Upgrade to invite more' })).toHaveAttribute('href', '/dashboard/upgradePlan');
    await expect(page.getByText('The Gold plan allows 3 team members, counting open invitations.')).toBeVisible();
    expect(await axe(page)).toEqual([]);
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    await shoot(page, 'owner-invited', scheme);

    const editor = await registerFrom(browser, await linkMailedTo(editorEmail), editorEmail, 'Ana Editor', scheme);
    await expect(editor.getByRole('heading', { name: names[0] })).toBeVisible();
    await expect(editor.getByRole('heading', { name: names[1] })).toBeVisible();
    await expect(editor.getByRole('heading', { name: names[2] })).toHaveCount(0);
    await shoot(editor, 'editor-guidebooks', scheme);

    const cleaner = await registerFrom(browser, await linkMailedTo(cleanerEmail), cleanerEmail, 'Bo Cleaner', scheme);
    const card = cleaner.getByRole('article', { name: names[0] });
    await expect(card.getByText('Hidden')).toBeVisible();
    await expect(cleaner.getByText(CODE)).toHaveCount(0);
    await expect(cleaner.getByRole('heading', { name: names[1] })).toHaveCount(0);
    await cleaner.goto('/dashboard/team');
    await expect(cleaner.getByRole('button', { name: 'Leave team' })).toBeVisible();
    await expect(cleaner.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
    await expect(cleaner.getByRole('list', { name: 'Members' })).toHaveCount(0);
    expect(await axe(cleaner)).toEqual([]);
    await shoot(cleaner, 'cleaner-team', scheme);

    // The owner's list: both joined with their guidebooks; no invitation waits.
    await page.reload();
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem')).toHaveCount(3);
    // Newest first, as the guidebook list.
    await expect(members.getByRole('listitem').filter({ hasText: 'Ana Editor' })).toContainText(`Guidebooks: ${names[1]}, ${names[0]}`);
    await expect(members.getByRole('listitem').filter({ hasText: 'Bo Cleaner' })).toContainText('Does not see door codes or Wi-Fi');
    await expect(page.getByText('No invitations waiting.')).toBeVisible();

    // The Cleaner is allowed the door code: it shows at their next load.
    await page.getByRole('button', { name: 'Change access for Bo Cleaner' }).click();
    const change = page.getByRole('dialog', { name: 'Change Bo Cleaner’s access' });
    await change.getByRole('checkbox', { name: /May see door codes and Wi-Fi/ }).check();
    await change.getByRole('button', { name: 'Save access' }).click();
    await expect(change).toBeHidden();
    await expect(members.getByRole('listitem').filter({ hasText: 'Bo Cleaner' })).toContainText('May see door codes and Wi-Fi');
    expect(await axe(page)).toEqual([]);
    await shoot(page, 'owner-members', scheme);
    // The same screen in a French browser: its dates follow the browser's language.
    const french = await (await browser.newContext(deviceOf('fr-FR'))).newPage();
    await useColorScheme(french, scheme);
    await logIn(french, owner, baseURL);
    await french.goto('/dashboard/team');
    await expect(french.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(3);
    await shoot(french, 'owner-members', scheme, 'fr');
    await french.context().close();
    await cleaner.goto('/dashboard');
    await expect(cleaner.getByText(CODE)).toBeVisible();

    // Removed, the Editor is signed out of the team at their next request.
    await page.getByRole('button', { name: 'Remove Ana Editor' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(members.getByRole('listitem')).toHaveCount(2);
    await editor.reload();
    await expect(editor).toHaveURL(/\/login/);
    await editor.context().close();

    // The Cleaner leaves: signed out of the team, and gone from the owner's list.
    await cleaner.goto('/dashboard/team');
    await cleaner.getByRole('button', { name: 'Leave team' }).click();
    await cleaner.getByRole('alertdialog').getByRole('button', { name: 'Leave team' }).click();
    await expect(cleaner).toHaveURL(/\/login/);
    await page.reload();
    await expect(members.getByRole('listitem')).toHaveCount(1);
    await cleaner.context().close();
    await api.dispose();
  });
}

test('an existing account signs in from the invitation page, comes back and joins; the page and the sign-in keep the token out of Referer', async ({ page, playwright }) => {
  const api = await playwright.request.newContext();
  const { owner, names } = await team(api);
  const person = await createVerifiedAccount('members-existing');
  const origin = appOrigin();
  const invited = await api.post(`${origin}/api/team/invitations`, { headers: { origin }, data: { email: person.email, role: 'editor', guidebookIds: [] } });
  expect(invited.status()).toBe(400);
  const list = (await (await api.get(`${origin}/api/instruction`)).json()) as Instruction[];
  const loft = list.find((each) => each.nameInstruction === names[0])!;
  expect((await api.post(`${origin}/api/team/invitations`, { headers: { origin }, data: { email: person.email, role: 'editor', guidebookIds: [loft._id] } })).status()).toBe(201);
  const link = await linkMailedTo(person.email);

  const opened = await page.goto(link);
  expect(opened!.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByText(`invited you to join ${owner.name} as Editor`)).toBeVisible();
  const login = page.waitForResponse((response) => new URL(response.url()).pathname === '/login');
  await page.getByRole('link', { name: 'Sign in' }).click();
  expect((await login).headers()['referrer-policy']).toBe('no-referrer');
  // Filled once the form has hydrated (its button is disabled until then): a value typed before is lost.
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  // Back on the invitation itself (the sign-in page's own address carries the link too).
  await expect(page).toHaveURL((url) => url.pathname === link);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { name: names[0] })).toBeVisible();
  await expect(page.getByRole('heading', { name: names[1] })).toHaveCount(0);
  await api.dispose();
});

test('an Admin reads the members and the invitations, and changes nothing', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext();
  const { owner } = await team(api);
  const origin = appOrigin();
  expect((await api.post(`${origin}/api/team/invitations`, { headers: { origin }, data: { email: `waiting-${Date.now().toString(36)}@example.com`, role: 'admin' } })).status()).toBe(201);
  const admin = await createMember(owner.email, 'admin');
  await logIn(page, admin, baseURL);
  await page.goto('/dashboard/team');
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')).toHaveCount(1);
  for (const name of [/Invite member/, /Upgrade to invite/, /Change access/, /^Remove/, /^Resend/, /^Revoke/]) await expect(page.getByRole('button', { name }).or(page.getByRole('link', { name }))).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Leave team' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await api.dispose();
});

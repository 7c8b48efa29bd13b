import type { APIRequestContext, Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { createMember, ownAddress } from './fixtures/members.ts';
import { appOrigin, createVerifiedAccount, database, expect, logIn, mailsTo, setPlan, test, transitionsDone, type Account } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { useColorScheme, sidewaysOverflow, type ColorScheme } from './support/layout.ts';

// docs/product.md §6 Switching teams: a person in two teams chooses in the top bar which one the
// dashboard works in; the guidebooks shown are that team's alone. The two teams and the co-host's
// memberships are made through the API: each owner invites, the co-host registers from the first
// mailed link and accepts the second signed in (POST /api/invitations/accept).

test.describe.configure({ timeout: 90_000 });

const SHOTS = '/tmp/shots-teams-slice4a';

interface Teams {
  harbour: Account;
  garden: Account;
  cohost: { email: string; password: string };
}

/** An owner on Gold with one guidebook, their team named in the database (the Team screen's own rename is tested below). */
async function owner(api: APIRequestContext, label: string, team: string, guidebook: string): Promise<Account> {
  const account = await createVerifiedAccount(label);
  setPlan(account.email, 'gold');
  database((db) => db.prepare("UPDATE teams SET name = ? WHERE id = (SELECT team_id FROM memberships JOIN users ON users.id = memberships.user_id WHERE users.email = ? AND role = 'owner')").run(team, account.email));
  const origin = appOrigin();
  expect((await api.post(`${origin}/api/users/auth`, { headers: { origin }, data: { email: account.email, password: account.password } })).ok()).toBe(true);
  const made = await api.post(`${origin}/api/instruction`, { headers: { origin }, data: { nameInstruction: guidebook } });
  expect(made.status(), await made.text()).toBe(201);
  return account;
}

/** `inviter` (signed in on `api`) invites `email` as Admin; the token of the mailed link. */
async function invite(api: APIRequestContext, email: string): Promise<string> {
  const origin = appOrigin();
  const sent = mailsTo(email).length;
  const invited = await api.post(`${origin}/api/team/invitations`, { headers: { origin }, data: { email, role: 'admin' } });
  expect(invited.status(), await invited.text()).toBe(201);
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(sent);
  return /https?:\/\/\S+\/invite\/([\w-]+)/.exec(mailsTo(email).at(-1)!)![1]!;
}

/** Two teams, and the page signed in as a person who co-hosts both, acting for Garden Stays (joined last). */
async function coHostOfTwo(page: Page, api: APIRequestContext): Promise<Teams> {
  const origin = appOrigin();
  const headers = { origin };
  const harbour = await owner(api, 'harbour', 'Harbour Rentals', 'Harbour Loft');
  const email = `cohost-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const first = await invite(api, email);
  await api.post(`${origin}/api/users/logout`, { headers });
  const garden = await owner(api, 'garden', 'Garden Stays', 'Garden Flat');
  const second = await invite(api, email);

  const password = 'porch-light-1';
  const registered = await page.request.post(`${origin}/api/users`, { headers: { ...headers, ...ownAddress() }, data: { name: 'Ana Horvat', email, password, invitation: first } });
  expect(registered.status(), await registered.text()).toBe(201);
  const accepted = await page.request.post(`${origin}/api/invitations/accept`, { headers, data: { token: second } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { harbour, garden, cohost: { email, password } };
}

/** Axe measures colours as drawn: after the toast's entry (and any other finite animation) has ended. */
async function stillAndChecked(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const trigger = (page: Page, team: string) => page.getByRole('banner').getByRole('button', { name: `Team: ${team}` });

async function shoot(page: Page, name: string, scheme: ColorScheme, locale: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}-${scheme}-${locale}.png`, fullPage: false, scale: 'css' });
}

for (const locale of ['en-GB', 'fr-FR'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${locale}, ${scheme}`, () => {
      test.use({ locale });
      test(`a co-host of two teams switches in the top bar and sees the other team's guidebooks`, { tag: '@mobile' }, async ({ page, playwright }) => {
        const api = await playwright.request.newContext();
        await coHostOfTwo(page, api);
        await useColorScheme(page, scheme);
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { name: 'Garden Flat' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Harbour Loft' })).toHaveCount(0);

        // A real button, opened and chosen from the keyboard; the current team is the checked one.
        const button = trigger(page, 'Garden Stays');
        await button.focus();
        await page.keyboard.press('Enter');
        const menu = page.getByRole('menu');
        await expect(menu.getByRole('menuitemradio', { name: /Garden Stays/ })).toHaveAttribute('aria-checked', 'true');
        await expect(menu.getByRole('menuitemradio', { name: /Harbour Rentals/ })).toHaveAttribute('aria-checked', 'false');
        // Ana owns no team of her own: the menu offers to start one.
        await expect(menu.getByRole('menuitem', { name: 'Start your own guidebooks' })).toBeVisible();
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
        await shoot(page, 'menu', scheme, locale);

        await expect(menu.getByRole('menuitemradio', { name: /Harbour Rentals/ })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole('heading', { name: 'Harbour Loft' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Garden Flat' })).toHaveCount(0);
        await expect(trigger(page, 'Harbour Rentals')).toBeVisible();
        // The team's name shortens before it reaches the account's menu, on a phone too.
        const team = (await trigger(page, 'Harbour Rentals').boundingBox())!;
        const account = (await page.getByRole('banner').getByRole('button', { name: /Ana Horvat/ }).boundingBox())!;
        expect(team.x + team.width).toBeLessThanOrEqual(account.x);
        await expect(page.getByText(messages.team.switched('Harbour Rentals'))).toBeVisible();
        await stillAndChecked(page);
        expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
        await shoot(page, 'switched', scheme, locale);
        await api.dispose();
      });
    });
  }
}

test('a host renames their one team on the Team screen, and sees the new name without a menu', { tag: '@mobile' }, async ({ page, playwright }) => {
  const api = await playwright.request.newContext();
  const host = await owner(api, 'solo', 'Solo Host', 'Seaside Cottage');
  await api.dispose();
  const origin = appOrigin();
  expect((await page.request.post(`${origin}/api/users/auth`, { headers: { origin }, data: { email: host.email, password: host.password } })).ok()).toBe(true);
  await page.goto('/dashboard/team');
  const card = page.getByRole('region', { name: 'Team name' });
  const field = card.getByRole('textbox', { name: 'Team name' });
  await expect(field).toHaveValue('Solo Host');
  // Unchanged, there is nothing to save; emptied, the form says why before anything is sent.
  await expect(card.getByRole('button', { name: 'Save name' })).toBeDisabled();
  await field.fill(' ');
  await card.getByRole('button', { name: 'Save name' }).click();
  await expect(card.getByRole('alert')).toHaveText(messages.team.nameRequired);
  await field.fill('Seaside Homes');
  await field.press('Enter');
  await expect(page.getByText(messages.team.renamed('Seaside Homes'))).toBeVisible();
  await expect(page.getByRole('banner').getByText('Seaside Homes')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save name' })).toBeDisabled();
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    await transitionsDone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/team-name-${test.info().project.name}-${scheme}.png`, scale: 'css' });
  }
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Seaside Cottage' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Seaside Homes')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /Team:/ })).toHaveCount(0);
});

test('a tab left on the team before is told to reload, and writes nothing into the other team', async ({ page, context, playwright }) => {
  const api = await playwright.request.newContext();
  await coHostOfTwo(page, api);
  await api.dispose();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Garden Flat' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(other.getByRole('heading', { name: 'Garden Flat' })).toBeVisible();

  await trigger(page, 'Garden Stays').click();
  await page.getByRole('menuitemradio', { name: /Harbour Rentals/ }).click();
  await expect(page.getByRole('heading', { name: 'Harbour Loft' })).toBeVisible();

  // The other tab still shows Garden Stays: its New Guidebook is refused, and it offers the reload.
  await other.getByRole('button', { name: 'New Guidebook' }).click();
  const notice = other.getByRole('listitem').filter({ hasText: messages.team.switchedElsewhere }).filter({ has: other.getByRole('button', { name: 'Reload' }) });
  await expect(notice).toBeVisible();
  await expect(other).toHaveURL(/\/dashboard$/);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(other.getByRole('heading', { name: 'Harbour Loft' })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Untitled guidebook' })).toHaveCount(0);
  await expect(trigger(other, 'Harbour Rentals')).toBeVisible();
});

test('a member who is not the owner reads who can change the plan where the owner gets a link', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext();
  const host = await owner(api, 'plans', 'Cliff Houses', 'Cliff House');
  const [guidebook] = (await (await api.get(`${appOrigin()}/api/instruction`)).json()) as Array<{ _id: string }>;
  await api.dispose();
  const admin = await createMember(host.email, 'admin');
  await logIn(page, admin, baseURL);

  await page.goto(`/dashboard/edit/${guidebook!._id}`);
  const branding = page.getByRole('region', { name: /Branding title/ });
  await expect(branding).toContainText(messages.team.ownerUpgrades);
  await expect(branding.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);

  await page.goto('/dashboard/support');
  await expect(page.getByText(messages.team.ownerUpgrades)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveCount(0);
});

test('a Cleaner’s dashboard says whose stays they see, read only', { tag: '@mobile' }, async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext();
  const host = await owner(api, 'cleaning', 'Bay Homes', 'Bay Villa');
  const [guidebook] = (await (await api.get(`${appOrigin()}/api/instruction`)).json()) as Array<{ _id: string }>;
  await api.dispose();
  const cleaner = await createMember(host.email, 'cleaner', { guidebooks: [guidebook!._id] });
  await logIn(page, cleaner, baseURL);
  await page.goto('/dashboard');
  await expect(page.getByText('Read only: the stays of Bay Villa. Open one to see who arrives when.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Team: Bay Homes' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/cleaner-${test.info().project.name}.png`, scale: 'css' });
});

test('a person in no team starts their own guidebooks', { tag: '@mobile' }, async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext();
  const host = await owner(api, 'former', 'Old Team', 'Old Loft');
  await api.dispose();
  const member = await createMember(host.email, 'editor');
  // Removed from the team (the members screen does this; here, straight in the database).
  database((db) => db.prepare('DELETE FROM memberships WHERE user_id = (SELECT id FROM users WHERE email = ?)').run(member.email));
  await logIn(page, member, baseURL);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: messages.team.noTeam })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/no-team-${test.info().project.name}.png`, scale: 'css' });
  await page.getByRole('button', { name: 'Start your own guidebooks' }).click();
  await expect(page.getByText(messages.team.started)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create your first guidebook' })).toBeVisible();
  // Their own team, named after them, is their only one: its name without a menu.
  await expect(page.getByRole('banner').locator('p', { hasText: member.name })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /Team:/ })).toHaveCount(0);
});

import type { APIRequestContext, Page } from '@playwright/test';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createMember } from './fixtures/members.ts';
import { appOrigin, createVerifiedAccount, expect, logIn, setPlan, test, type Account } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { useColorScheme, sidewaysOverflow, type ColorScheme } from './support/layout.ts';

// docs/product.md §6 Team roles: the dashboard leaves out what the member's role cannot do. The
// server refuses it anyway (tests/team-access.test.ts); here, what an Editor and a Cleaner see.

test.describe.configure({ timeout: 60_000 });

interface Team {
  owner: Account;
  granted: Instruction;
  other: Instruction;
}

/** A Gold owner's team with two guidebooks, the first with a door code and a stay (through the API). */
async function team(request: APIRequestContext): Promise<Team> {
  const owner = await createVerifiedAccount('team-owner');
  setPlan(owner.email, 'gold');
  const origin = appOrigin();
  const headers = { origin };
  expect((await request.post(`${origin}/api/users/auth`, { headers, data: { email: owner.email, password: owner.password } })).ok()).toBe(true);
  const make = async (data: Record<string, unknown>) => ((await (await request.post(`${origin}/api/instruction`, { headers, data })).json()) as { instruction: Instruction }).instruction;
  const granted = await make({ nameInstruction: 'Harbour Loft', address: 'Obala 4, Split', code: 'LOCK-4410', wifiName: 'Loft', wifiPassword: 'Loft-Wifi-7713', secretsPolicy: 'stay' });
  const other = await make({ nameInstruction: 'Garden Flat' });
  const stay = await request.post(`${origin}/api/instruction/${granted._id}/stays`, { headers, data: { guestName: 'Ana Horvat', guestEmail: 'ana@example.com', checkIn: '2031-06-01', checkOut: '2031-06-05' } });
  expect(stay.status(), await stay.text()).toBe(201);
  return { owner, granted, other };
}

/** The sidebar's links (on a phone, in the drawer opened first). */
async function sidebarLinks(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Guidebooks' })).toBeVisible();
  const links = await nav.getByRole('link').allInnerTexts();
  if (await menu.isVisible()) await page.keyboard.press('Escape');
  return links.map((text) => text.replace(/\(opens in a new tab\)/, '').trim());
}

async function shoot(page: Page, name: string, scheme: ColorScheme): Promise<void> {
  await page.screenshot({ path: `test-results/team-roles-${name}-${test.info().project.name}-${scheme}.png`, fullPage: true, scale: 'css' });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`an Editor sees their guidebook, its editor without the door's lock, and nothing of billing, payouts, Auto-Fill or the trash (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext();
    const { owner, granted } = await team(api);
    const editor = await createMember(owner.email, 'editor', { guidebooks: [granted._id] });
    await useColorScheme(page, scheme);
    await logIn(page, editor, baseURL);

    await page.goto('/dashboard');
    expect(await sidebarLinks(page)).toEqual(['Guidebooks', 'Orders', 'Arrivals', 'Team', 'Profile', 'Affiliates', 'Feedback', 'Support', 'Main Website']);
    await expect(page.getByRole('heading', { name: 'Harbour Loft' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Garden Flat' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Guidebook' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Trash' })).toHaveCount(0);
    await shoot(page, 'editor-list', scheme);

    await page.getByRole('button', { name: /More/ }).first().click();
    const panel = page.getByRole('dialog', { name: 'Options' });
    await expect(panel.getByRole('link', { name: /Stays/ })).toBeVisible();
    for (const hidden of ['Duplicate', 'Change Code', 'Regenerate link', 'Delete']) await expect(panel.getByRole('button', { name: hidden })).toBeHidden();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await panel.getByRole('link', { name: /Edit/ }).click();

    await expect(page.getByRole('radio', { name: 'Everyone with the link' })).toBeDisabled();
    await expect(page.getByText("Only the team's owner or an admin can change this.").first()).toBeVisible();
    await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('readonly', '');
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    await shoot(page, 'editor-editor', scheme);
    await api.dispose();
  });

  test(`a Cleaner sees the stays of their guidebook, read only and without the code or the links (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext();
    const { owner, granted } = await team(api);
    const cleaner = await createMember(owner.email, 'cleaner', { guidebooks: [granted._id] });
    await useColorScheme(page, scheme);
    await logIn(page, cleaner, baseURL);

    await page.goto('/dashboard');
    expect(await sidebarLinks(page)).toEqual(['Guidebooks', 'Arrivals', 'Team', 'Profile', 'Affiliates', 'Feedback', 'Support', 'Main Website']);
    const card = page.getByRole('article', { name: 'Harbour Loft' });
    await expect(card.getByText('Hidden')).toBeVisible();
    await expect(page.getByText('LOCK-4410')).toHaveCount(0);
    await shoot(page, 'cleaner-list', scheme);

    await card.getByRole('link', { name: /Stays/ }).click();
    await expect(page.getByRole('heading', { name: 'Ana Horvat' })).toBeVisible();
    for (const hidden of [/Add stay/, /Edit stay/, /Delete stay/, /Copy link/, /Share/]) await expect(page.getByRole('button', { name: hidden })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit guidebook' })).toHaveCount(0);
    await expect(page.getByText('ana@example.com')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    await shoot(page, 'cleaner-stays', scheme);
    await api.dispose();
  });
}

import type { Page } from '@playwright/test';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { ownAddress } from './fixtures/members.ts';
import { appOrigin, createVerifiedAccount, expect, mailsTo, setPlan, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { useColorScheme, sidewaysOverflow, type ColorScheme } from './support/layout.ts';

// docs/product.md §6 Invitations: the mailed link opens /invite/:token; signed out, "Create an
// account" registers with the invited address, which joins the team at once and opens the dashboard.

test.describe.configure({ timeout: 60_000 });

async function shoot(page: Page, name: string, scheme: ColorScheme): Promise<void> {
  await page.screenshot({ path: `test-results/team-invitations-${name}-${test.info().project.name}-${scheme}.png`, fullPage: true, scale: 'css' });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`an invited address registers from the link and lands in the team's dashboard with its guidebook (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, playwright }) => {
    const owner = await createVerifiedAccount('inviter');
    setPlan(owner.email, 'gold');
    const api = await playwright.request.newContext();
    const origin = appOrigin();
    const headers = { origin };
    expect((await api.post(`${origin}/api/users/auth`, { headers, data: { email: owner.email, password: owner.password } })).ok()).toBe(true);
    const made = await api.post(`${origin}/api/instruction`, { headers, data: { nameInstruction: 'Harbour Loft' } });
    const guidebook = ((await made.json()) as { instruction: Instruction }).instruction;
    const email = `invited-${scheme}-${Date.now().toString(36)}@example.com`;
    const invited = await api.post(`${origin}/api/team/invitations`, { headers, data: { email, role: 'editor', guidebookIds: [guidebook._id] } });
    expect(invited.status(), await invited.text()).toBe(201);
    await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
    const link = /https?:\/\/\S+\/invite\/([\w-]+)/.exec(mailsTo(email)[0]!)![1]!;

    await page.setExtraHTTPHeaders(ownAddress());
    await useColorScheme(page, scheme);
    await page.goto(`/invite/${link}`);
    await expect(page.getByRole('heading', { name: `Join ${owner.name}` })).toBeVisible();
    await expect(page.getByText(`invited you to join ${owner.name} as Editor`)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    await shoot(page, 'signed-out', scheme);

    await page.getByRole('link', { name: 'Create an account' }).click();
    // Filled once the form has hydrated (its button is disabled until then): a value typed before is lost.
    await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
    await page.getByLabel('Name').fill('Ana Horvat');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('porch-light-1');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('porch-light-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('heading', { name: 'Harbour Loft' })).toBeVisible();
  });
}

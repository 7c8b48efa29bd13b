import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { E2E_DATA_DIR, expect, test } from './support/fixtures.ts';

// docs/product.md §2 (landing contact section), §5 (all three fields required, email format), §8 ("Email Sent").
const CONTACT_API = '/api/messaging/contact';

/**
 * The contact form once its island has hydrated (it hydrates when visible; until then its button
 * is disabled, and text typed into the server-rendered fields would not reach React's state).
 */
async function contactForm(page: Page) {
  const form = page.locator('#contact-section form');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  return form;
}

/** The text of every mail written to the e2e server's outbox folder (no SMTP_URL in e2e). */
function outboxMails(): string[] {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}

test('a visitor sends a message: toast "Email Sent" and a mail in the outbox', { tag: '@mobile' }, async ({ page }) => {
  await page.goto('/#contact-section');
  const form = await contactForm(page);
  const marker = `e2e-${test.info().project.name}-${Date.now()}`;
  await form.getByLabel('Name').fill('Guest Tester');
  await form.getByLabel('Email').fill('guest.tester@example.com');
  await form.getByLabel('Message').fill(`Hello from the e2e suite ${marker}`);
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === CONTACT_API);
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).ok()).toBe(true);

  const toast = page.getByText(messages.contact.sent, { exact: true });
  await expect(toast).toBeVisible();
  // Toasts sit bottom-center (docs/product.md §2).
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(viewport.width * 0.1);
    expect(box.y).toBeGreaterThan(viewport.height / 2);
  }

  // The outbox worker delivers within a few seconds; without SMTP_URL that means an .eml file.
  await expect
    .poll(() => outboxMails().some((mail) => mail.includes(marker)), { timeout: 15_000, message: 'an .eml with the message' })
    .toBe(true);
});

test('empty and malformed input shows field errors and sends nothing', { tag: '@mobile' }, async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === CONTACT_API) requests.push(request.method());
  });
  await page.goto('/#contact-section');
  const form = await contactForm(page);
  const send = form.getByRole('button', { name: 'Send Message' });

  await send.click();
  await expect(form.getByText(messages.contact.nameRequired)).toBeVisible();
  await expect(form.getByText(messages.contact.emailRequired)).toBeVisible();
  await expect(form.getByText(messages.contact.messageRequired)).toBeVisible();

  await form.getByLabel('Name').fill('Guest Tester');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Message').fill('Hello');
  await send.click();
  await expect(form.getByText(messages.contact.emailInvalid)).toBeVisible();
  await expect(form.getByText(messages.contact.nameRequired)).toHaveCount(0);
  await expect(form.getByText(messages.contact.messageRequired)).toHaveCount(0);

  expect(requests).toEqual([]);
});

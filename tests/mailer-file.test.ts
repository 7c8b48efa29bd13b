import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

let server: TestServer;

beforeAll(async () => {
  // No SMTP_URL: mail goes to DATA_DIR/outbox as .eml files (docs/architecture.md, Configuration).
  server = await startServer({ CONTACT_INBOX: 'inbox@porchlight.test' });
});

afterAll(async () => {
  await server?.stop();
});

/** The first value `read` gives that is not undefined. */
const waitFor = async <T>(read: () => T | undefined, what: string): Promise<T> => (await until(read, (value) => value !== undefined, what, 100))!;

it('says at start that mail goes to the outbox folder', () => {
  expect(server.logs.some((line) => line.includes('SMTP_URL not set') && line.includes(path.join(server.dataDir, 'outbox')))).toBe(true);
});

it('writes the mail as an .eml file and logs where, with the links it holds', async () => {
  const link = 'https://example.com/listing/42';
  const response = await server.request('/api/messaging/contact', {
    json: { name: 'Linus', email: 'linus@example.com', message: `Is this listing yours? ${link}` },
  });
  expect(response.status).toBe(200);

  // The log line comes after the file is complete.
  const line = await waitFor(() => server.logs.find((l) => l.includes('mail: written to outbox folder')), 'the mail logged');
  const entry = JSON.parse(line) as { file: string; links: string[]; to: string };
  const dir = path.join(server.dataDir, 'outbox');
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.eml'));
  expect(files).toHaveLength(1);
  expect(entry.file).toBe(path.join(dir, files[0]!));
  expect(entry.to).toBe('inbox@porchlight.test');
  expect(entry.links).toEqual([link]);

  const eml = fs.readFileSync(entry.file, 'utf8');
  expect(eml).toMatch(/^To: inbox@porchlight\.test$/m);
  expect(eml).toMatch(/^Reply-To: linus@example\.com$/m);
  expect(eml).toContain('Is this listing yours?');

  const status = () => {
    const db = server.openDb();
    try {
      return (db.prepare('SELECT status FROM outbox').get() as { status: string }).status;
    } finally {
      db.close();
    }
  };
  await waitFor(() => (status() === 'sent' ? true : undefined), 'the row sent');
});

it('keeps the verification link whole on one line of the .eml, readable as plain text', async () => {
  const name = 'Zoë Ångström-Łukasiewicz de la Montaña y Villaverde';
  const response = await server.request('/api/users', { json: { name, email: 'eml.reader@example.com', password: 'long enough password', captchaToken: '' } });
  expect(response.status).toBe(201);

  const line = await waitFor(() => server.logs.find((l) => l.includes('mail: written to outbox folder') && l.includes('eml.reader@example.com')), 'the mail logged');
  const entry = JSON.parse(line) as { file: string; links: string[] };
  expect(entry.links).toHaveLength(1);
  const link = new URL(entry.links[0]!);
  expect(link.pathname).toBe('/verify-email');
  expect(link.searchParams.get('name')).toBe(name);

  const eml = fs.readFileSync(entry.file, 'utf8');
  expect(eml.split('\n')).toContain(entry.links[0]);
  expect(eml).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
  expect(eml).not.toMatch(/=\n|=3D/);
  expect(eml).toContain(`Hello ${name},`);
});

it('writes each mail under a hidden name and renames it into place, so a reader of *.eml never sees half a mail', async () => {
  const dir = path.join(server.dataDir, 'outbox');
  fs.mkdirSync(dir, { recursive: true });
  const events: string[] = [];
  const firstLooks = new Map<string, string>();
  const watcher = fs.watch(dir, (_event, name) => {
    if (!name) return;
    events.push(name);
    // What a reader finds the moment a .eml name shows up.
    if (name.endsWith('.eml') && !firstLooks.has(name)) {
      try {
        firstLooks.set(name, fs.readFileSync(path.join(dir, name), 'utf8'));
      } catch {
        // Gone again (another test's clean-up): nothing was read.
      }
    }
  });
  try {
    const marker = `Watched message ${Date.now()}`;
    const response = await server.request('/api/messaging/contact', { json: { name: 'Maildir', email: 'maildir@example.com', message: `${marker}\n${'A line of a long message.\n'.repeat(150)}The end.` } });
    expect(response.status).toBe(200);
    const name = await waitFor(() => [...firstLooks.keys()].find((candidate) => firstLooks.get(candidate)!.includes(marker)), 'the mail seen in the folder');
    expect(firstLooks.get(name)).toContain('The end.');
    // The mail was written under a hidden name first, then renamed: none is left behind.
    const partial = `.${name}.partial`;
    expect(events).toContain(partial);
    expect(events.indexOf(partial)).toBeLessThan(events.indexOf(name));
    expect(fs.readdirSync(dir).filter((file) => file.endsWith('.partial'))).toEqual([]);
  } finally {
    watcher.close();
  }
});

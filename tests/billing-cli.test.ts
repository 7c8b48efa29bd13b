import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query, run } from './helpers/auth.ts';
import { signedInHost, planOf, type Host } from './helpers/billing.ts';
import { startServer, type TestServer } from './helpers/server.ts';

// The operator's command line against a running server without Stripe (plans set by hand).
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
});

afterAll(async () => {
  await server?.stop();
});

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: server.dataDir,
    APP_URL: server.origin,
    LOG_LEVEL: 'warn',
    ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    // The server's database (PostgreSQL under `npm run test:pg`), not a SQLite file of its own.
    // Its stores too (the S3 stand-in's bucket under TEST_STORAGE=s3).
    ...server.storageEnv,
    ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/admin.mjs', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function hostWithGuidebook(): Promise<{ host: Host; guidebook: Instruction }> {
  const host = await signedInHost(server);
  const response = await host.call('/api/instruction', { json: { nameInstruction: 'Dune House', brandingTitle: 'Dune Stays', selectedTheme: '#d94f7b' } });
  return { host, guidebook: ((await response.json()) as { instruction: Instruction }).instruction };
}

describe('npm run admin -- plan set', () => {
  it('takes effect on the running server’s next request, guest page included, without a restart', async () => {
    const { host, guidebook } = await hostWithGuidebook();
    const guest = () => server.request(`/instruction/${guidebook.token}`);
    expect(await (await guest()).text()).not.toContain('Dune Stays');
    // Held in the server's memory now: the fast path answers it.
    expect((await guest()).headers.get('x-snapshot')).toBe('hit');

    const set = await admin('plan', 'set', host.email.toUpperCase(), 'premium');
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toContain(`${host.email}: Premium (active), managed by operator`);
    const page = await (await guest()).text();
    expect(page).toContain('Dune Stays');
    expect(page).toContain('--primary:#d94f7b');
    expect(await planOf(host)).toBe('premium');
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Premium', status: 'active', managedBy: 'operator', currentPeriodEnd: null });

    expect((await admin('plan', 'set', host.email, 'free')).code).toBe(0);
    expect(await (await guest()).text()).not.toContain('Dune Stays');
    expect(await planOf(host)).toBe('free');
  });

  it('--until ends the plan at the end of that day (UTC)', async () => {
    const { host } = await hostWithGuidebook();
    expect((await admin('plan', 'set', host.email, 'gold', '--until', '2099-12-31')).code).toBe(0);
    expect(await host.json('/api/get-subscription-data')).toMatchObject({ plan: 'Gold', cancelAtPeriodEnd: true, currentPeriodEnd: '2099-12-31T23:59:59.999Z' });
    // As if that day had passed: the plan ends by itself.
    run(server, 'UPDATE subscriptions SET current_period_end = ? WHERE team_id = ?', Date.now() - 1000, host.id);
    expect(await planOf(host)).toBe('free');
  });

  it('refuses bad input with a clear message and exit code, changing nothing', async () => {
    const { host } = await hostWithGuidebook();
    const cases: Array<[string[], RegExp]> = [
      [['plan', 'set', host.email, 'platinum'], /unknown plan "platinum"/],
      [['plan', 'set', host.email, 'gold', '--until', '2020-01-01'], /--until must be a date in the future/],
      [['plan', 'set', host.email, 'gold', '--until', 'next week'], /--until must be a date YYYY-MM-DD/],
      [['plan', 'set', host.email, 'gold', '--until', '2030-02-30'], /--until must be a date YYYY-MM-DD/],
      [['plan', 'set', 'nobody@example.com', 'gold'], /no user with the e-mail address nobody@example.com/],
    ];
    for (const [args, message] of cases) {
      const result = await admin(...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toMatch(message);
    }
    expect((await admin('plan')).code).toBe(2);
    expect(query(server, 'SELECT * FROM subscriptions WHERE team_id = ?', host.id)).toEqual([]);
  });

  it('leaves a host who pays through Stripe to Stripe', async () => {
    const { host } = await hostWithGuidebook();
    run(server, "INSERT INTO subscriptions (team_id, source, stripe_subscription_id, plan, status, updated_at) VALUES (?, 'stripe', 'sub_paying', 'gold', 'active', ?)", host.id, Date.now());
    const result = await admin('plan', 'set', host.email, 'premium');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pays through Stripe (subscription sub_paying, active)');
    expect(await planOf(host)).toBe('gold');
  });
});

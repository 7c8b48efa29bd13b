import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { isPlanId } from '@shared/plans.ts';
import { ownedTeamOf } from '../../account/person-teams.ts';
import { OperatorPlanError, setOperatorPlan } from '../../money/subscriptions/set-operator-plan.ts';
import { getSubscriptionData } from '../../money/subscriptions/get-subscription-data.ts';
import { drainCdnPurges } from '../../guest-pages/publish/purge-cdn.ts';
import { settleSnapshotDrops } from '../../guest-pages/publish/rebuild-snapshots.ts';
import { ConfigError, parseConfig } from '../../platform/config.ts';
import { domainServices } from '../domain-services.ts';
import { assembleRuntime, getRuntime } from '../../platform/runtime.ts';
import { OTHER_PROCESS_CHECK_MS } from '../../guest-pages/store/other-process-writes.ts';
import { COPY_USAGE, runCopyToPostgres } from './copy-to-postgres.ts';

const USAGE = `usage:
  npm run admin -- plan set <email> free|gold|premium [--until YYYY-MM-DD]
  npm run admin -- plan show <email>
  ${COPY_USAGE}`;

/**
 * The operator's command line (scripts/admin.mjs): opens the server's database and stores with
 * the same configuration (DATA_DIR, …), without the server's workers. A plan set here reaches a
 * running server on its next request (snapshot-store.ts, watchOtherProcessWrites).
 */
export async function runAdmin(argv: string[]): Promise<number> {
  // Moving to PostgreSQL opens its own source and target, not the configured runtime (which would seed the target).
  if (argv[0] === 'copy-to-postgres') return runCopyToPostgres(argv.slice(1));
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { until: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  const [group, command, email, plan] = positionals;
  if (values.help || group !== 'plan' || !email || (command !== 'set' && command !== 'show') || (command === 'set' && !plan)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (command === 'set' && !isPlanId(plan)) return fail(`unknown plan "${plan}": free, gold or premium`);
  const until = values.until === undefined ? null : parseUntil(values.until);
  if (until === undefined) return fail(`--until must be a date YYYY-MM-DD, got "${values.until}"`);

  let runtime;
  try {
    // Opening SQLite creates the file: without the server's DATA_DIR that would be an empty
    // database of its own (seeded, with no such user), so a missing file stops here instead.
    const { database } = parseConfig();
    if (database.dialect === 'sqlite' && !fs.existsSync(database.file)) return fail(`no database at ${database.file}; set DATA_DIR to the server's`);
    assembleRuntime(domainServices);
    runtime = await getRuntime();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  try {
    if (command === 'set' && isPlanId(plan)) {
      await setOperatorPlan({ email, plan, until });
      // The host's guest pages are dropped, and on PostgreSQL every server is told (ADR 012).
      await settleSnapshotDrops();
      // A running server notices another process's commit within OTHER_PROCESS_CHECK_MS: once this
      // command has answered, the server's next request (guest pages included) sees the new plan.
      await new Promise((resolve) => setTimeout(resolve, OTHER_PROCESS_CHECK_MS * 5));
    }
    const user = await runtime.db.selectFrom('users').select(['id', 'email']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!user) return fail(`no user with the e-mail address ${email}`);
    const teamId = await ownedTeamOf(runtime.db, user.id);
    if (!teamId) return fail(`${email} owns no team`);
    const data = await getSubscriptionData({ access: { teamId }, email: user.email });
    const ends = data.currentPeriodEnd ? (data.cancelAtPeriodEnd ? `, until ${data.currentPeriodEnd}` : `, renews ${data.currentPeriodEnd}`) : '';
    console.log(`${user.email}: ${data.plan}${data.status ? ` (${data.status}${ends})` : ''}${data.managedBy ? `, managed by ${data.managedBy}` : ''}`);
    return 0;
  } catch (error) {
    if (error instanceof OperatorPlanError) return fail(error.message);
    throw error;
  } finally {
    // A plan change purges the host's guest pages from a CDN (CDN_PURGE_URL): send it before leaving.
    await settleSnapshotDrops();
    await drainCdnPurges();
    await runtime.close();
  }
}

function fail(message: string): number {
  console.error(`admin: ${message}`);
  return 1;
}

/** The last millisecond of the given day in UTC (the plan lasts through that date); undefined when malformed. */
function parseUntil(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const last = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1) - 1;
  const day = new Date(last);
  return day.getUTCFullYear() === Number(match[1]) && day.getUTCMonth() === Number(match[2]) - 1 ? last : undefined;
}

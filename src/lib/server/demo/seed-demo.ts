import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { DEMO_HOST_EMAIL, DEMO_TOKEN } from '@shared/demo.ts';
import { demoInstruction } from './demo-content.ts';

const DEMO_HOST_ID = 'demo-host';
const DEMO_INSTRUCTION_ID = 'demo-instruction';

/**
 * Creates the demo host, the demo's team and the demo guidebook once; running it again changes
 * nothing. The team and its owner's membership take the host's id, as db/migrations/0018-teams.ts
 * gives a host made before teams, so a database seeded before that migration and one seeded after
 * hold the same rows.
 */
export async function seedDemo(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: DEMO_HOST_ID,
      name: 'Ana (demo host)',
      email: DEMO_HOST_EMAIL,
      // No password: the demo host owns the demo guidebook but cannot sign in.
      password_hash: null,
      google_id: null,
      picture: '',
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.insertInto('teams').values({ id: DEMO_HOST_ID, name: 'Ana (demo host)', created_at: now, updated_at: now }).onConflict((oc) => oc.doNothing()).execute();
  await db
    .insertInto('memberships')
    .values({ id: DEMO_HOST_ID, team_id: DEMO_HOST_ID, user_id: DEMO_HOST_ID, role: 'owner', may_see_secrets: 1, invited_by: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('instructions')
    .values({
      id: DEMO_INSTRUCTION_ID,
      user_id: DEMO_HOST_ID,
      team_id: DEMO_HOST_ID,
      token: DEMO_TOKEN,
      is_free: 1,
      version: 1,
      data: JSON.stringify(demoInstruction),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

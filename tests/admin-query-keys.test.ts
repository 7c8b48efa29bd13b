// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../src/admin/lib/query-keys.ts';

/**
 * The dashboard's query keys (src/admin/lib/query-keys.ts) against a real QueryClient: each parent
 * an invalidation uses reaches exactly the queries it is meant to, and nothing of another family.
 */

const ID = 'g1';
const OTHER = 'g2';

/** One cached query of every kind, for two guidebooks where a key takes one. */
const ALL: Record<string, QueryKey> = {
  list: queryKeys.instructions.list(),
  trash: queryKeys.instructions.trash(),
  detail: queryKeys.instructions.detail(ID),
  forStays: queryKeys.instructions.forStays(ID),
  revisions: queryKeys.instructions.revisions(ID),
  revision: queryKeys.instructions.revision(ID, 'r1'),
  otherDetail: queryKeys.instructions.detail(OTHER),
  otherForStays: queryKeys.instructions.forStays(OTHER),
  otherRevisions: queryKeys.instructions.revisions(OTHER),
  otherRevision: queryKeys.instructions.revision(OTHER, 'r1'),
  staysCurrent: queryKeys.stays.group(ID, 'current'),
  staysUpcoming: queryKeys.stays.group(ID, 'upcoming'),
  staysPast: queryKeys.stays.group(ID, 'past'),
  staysAhead: queryKeys.stays.ahead(ID),
  otherStays: queryKeys.stays.group(OTHER, 'current'),
  settings: queryKeys.settings.all(),
  me: queryKeys.user.me(),
  subscription: queryKeys.user.subscription(),
  billingConfig: queryKeys.billing.config(),
  sessionStatus: queryKeys.billing.sessionStatus('cs_1'),
  changePreview: queryKeys.billing.changePreview('price_1'),
  checkoutSession: queryKeys.billing.checkoutSession('price_1'),
  payouts: queryKeys.payouts.state(),
  members: queryKeys.members.list(),
  memberGuidebooks: queryKeys.members.guidebooks(),
};

/** The names of the queries an invalidation with `queryKey` marks stale. */
async function invalidated(queryKey: QueryKey): Promise<string[]> {
  const client = new QueryClient();
  for (const key of Object.values(ALL)) client.setQueryData(key, 'cached');
  await client.invalidateQueries({ queryKey });
  return Object.entries(ALL)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('admin query keys', () => {
  it('are all different', () => {
    const hashes = Object.values(ALL).map((key) => JSON.stringify(key));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it("the editor's save reaches every guidebook query and no stay, setting, account or billing query", async () => {
    expect(await invalidated(queryKeys.instructions.all())).toEqual(
      ['detail', 'forStays', 'list', 'otherDetail', 'otherForStays', 'otherRevision', 'otherRevisions', 'revision', 'revisions', 'trash'].sort(),
    );
  });

  it("a change of the list (create, copy, code, link, delete, restore, Auto-Fill) reaches the list and the trash, not a guidebook's own data", async () => {
    expect(await invalidated(queryKeys.instructions.lists())).toEqual(['list', 'trash']);
  });

  it('a purge reaches the trash only', async () => {
    expect(await invalidated(queryKeys.instructions.trash())).toEqual(['trash']);
  });

  it("a restored version reaches that guidebook's versions only", async () => {
    expect(await invalidated(queryKeys.instructions.revisions(ID))).toEqual(['revision', 'revisions']);
  });

  it("a stay or calendar change reaches every group of that guidebook's stays, and their count, only", async () => {
    expect(await invalidated(queryKeys.stays.of(ID))).toEqual(['staysAhead', 'staysCurrent', 'staysPast', 'staysUpcoming']);
  });

  it('saving settings reaches the settings only', async () => {
    expect(await invalidated(queryKeys.settings.all())).toEqual(['settings']);
  });

  it('a plan change reaches the account and the subscription', async () => {
    expect(await invalidated(queryKeys.user.all())).toEqual(['me', 'subscription']);
  });

  it('the payouts family reaches the payout state only', async () => {
    expect(await invalidated(queryKeys.payouts.all())).toEqual(['payouts']);
  });

  it('a change on the members screen reaches its members and guidebooks only', async () => {
    expect(await invalidated(queryKeys.members.all())).toEqual(['memberGuidebooks', 'members']);
  });
});

import type { StayGroup } from '@shared/schemas/stay.ts';

/**
 * Every query key of the dashboard, built here and imported wherever a query is read, written or
 * invalidated (docs/style.md 18: keys are imported, never retyped). It lives in lib/ because a
 * feature invalidates what another one reads (the editor's save refreshes the list) and features
 * do not import each other (docs/style.md 15); the fetchers stay in their features.
 *
 * Keys are hierarchical. Invalidating a key invalidates every key that starts with it, so each
 * family has one parent that refreshes all of it:
 *
 *   instructions.all()                      every guidebook query: after the editor's save
 *     instructions.lists()                  the list and the trash: after a create, copy, change,
 *       instructions.list()                 delete, restore or purge, and an Auto-Fill apply or undo
 *       instructions.trash()
 *     instructions.detail(id)               one guidebook, whole, as the editor reads it
 *       instructions.forStays(id)           what the Stays screen reads of it
 *       instructions.forInsights(id)        what the Insights screen reads of it
 *       instructions.revisions(id)          its saved versions: after a restore
 *         instructions.revision(id, rev)
 *   insights.of(id)                         one guidebook's insights, each period: after a feedback delete
 *     insights.period(id, days)
 *   stays.of(id)                            every group of one guidebook's stays: after any change
 *     stays.group(id, group)
 *     stays.ahead(id)                       how many have not ended (the delete confirmation)
 *   settings.all()                          the Auto-Fill defaults
 *   user.all()                              the account and its plan: after a plan change
 *     user.me(), user.subscription()
 *   billing.…                               read once each, never invalidated
 *   payouts.all()                           the host's payout state: written by each payout call's answer
 *     payouts.state()
 *   orders.all()                            the host's orders of extras: after an approve or decline
 *     orders.list(guidebookId | 'all')
 *   activity.all()                          the team's activity, its pages read on each visit
 *   members.all()                           the team's members screen: after an invite, change or removal
 *     members.list(), members.guidebooks()  the members and invitations; the guidebooks to grant
 *   integrations.all()                      the Integrations screen: after a connect, sync or disconnect
 *     integrations.list()                   the systems and the team's connections
 *     integrations.units(id)                one connection's properties, as its system lists them now
 *     integrations.guidebooks()             the guidebooks a property can be mapped to
 *   locks.all()                             the Smart locks screen: accounts, locks, guidebooks (one read)
 *   arrivals.all()                          Arrivals: after "Try again" or "Type a code"; polled while a code is being set
 *
 * A guidebook's stays are not under `instructions.detail(id)`: the editor's save would then read
 * every stay list again, and a save does not change stays.
 */
export const queryKeys = {
  instructions: {
    all: () => ['instructions'] as const,
    lists: () => [...queryKeys.instructions.all(), 'lists'] as const,
    list: () => [...queryKeys.instructions.lists(), 'active'] as const,
    trash: () => [...queryKeys.instructions.lists(), 'trash'] as const,
    detail: (id: string) => [...queryKeys.instructions.all(), 'detail', id] as const,
    forStays: (id: string) => [...queryKeys.instructions.detail(id), 'stays'] as const,
    forInsights: (id: string) => [...queryKeys.instructions.detail(id), 'insights'] as const,
    revisions: (id: string) => [...queryKeys.instructions.detail(id), 'revisions'] as const,
    revision: (id: string, revisionId: string) => [...queryKeys.instructions.revisions(id), revisionId] as const,
  },
  insights: {
    all: () => ['insights'] as const,
    of: (id: string) => [...queryKeys.insights.all(), id] as const,
    period: (id: string, days: number) => [...queryKeys.insights.of(id), days] as const,
  },
  stays: {
    all: () => ['stays'] as const,
    of: (id: string) => [...queryKeys.stays.all(), id] as const,
    group: (id: string, group: StayGroup) => [...queryKeys.stays.of(id), group] as const,
    ahead: (id: string) => [...queryKeys.stays.of(id), 'ahead'] as const,
  },
  settings: {
    all: () => ['settings'] as const,
  },
  user: {
    all: () => ['user'] as const,
    me: () => [...queryKeys.user.all(), 'me'] as const,
    subscription: () => [...queryKeys.user.all(), 'subscription'] as const,
  },
  billing: {
    all: () => ['billing'] as const,
    config: () => [...queryKeys.billing.all(), 'config'] as const,
    sessionStatus: (sessionId: string) => [...queryKeys.billing.all(), 'session-status', sessionId] as const,
    changePreview: (newPriceId: string | null) => [...queryKeys.billing.all(), 'change-preview', newPriceId] as const,
    checkoutSession: (priceId: string) => [...queryKeys.billing.all(), 'checkout-session', priceId] as const,
  },
  payouts: {
    all: () => ['payouts'] as const,
    state: () => [...queryKeys.payouts.all(), 'state'] as const,
  },
  orders: {
    all: () => ['orders'] as const,
    list: (guidebookId: string | null) => [...queryKeys.orders.all(), guidebookId ?? 'all'] as const,
  },
  activity: {
    all: () => ['activity'] as const,
  },
  members: {
    all: () => ['members'] as const,
    list: () => [...queryKeys.members.all(), 'list'] as const,
    guidebooks: () => [...queryKeys.members.all(), 'guidebooks'] as const,
  },
  integrations: {
    all: () => ['integrations'] as const,
    list: () => [...queryKeys.integrations.all(), 'list'] as const,
    units: (id: string) => [...queryKeys.integrations.all(), 'units', id] as const,
    guidebooks: () => [...queryKeys.integrations.all(), 'guidebooks'] as const,
  },
  locks: {
    all: () => ['locks'] as const,
  },
  arrivals: {
    all: () => ['arrivals'] as const,
  },
};

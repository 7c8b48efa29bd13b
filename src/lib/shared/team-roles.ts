/**
 * Who in a team may do what (docs/decisions/028-teams.md §6, docs/product.md §6): the one table the
 * server's `authorize()` (src/lib/server/account/authorize.ts) reads and the dashboard hides its
 * buttons by, so the two cannot disagree. docs/product.md §6 prints it; tests/team-roles.test.ts
 * holds the print to this table.
 */

export const TEAM_ROLES = ['owner', 'admin', 'editor', 'cleaner'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** How a role names itself to people ("Your role in this team (Editor) …"). */
export const ROLE_NAMES: Readonly<Record<TeamRole, string>> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', cleaner: 'Cleaner' };

/**
 * Every action a route asks for, with what it acts on: one guidebook (`guidebook`: an Editor or a
 * Cleaner holds it on their granted guidebooks only) or the whole team (`team`), and how the
 * refusal names it ("… cannot change the door code").
 */
export const TEAM_ACTIONS = {
  'guidebook.read': { scope: 'guidebook', doing: 'open guidebooks' },
  'secrets.read': { scope: 'guidebook', doing: 'see the door code, the Wi-Fi password or the guest links' },
  'guidebook.edit': { scope: 'guidebook', doing: 'edit guidebooks' },
  'guidebook.create': { scope: 'team', doing: 'create or duplicate guidebooks' },
  'guidebook.trash': { scope: 'team', doing: 'delete guidebooks or use the trash' },
  'guidebook.lock': { scope: 'guidebook', doing: 'change the door code, the PIN or who sees them' },
  'guidebook.relink': { scope: 'guidebook', doing: 'replace the guest link' },
  'guidebook.share': { scope: 'guidebook', doing: 'print or download the guest link' },
  'guidebook.send': { scope: 'guidebook', doing: 'mail the guest link' },
  'guidebook.history': { scope: 'guidebook', doing: 'see the saved versions' },
  'insights.read': { scope: 'guidebook', doing: 'see the insights' },
  'feedback.delete': { scope: 'guidebook', doing: "delete guests' feedback" },
  'questions.delete': { scope: 'guidebook', doing: "delete guests' questions" },
  'stays.read': { scope: 'guidebook', doing: 'see the stays' },
  'stays.write': { scope: 'guidebook', doing: 'add, change, delete or send stays' },
  'stays.link': { scope: 'guidebook', doing: "download a stay link's QR code" },
  'calendar.write': { scope: 'guidebook', doing: 'change the booking calendar' },
  'orders.read': { scope: 'guidebook', doing: 'see the orders' },
  'orders.decide': { scope: 'guidebook', doing: 'approve or decline orders' },
  'orders.refund': { scope: 'guidebook', doing: 'refund orders' },
  'settings.read': { scope: 'team', doing: 'see Auto-Fill' },
  'settings.write': { scope: 'team', doing: 'change Auto-Fill' },
  'settings.apply': { scope: 'team', doing: 'apply Auto-Fill to the guidebooks' },
  'uploads.write': { scope: 'team', doing: "upload images to the team's guidebooks" },
  'billing.manage': { scope: 'team', doing: "manage the team's plan and billing" },
  'payouts.manage': { scope: 'team', doing: 'manage payouts' },
  'members.read': { scope: 'team', doing: 'see the members' },
  'activity.read': { scope: 'team', doing: 'see the activity' },
  'integrations.manage': { scope: 'team', doing: 'connect or disconnect booking systems' },
  'locks.manage': { scope: 'team', doing: 'connect, assign or disconnect smart locks' },
  'arrivals.read': { scope: 'guidebook', doing: 'see the arrivals and their door code states' },
  'lockCodes.read': { scope: 'guidebook', doing: "see a stay's door code from the lock" },
  'lockCodes.retry': { scope: 'guidebook', doing: "try a stay's door code again, or turn it off or on" },
  'lockCodes.set': { scope: 'guidebook', doing: 'type a door code set on the lock by hand' },
  'guestData.manage': { scope: 'team', doing: "export or erase a guest's details" },
  'members.manage': { scope: 'team', doing: 'change or remove members' },
  'invitations.manage': { scope: 'team', doing: 'invite people' },
  'team.manage': { scope: 'team', doing: 'rename or delete the team' },
} as const satisfies Record<string, { scope: 'guidebook' | 'team'; doing: string }>;

export type TeamAction = keyof typeof TEAM_ACTIONS;
export const TEAM_ACTION_NAMES = Object.keys(TEAM_ACTIONS) as TeamAction[];

/**
 * How far a role holds an action: on every guidebook of the team (`all`, and for a team action
 * simply "yes"), on the guidebooks granted to the membership (`granted`), or on those only when
 * the owner let the member see secrets (`granted if secrets`). A role without the action lacks the key.
 */
export type Reach = 'all' | 'granted' | 'granted if secrets';

const every = (reach: Reach, actions: readonly TeamAction[]) => Object.fromEntries(actions.map((action) => [action, reach])) as Partial<Record<TeamAction, Reach>>;

/** The Owner's actions but billing, payouts, members, invitations and the team itself. */
const ADMIN_LACKS: readonly TeamAction[] = ['billing.manage', 'payouts.manage', 'members.manage', 'invitations.manage', 'team.manage'];

export const ROLE_ACTIONS: Readonly<Record<TeamRole, Readonly<Partial<Record<TeamAction, Reach>>>>> = {
  owner: every('all', TEAM_ACTION_NAMES),
  admin: every(
    'all',
    TEAM_ACTION_NAMES.filter((action) => !ADMIN_LACKS.includes(action)),
  ),
  // Content, stays and orders of the granted guidebooks; never the door code's lock, the trash or the team's settings.
  editor: {
    ...every('granted', ['guidebook.read', 'secrets.read', 'guidebook.edit', 'guidebook.share', 'guidebook.send', 'guidebook.history', 'insights.read', 'feedback.delete', 'questions.delete']),
    ...every('granted', ['stays.read', 'stays.write', 'stays.link', 'calendar.write', 'orders.read', 'orders.decide', 'orders.refund']),
    // Arrivals and a stay's door code from the lock (decision 030 §13); typing a code is changing a door code, which is not theirs.
    ...every('granted', ['arrivals.read', 'lockCodes.read', 'lockCodes.retry']),
    'uploads.write': 'all',
  },
  // The stays and arrivals of the granted guidebooks, read only; the secrets and the links that reveal them when allowed, never a guest's own code.
  cleaner: {
    ...every('granted', ['guidebook.read', 'stays.read', 'arrivals.read']),
    ...every('granted if secrets', ['secrets.read', 'guidebook.share', 'stays.link']),
  },
};

/** The reach `role` holds `action` with, or null when it lacks it. */
export function reachOf(role: TeamRole, action: TeamAction): Reach | null {
  return ROLE_ACTIONS[role][action] ?? null;
}

/**
 * Whether a member may take `action` at all (on some guidebook, for a guidebook action): the answer
 * the dashboard hides buttons by, and the server's 403. Which guidebooks is the grants' question.
 */
export function roleMay(member: { role: TeamRole; maySeeSecrets: boolean }, action: TeamAction): boolean {
  const reach = reachOf(member.role, action);
  return reach === 'all' || reach === 'granted' || (reach === 'granted if secrets' && member.maySeeSecrets);
}

/** Whether the role sees only the guidebooks granted to its membership. */
export function seesGrantedOnly(role: TeamRole): boolean {
  return role === 'editor' || role === 'cleaner';
}

import { CHANNEL_NAMES } from '@shared/channels.ts';
import { formatPrice } from '@shared/currencies.ts';
import { PMS_LABELS } from '@shared/pms-systems.ts';
import type { ApplyGroup } from '@shared/schemas/settings.ts';
import type { ActivityActor, ActivityItem, SecretFieldName } from '@shared/team-activity.ts';
import { ROLE_NAMES } from '@shared/team-roles.ts';
import { STATUS } from '../../lib/order-view.ts';

/**
 * How a line of the team's activity reads (docs/product.md §6, Activity): who, then what they did
 * as the rest of one plain sentence ("Ana" "added a stay for Lena, 3 Dec – 5 Dec"). A secret is
 * named, never shown: the line holds no value to show (docs/security.md 40).
 */

/** Who did it, when it was not a member. */
const ACTORS: Record<Exclude<ActivityActor, 'member'>, string> = {
  'mail-link': 'Someone with the order e-mail',
  guest: 'A guest',
  calendar: 'The booking calendar',
  stripe: 'Stripe',
  system: 'Porchlight',
};

export function whoOf(item: ActivityItem): string {
  // A booking system's stay is said as the system's own doing ("Smoobu moved a stay …").
  if (item.action === 'booking.added' || item.action === 'booking.moved' || item.action === 'booking.cancelled') return PMS_LABELS[item.details.system];
  if (item.actor === 'member') return item.actorName ?? 'A former member';
  return ACTORS[item.actor];
}

const GROUPS: Record<ApplyGroup, string> = {
  greeting: 'the welcome',
  houseRules: 'house rules',
  contact: 'contact details',
  socials: 'social links',
  checkout: 'check-in and check-out',
  redirection: 'useful links',
  places: 'places',
  extras: 'extras',
  channels: 'rules by channel',
};

const SECRETS: Record<SecretFieldName, string> = {
  code: 'the door code',
  wifiPassword: 'the Wi-Fi password',
  secretsPin: 'the PIN',
  secretsPolicy: 'who sees the door code',
  revealHoursBefore: 'how early guests see it',
};

/** "a, b and c". */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const nights = ({ checkIn, checkOut }: { checkIn: number; checkOut: number }) => `${day.format(checkIn)} – ${day.format(checkOut)}`;
/** What Seam reported of a lock (docs/decisions/030-smart-locks.md §12). */
const LOCK_SEEN = { 'lock.offline': 'go offline', 'lock.online': 'back online', 'lock.gone': 'removed from its lock account' } as const;

const stayOf = (guestName: string) => (guestName ? `${guestName}’s stay` : 'a stay');
const quoted = (title: string) => `“${title}”`;

function orderMove(item: Extract<ActivityItem, { action: 'order.moved' }>): string {
  const { title, event, to } = item.details;
  const now = STATUS[to].label;
  switch (event) {
    case 'approve':
      return `approved ${quoted(title)}`;
    case 'decline':
      return `declined ${quoted(title)}`;
    case 'payment-taken':
      return to === 'paid' ? `took the guest’s payment for ${quoted(title)}` : `held the guest’s card for ${quoted(title)}, waiting for your answer`;
    case 'payment-slot-lost':
    case 'approve-slot-lost':
      return `gave back the money for ${quoted(title)}: another booking took its time`;
    case 'hold-lapsed':
      return `released the card hold on ${quoted(title)}: no answer within 72 hours`;
    case 'stay-lost':
      return `ended ${quoted(title)} with its stay (${now.toLowerCase()})`;
    default:
      return `moved ${quoted(title)} to ${now.toLowerCase()}`;
  }
}

/** What was done, as the sentence's rest after who did it. */
export function whatOf(item: ActivityItem): string {
  switch (item.action) {
    case 'stay.added':
      return `added ${item.details.guestName ? `a stay for ${item.details.guestName}` : 'a stay'}, ${nights(item.details)} (${CHANNEL_NAMES[item.details.channel]})`;
    case 'stay.moved':
      return `moved ${stayOf(item.details.guestName)} to ${nights(item.details.to)} (was ${nights(item.details.from)})`;
    case 'stay.channel':
      return `changed where ${stayOf(item.details.guestName)} was booked from ${CHANNEL_NAMES[item.details.from]} to ${CHANNEL_NAMES[item.details.to]}`;
    case 'stay.deleted': {
      const orders = item.details.orders === 'refund' ? ', ending its orders' : item.details.orders === 'keep' ? ', keeping its paid orders' : '';
      return `deleted ${stayOf(item.details.guestName)}, ${nights(item.details)}${orders}`;
    }
    case 'booking.added':
      return `brought a stay, ${nights(item.details)} (${CHANNEL_NAMES[item.details.channel]})${item.details.takenOver ? ', taking over the calendar’s stay' : ''}`;
    case 'booking.moved':
      return `moved a stay to ${nights(item.details.to)} (was ${nights(item.details.from)})`;
    case 'booking.cancelled':
      return `cancelled a stay, ${nights(item.details)}`;
    case 'stay.guest-data-erased': {
      const { stays, days } = item.details;
      return `erased the guests’ details of ${stays === 1 ? '1 stay' : `${stays} stays`}, ${days === 1 ? '1 day' : `${days} days`} after check-out`;
    }
    case 'guest-data.exported':
      return `exported a guest’s details on request (${counted(item.details.stays, 'stay')}, ${counted(item.details.orders, 'order')})`;
    case 'guest-data.erased':
      return `erased a guest’s details on request (${counted(item.details.stays, 'stay')}, ${counted(item.details.orders, 'order')})`;
    case 'order.moved':
      return orderMove(item);
    case 'order.refunded':
      return `refunded ${quoted(item.details.title)} (${formatPrice(item.details.amount, item.details.currency)})`;
    case 'settings.saved':
      return 'saved Auto-Fill';
    case 'settings.applied': {
      const { groups, guidebooks } = item.details;
      return `applied Auto-Fill’s ${listed(groups.map((group) => GROUPS[group]))} to ${guidebooks === 1 ? '1 guidebook' : `${guidebooks} guidebooks`}`;
    }
    case 'guidebook.secrets':
      return `changed ${listed(item.details.fields.map((field) => SECRETS[field]))}`;
    case 'invitation.sent':
      return `invited ${item.details.email} as ${ROLE_NAMES[item.details.role]}`;
    case 'invitation.resent':
      return `sent the invitation to ${item.details.email} again`;
    case 'invitation.revoked':
      return `revoked the invitation to ${item.details.email}`;
    case 'invitation.accepted':
      return `joined the team as ${ROLE_NAMES[item.details.role]}`;
    case 'member.changed': {
      const { member, role, guidebooks, maySeeSecrets } = item.details;
      const parts = [
        ...(role ? [`${ROLE_NAMES[role.from]} → ${ROLE_NAMES[role.to]}`] : []),
        ...(guidebooks === undefined ? [] : [guidebooks === 1 ? '1 guidebook' : `${guidebooks} guidebooks`]),
        ...(maySeeSecrets === undefined ? [] : [maySeeSecrets ? 'may see door codes' : 'may not see door codes']),
      ];
      return `changed what ${member} may do (${parts.join('; ')})`;
    }
    case 'member.removed':
      return `removed ${item.details.member} (${ROLE_NAMES[item.details.role]}) from the team`;
    case 'member.left':
      return 'left the team';
    case 'team.renamed':
      return `renamed the team from ${quoted(item.details.from)} to ${quoted(item.details.to)}`;
    default:
      return lockWhat(item);
  }
}

/** A line about a door code, a lock or a lock account. */
type LockItem = Extract<ActivityItem, { action: `lock-code.${string}` | `lock.${string}` | `lock-account.${string}` }>;

/** whatOf's lines about smart locks (docs/decisions/030-smart-locks.md §12, §14). */
function lockWhat(item: LockItem): string {
  switch (item.action) {
    case 'lock-code.viewed':
      return `looked at the door code of ${stayOf(item.details.guestName)}, ${nights(item.details)} (${item.details.lock})`;
    case 'lock-code.retried':
      return `tried the door code of ${stayOf(item.details.guestName)} again, ${nights(item.details)} (${item.details.lock})`;
    case 'lock-code.manual':
      return `typed the door code set by hand on ${item.details.lock} for ${stayOf(item.details.guestName)}, ${nights(item.details)}`;
    // What Seam reported, said as Porchlight's doing (§12).
    case 'lock-code.recreated':
      if (item.details.why === 'failing') return `made the door code of ${stayOf(item.details.guestName)}, ${nights(item.details)}, again on ${item.details.lock}: the lock had not taken it`;
      return `set the door code of ${stayOf(item.details.guestName)}, ${nights(item.details)}, again on ${item.details.lock} after it was deleted outside Porchlight`;
    case 'lock-code.failed':
      return `left the door code of ${stayOf(item.details.guestName)}, ${nights(item.details)}, unset: it was deleted on ${item.details.lock} outside Porchlight twice within a day`;
    case 'lock.offline':
    case 'lock.online':
    case 'lock.gone':
      return `saw ${item.details.lock} ${LOCK_SEEN[item.action]}`;
    case 'lock-account.disconnected':
      return `saw the ${item.details.account} lock account disconnected: it needs its password again`;
    case 'lock-account.removed':
      return `disconnected the ${item.details.account} lock account: the team’s plan no longer includes smart locks`;
    case 'lock-code.off':
      return `turned off the door code of ${stayOf(item.details.guestName)}, ${nights(item.details)} (${item.details.lock})`;
    case 'lock-code.on':
      return `turned the door code of ${stayOf(item.details.guestName)} back on, ${nights(item.details)} (${item.details.lock})`;
  }
}

/** "1 stay", "3 orders". */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}


import { describe, expect, it } from 'vitest';
import { whatOf, whoOf } from '../src/admin/features/activity/activity-words.ts';
import type { ActivityAction, ActivityDetails, ActivityItem } from '../src/lib/shared/team-activity.ts';

/**
 * How the Activity screen words each action (docs/product.md §6, Activity): one plain sentence per
 * line, after who did it. A secret is named, never shown (docs/security.md 40).
 */
const nights = { checkIn: Date.UTC(2031, 5, 1, 15), checkOut: Date.UTC(2031, 5, 4, 10) };
const SAMPLES: { [A in ActivityAction]: ActivityDetails[A] } = {
  'stay.added': { guestName: 'Lena', channel: 'airbnb', ...nights },
  'stay.moved': { guestName: '', from: nights, to: { ...nights, checkOut: Date.UTC(2031, 5, 5, 10) } },
  'stay.channel': { guestName: 'Lena', from: 'direct', to: 'booking' },
  'stay.deleted': { guestName: 'Lena', orders: 'refund', ...nights },
  'stay.guest-data-erased': { stays: 12, days: 30 },
  'booking.added': { system: 'smoobu', reservationId: '1001', channel: 'airbnb', takenOver: true, ...nights },
  'booking.moved': { system: 'beds24', reservationId: '7001', from: nights, to: { ...nights, checkOut: Date.UTC(2031, 5, 5, 10) } },
  'booking.cancelled': { system: 'hostaway', reservationId: '66001', ...nights },
  'guest-data.exported': { stays: 2, orders: 1 },
  'guest-data.erased': { stays: 1, orders: 0 },
  'order.moved': { title: 'Breakfast basket', event: 'payment-taken', from: 'awaiting_payment', to: 'requested' },
  'order.refunded': { title: 'Late check-out', amount: 2500, currency: 'eur', from: 'paid' },
  'settings.saved': {},
  'settings.applied': { groups: ['contact', 'places', 'channels'], guidebooks: 2 },
  'guidebook.secrets': { fields: ['code', 'wifiPassword', 'secretsPin'] },
  'invitation.sent': { email: 'ana@example.com', role: 'editor' },
  'invitation.resent': { email: 'ana@example.com' },
  'invitation.revoked': { email: 'ana@example.com' },
  'invitation.accepted': { email: 'ana@example.com', role: 'cleaner' },
  'member.changed': { member: 'Ana', role: { from: 'editor', to: 'admin' }, maySeeSecrets: true },
  'member.removed': { member: 'Ana', role: 'cleaner' },
  'member.left': { role: 'editor' },
  'team.renamed': { from: 'Ivo Horvat', to: 'Casa Lumen' },
  'lock-code.viewed': { guestName: 'Lena', lock: 'Front door', ...nights },
  'lock-code.retried': { guestName: 'Lena', lock: 'Front door', ...nights },
  'lock-code.manual': { guestName: '', lock: 'Front door', ...nights },
  'lock-code.recreated': { source: 'seam', guestName: 'Lena', lock: 'Front door', ...nights },
  'lock-code.failed': { source: 'seam', guestName: '', lock: 'Front door', ...nights },
  'lock.offline': { source: 'seam', lock: 'Front door' },
  'lock.online': { source: 'seam', lock: 'Front door' },
  'lock.gone': { source: 'seam', lock: 'Front door' },
  'lock-account.disconnected': { source: 'seam', account: 'August' },
  'lock-account.removed': { why: 'plan', account: 'August' },
  'lock-code.off': { guestName: 'Lena', lock: 'Front door', ...nights },
  'lock-code.on': { guestName: '', lock: 'Front door', ...nights },
};

const item = <A extends ActivityAction>(action: A, over: Partial<ActivityItem> = {}): ActivityItem =>
  ({ id: 1, action, details: SAMPLES[action], actor: 'member', actorName: 'Ivo', guidebookId: null, guidebookName: null, at: new Date(0).toISOString(), ...over }) as ActivityItem;

describe('activity words', () => {
  it('say every action in one sentence', () => {
    const sentences = Object.fromEntries((Object.keys(SAMPLES) as ActivityAction[]).map((action) => [action, `${whoOf(item(action))} ${whatOf(item(action))}`]));
    expect(sentences).toEqual({
      'stay.added': 'Ivo added a stay for Lena, 1 Jun – 4 Jun (Airbnb)',
      'stay.moved': 'Ivo moved a stay to 1 Jun – 5 Jun (was 1 Jun – 4 Jun)',
      'stay.channel': 'Ivo changed where Lena’s stay was booked from Direct to Booking.com',
      'stay.deleted': 'Ivo deleted Lena’s stay, 1 Jun – 4 Jun, ending its orders',
      'stay.guest-data-erased': 'Ivo erased the guests’ details of 12 stays, 30 days after check-out',
      'booking.added': 'Smoobu brought a stay, 1 Jun – 4 Jun (Airbnb), taking over the calendar’s stay',
      'booking.moved': 'Beds24 moved a stay to 1 Jun – 5 Jun (was 1 Jun – 4 Jun)',
      'booking.cancelled': 'Hostaway cancelled a stay, 1 Jun – 4 Jun',
      'guest-data.exported': 'Ivo exported a guest’s details on request (2 stays, 1 order)',
      'guest-data.erased': 'Ivo erased a guest’s details on request (1 stay, 0 orders)',
      'order.moved': 'Ivo held the guest’s card for “Breakfast basket”, waiting for your answer',
      'order.refunded': 'Ivo refunded “Late check-out” (€25)',
      'settings.saved': 'Ivo saved Auto-Fill',
      'settings.applied': 'Ivo applied Auto-Fill’s contact details, places and rules by channel to 2 guidebooks',
      'guidebook.secrets': 'Ivo changed the door code, the Wi-Fi password and the PIN',
      'invitation.sent': 'Ivo invited ana@example.com as Editor',
      'invitation.resent': 'Ivo sent the invitation to ana@example.com again',
      'invitation.revoked': 'Ivo revoked the invitation to ana@example.com',
      'invitation.accepted': 'Ivo joined the team as Cleaner',
      'member.changed': 'Ivo changed what Ana may do (Editor → Admin; may see door codes)',
      'member.removed': 'Ivo removed Ana (Cleaner) from the team',
      'member.left': 'Ivo left the team',
      'team.renamed': 'Ivo renamed the team from “Ivo Horvat” to “Casa Lumen”',
      'lock-code.viewed': 'Ivo looked at the door code of Lena’s stay, 1 Jun – 4 Jun (Front door)',
      'lock-code.retried': 'Ivo tried the door code of Lena’s stay again, 1 Jun – 4 Jun (Front door)',
      'lock-code.manual': 'Ivo typed the door code set by hand on Front door for a stay, 1 Jun – 4 Jun',
      'lock-code.recreated': 'Ivo set the door code of Lena’s stay, 1 Jun – 4 Jun, again on Front door after it was deleted outside Porchlight',
      'lock-code.failed': 'Ivo left the door code of a stay, 1 Jun – 4 Jun, unset: it was deleted on Front door outside Porchlight twice within a day',
      'lock.offline': 'Ivo saw Front door go offline',
      'lock.online': 'Ivo saw Front door back online',
      'lock.gone': 'Ivo saw Front door removed from its lock account',
      'lock-account.disconnected': 'Ivo saw the August lock account disconnected: it needs its password again',
      'lock-account.removed': 'Ivo disconnected the August lock account: the team’s plan no longer includes smart locks',
      'lock-code.off': 'Ivo turned off the door code of Lena’s stay, 1 Jun – 4 Jun (Front door)',
      'lock-code.on': 'Ivo turned the door code of a stay back on, 1 Jun – 4 Jun (Front door)',
    });
  });

  it('say a door code Porchlight made again because the lock had not taken it', () => {
    const remade = item('lock-code.recreated', { actor: 'system', actorName: null, details: { ...SAMPLES['lock-code.recreated'], why: 'failing' } } as Partial<ActivityItem>);
    expect(`${whoOf(remade)} ${whatOf(remade)}`).toBe('Porchlight made the door code of Lena’s stay, 1 Jun – 4 Jun, again on Front door: the lock had not taken it');
  });

  it('name who acted when it was not a member, and a member whose account is gone', () => {
    expect(whoOf(item('order.moved', { actor: 'mail-link', actorName: null }))).toBe('Someone with the order e-mail');
    expect(whoOf(item('order.moved', { actor: 'stripe', actorName: null }))).toBe('Stripe');
    expect(whoOf(item('order.moved', { actor: 'system', actorName: null }))).toBe('Porchlight');
    expect(whoOf(item('stay.added', { actorName: null }))).toBe('A former member');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { PRICE_IDS } from './stripe/prices.ts';
import { pathSegment } from './fuzz-values.ts';
import { applyFlags, calendarUrl, email, instructionFields, mediaPath, newStay, partial, settingsFields, shape, stayFields, text } from './fuzz-shapes.ts';

/**
 * Every /api route that takes a write (POST, PUT, PATCH, DELETE), as tests/fuzz-bodies.test.ts
 * sends them: who calls it, how its path is filled in, and the plausible bodies of its schema.
 * `writeRoutesOnDisk` reads the same list from src/pages/api, so a new route fails the test until
 * it is added here.
 */

/** A path parameter, resolved when the request is sent: the fixed one, one made during the run, or junk. */
export type Param = { kind: 'main' } | { kind: 'pool'; n: number } | { kind: 'raw'; text: string };

export interface FuzzRoute {
  /** `METHOD /api/…/[param]`, as the route file is named. */
  key: string;
  /** Whose session the request carries: the fuzzed host's, or none. */
  auth: 'host' | 'anonymous';
  /** Whether the main guidebook or stay may be the target (never for a DELETE). */
  mayTargetMain: boolean;
  /** Plausible bodies of the route's JSON schema; undefined when it has none (no body, multipart, Stripe's). */
  body?: fc.Arbitrary<unknown>;
  /** How often the shaped property picks the route (most: 1; the guidebook editor's saves: more). */
  weight: number;
}

/** Marks a body to be laid over the target's current content and version before it is sent. */
export const CURRENT = Symbol('current');

export const param: fc.Arbitrary<Param> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'main' } as const) },
  { weight: 2, arbitrary: fc.nat().map((n) => ({ kind: 'pool', n }) as const) },
  { weight: 1, arbitrary: pathSegment(fc.constant('x')).map((raw) => ({ kind: 'raw', text: raw }) as const) },
);

const priceId = fc.oneof(fc.constantFrom(PRICE_IDS.gold.monthly, PRICE_IDS.premium.yearly, 'price_unknown', ''), text(300));
const token = fc.oneof(fc.base64String({ minLength: 43, maxLength: 44 }).map((value) => value.replace(/[+/=]/g, '_')), text(250));
const password = fc.oneof(fc.string({ minLength: 6, maxLength: 20 }), text(130));

export interface FuzzHost {
  id: string;
  email: string;
  password: string;
  /** A /media path the host uploaded. */
  image: string;
}

/**
 * The routes. The host's own address and password turn up now and then, so that a login, a name
 * change or an e-mail change can succeed; never in a password change, which would end the session
 * the run signs its requests with.
 */
export function fuzzRoutes(host: FuzzHost): FuzzRoute[] {
  const { image: own, id: hostId } = host;
  const hostEmail = fc.oneof({ weight: 3, arbitrary: email }, { weight: 1, arbitrary: fc.constantFrom(host.email, host.email.toUpperCase(), ` ${host.email} `) });
  const hostPassword = fc.oneof({ weight: 2, arbitrary: password }, { weight: 1, arbitrary: fc.constant(host.password) });
  const content = instructionFields(own);
  // Printed by its key in counterexamples.
  const route = (key: string, auth: FuzzRoute['auth'], body?: fc.Arbitrary<unknown>, weight = 1): FuzzRoute =>
    Object.defineProperty({ key, auth, mayTargetMain: !key.startsWith('DELETE'), weight, ...(body ? { body } : {}) }, fc.toStringMethod, { value: () => key, enumerable: false });
  return [
    route('POST /api/billing-portal', 'host'),
    route('POST /api/cancel-subscription', 'host'),
    route('POST /api/create-checkout-session', 'host', shape({ price_id: priceId })),
    route('POST /api/get-user-premium', 'anonymous', shape({ userId: fc.oneof(fc.constant(hostId), text(130)) })),
    route('POST /api/guest/[token]/extras/[extraId]', 'anonymous', shape({ quantity: fc.oneof(fc.integer(), text(5)), note: text(501), price: fc.integer() })),
    route('PATCH /api/orders/[orderId]', 'host', shape({ decision: fc.constantFrom('approve', 'decline', 'maybe', '') })),
    route('POST /api/orders/[orderId]/refund', 'host'),
    // The button of a mailed Approve or Decline link: no session, the token in the body.
    route('POST /api/orders/[orderId]/decide', 'anonymous', shape({ token, decision: fc.constantFrom('approve', 'decline', 'maybe', '') })),
    // The button of a public-link order's confirmation mail: no session, the token in the body.
    route('POST /api/order-confirmations/[id]', 'anonymous', shape({ token })),
    route('POST /api/guest/[token]/message', 'anonymous', shape({ name: text(100), email: fc.oneof(fc.constant(''), email), message: text(2001), turnstileToken: text(100) }), 2),
    // "Ask the guidebook": a question of at most 300 characters in a body of at most 2 KB.
    route('POST /api/guest/[token]/ask', 'anonymous', shape({ question: fc.oneof(text(301), fc.constant('Where is the key?'), fc.integer()) }), 2),
    route('POST /api/guest/[token]/feedback', 'anonymous', shape({ helpful: fc.oneof(fc.boolean(), text(5)), comment: text(1001) })),
    // The comment after the tap: an answer's id and edit token (none of the fuzzer's is right).
    route('PATCH /api/guest/[token]/feedback', 'anonymous', shape({ id: text(70), editToken: fc.oneof(token, text(70)), helpful: fc.oneof(fc.boolean(), text(5)), comment: text(1001) })),
    // Some fields changed on the guidebook as loaded, as the editor saves (`current`: its content and version).
    route('PUT /api/instruction/[id]', 'host', partial(content).map((changes) => ({ ...changes, [CURRENT]: true })), 4),
    route('POST /api/instruction/[id]', 'host'),
    route('DELETE /api/instruction/[id]', 'host'),
    route('PATCH /api/instruction/[id]', 'host', shape({ code: text(201) })),
    route('PUT /api/instruction/[id]/calendar', 'host', shape({ url: calendarUrl })),
    route('POST /api/instruction/[id]/calendar', 'host'),
    route('POST /api/instruction/[id]/share', 'host', shape({ email })),
    // The editor's form as it is; the fuzz server has no TRANSLATE_URL, so this answers 404 (tests/translations-draft.test.ts drafts).
    route('POST /api/instruction/[id]/translations/[lang]/draft', 'host', shape({ content: partial(content) })),
    route('PATCH /api/instruction/[id]/stays/[stayId]', 'host', partial(stayFields), 2),
    route('DELETE /api/instruction/[id]/stays/[stayId]', 'host'),
    route('DELETE /api/instruction/[id]/feedback/[feedbackId]', 'host'),
    route('DELETE /api/instruction/[id]/questions/[questionId]', 'host'),
    route('POST /api/instruction/[id]/stays/[stayId]/send', 'host', partial({ email })),
    route('POST /api/instruction/[id]/stays', 'host', newStay, 2),
    route('POST /api/instruction', 'host', partial(content), 3),
    route('PATCH /api/instruction/preview/[token]', 'host'),
    route('POST /api/messaging/contact', 'anonymous', shape({ name: text(101), email, message: text(5001) })),
    route('POST /api/messaging/sendMessageFromUser', 'host', shape({ name: text(101), email, message: text(20_001) })),
    // Payouts (Stripe Connect): the host's own currency and account, nothing in the path.
    route('PUT /api/payouts/currency', 'host', shape({ currency: fc.oneof(fc.constantFrom('eur', 'USD', ' jpy ', 'xyz', ''), text(20)) })),
    route('POST /api/payouts/onboarding', 'host'),
    route('POST /api/payouts/refresh', 'host'),
    route('POST /api/payouts/dashboard-link', 'host'),
    route('POST /api/preview-subscription-change', 'host', shape({ newPriceId: priceId })),
    route('PUT /api/settings', 'host', partial(settingsFields(own)), 2),
    route('PUT /api/settings/updateExistingInstructions', 'host', shape({ dataSettings: partial(settingsFields(own)), applyToExistingInstruction: applyFlags, clearEmptyFields: fc.oneof(fc.boolean(), text(10)) })),
    route('POST /api/settings/apply-preview', 'host', shape({ dataSettings: partial(settingsFields(own)), applyToExistingInstruction: applyFlags, clearEmptyFields: fc.oneof(fc.boolean(), text(10)) })),
    route('POST /api/settings/undo-apply', 'host', shape({ batchId: text(100) })),
    // Revisions and trash: a version of the guidebook (the path's revision id is junk or made up) and the trash's doors.
    route('POST /api/instruction/[id]/revisions/[revisionId]/restore', 'host', shape({ version: fc.oneof(fc.integer(), text(20)) })),
    route('POST /api/instruction/[id]/restore', 'host'),
    route('DELETE /api/instruction/trash/[id]', 'host'),
    route('POST /api/stripe/webhook', 'anonymous'),
    route('POST /api/stripe/connect-webhook', 'anonymous'),
    route('POST /api/locks/webhook', 'anonymous'),
    route('POST /api/update-subscription-price', 'host', shape({ newPriceId: priceId, newInterval: fc.constantFrom('monthly', 'yearly', 'weekly', 'MONTHLY') })),
    route('POST /api/upload', 'host'),
    // Invitations (decision 028 §7): an address, a role and guidebooks; the path's invitation id is junk or another's.
    route('POST /api/team/invitations', 'host', shape({ email, role: fc.constantFrom('admin', 'editor', 'cleaner', 'owner', ''), guidebookIds: fc.array(text(70), { maxLength: 3 }), maySeeSecrets: fc.oneof(fc.boolean(), text(5)) })),
    route('POST /api/team/invitations/[id]/resend', 'host'),
    route('DELETE /api/team/invitations/[id]', 'host'),
    // Members (decision 028 §7): a role, guidebooks, "may see secrets"; the path's membership id is junk or a guidebook's, never the owner's own.
    route('PATCH /api/team/members/[id]', 'host', shape({ role: fc.constantFrom('admin', 'editor', 'cleaner', 'owner', ''), guidebookIds: fc.array(text(70), { maxLength: 3 }), maySeeSecrets: fc.oneof(fc.boolean(), text(5)) })),
    route('DELETE /api/team/members/[id]', 'host'),
    // The team's name (decision 028): one line of 1-100 characters.
    route('PATCH /api/team', 'host', shape({ name: text(120) })),
    // Booking systems (decision 029 §14): a system and its form's fields; the path's integration id is junk or a guidebook's.
    route('POST /api/team/integrations', 'host', shape({ system: fc.constantFrom('smoobu', 'beds24', 'hostaway', 'lodgify', ''), fields: fc.dictionary(fc.constantFrom('apiKey', 'apiSecret', 'x'), text(600), { maxKeys: 3 }) })),
    route('PUT /api/team/integrations/[id]/units', 'host', shape({ units: fc.array(shape({ id: text(70), guidebookId: fc.oneof(fc.constant(null), text(70)), skipped: fc.oneof(fc.boolean(), text(5)) }), { maxLength: 3 }) })),
    route('POST /api/team/integrations/[id]/sync', 'host'),
    // A booking system's webhook (decision 029 §5): Smoobu's shape with hostile values; the path's hook id is junk or one no integration has.
    route('POST /api/pms/hooks/[hookId]', 'anonymous', shape({ action: fc.constantFrom('newReservation', 'updateReservation', 'cancelReservation', 'newMessage', ''), user: fc.oneof(fc.integer(), text(30)), data: shape({ id: fc.oneof(fc.integer(), text(70)) }) })),
    route('POST /api/team/guest-data/export', 'host', shape({ email: text(300) })),
    route('POST /api/team/guest-data/erase', 'host', fc.oneof(shape({ email: text(300) }), shape({ stayId: text(70) }))),
    route('DELETE /api/team/integrations/[id]', 'host'),
    // Smart locks (decision 030 §3, §13): the path's attempt, account and lock ids are junk or a guidebook's.
    route('POST /api/team/locks/connect', 'host'),
    route('POST /api/team/locks/connect/[attemptId]/complete', 'host'),
    route('POST /api/team/locks/accounts/[id]/refresh', 'host'),
    route('PUT /api/team/locks/devices/[deviceId]/assignment', 'host', shape({ instructionId: fc.oneof(fc.constant(null), text(70)) })),
    route('DELETE /api/team/locks/accounts/[id]', 'host'),
    // A stay's door code (decision 030 §13): the attempt "Try again" saw, the digits typed; the path's stay is junk or another's.
    route('POST /api/instruction/[id]/stays/[stayId]/lock-code/retry', 'host', shape({ generation: fc.oneof(fc.integer(), fc.double(), text(20)) })),
    route('PUT /api/instruction/[id]/stays/[stayId]/lock-code/manual', 'host', shape({ code: fc.oneof(fc.stringMatching(/^\d{4,12}$/), text(20), fc.integer()) })),
    route('PUT /api/instruction/[id]/stays/[stayId]/lock-code/enabled', 'host', shape({ on: fc.oneof(fc.boolean(), text(5), fc.integer()) })),
    route('POST /api/invitations/accept', 'host', shape({ token })),
    route('PUT /api/session/team', 'host', shape({ teamId: fc.oneof(fc.constant(hostId), text(70)) })),
    route('POST /api/teams', 'host'),
    route('POST /api/users/auth', 'anonymous', shape({ email: hostEmail, password: hostPassword })),
    route('POST /api/users/authGoogle', 'anonymous', shape({ credential: fc.oneof(text(9000), fc.constant('eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.')), invitation: token })),
    route('POST /api/users/checkToken', 'anonymous', shape({ token })),
    route('PATCH /api/users/confirm-user-change-email', 'host', shape({ verificationToken: token })),
    route('PATCH /api/users/email', 'host', shape({ newEmail: email, password: hostPassword })),
    route('POST /api/users', 'anonymous', shape({ name: text(101), email, password, captchaToken: text(50), invitation: token })),
    route('POST /api/users/login-link', 'anonymous', shape({ token })),
    route('POST /api/users/logout', 'anonymous'),
    route('PATCH /api/users/name', 'host', shape({ newName: text(101), password: hostPassword })),
    route('PATCH /api/users/password', 'host', shape({ newPassword: password, oldPassword: password })),
    route('PATCH /api/users/profile', 'host', shape({ picture: mediaPath(own) })),
    route('POST /api/users/requestResetPassword', 'anonymous', shape({ email })),
    route('POST /api/users/resend-verification', 'anonymous', shape({ email, plan: fc.constantFrom('gold', 'premium', 'free', ''), interval: fc.constantFrom('monthly', 'yearly', 'weekly') })),
    route('POST /api/users/resetPassToken', 'anonymous', shape({ token, newPassword: password })),
    route('POST /api/users/verify-email', 'anonymous', shape({ token })),
  ];
}

const WRITE_EXPORT = /export const (POST|PUT|PATCH|DELETE)\b/g;

/** `METHOD /api/…` of every write handler exported under src/pages/api, read from the files. */
export function writeRoutesOnDisk(root = new URL('../../src/pages/api/', import.meta.url).pathname): string[] {
  const keys: string[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const route = `/api/${path.relative(root, file).replace(/\.ts$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '');
    for (const [, method] of fs.readFileSync(file, 'utf8').matchAll(WRITE_EXPORT)) keys.push(`${method} ${route}`);
  }
  return keys.sort();
}

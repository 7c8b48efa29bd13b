import type { GuestWordKey } from '@shared/guest-words/t.ts';

/**
 * The words each guest island shows, by key (src/lib/shared/guest-words). The page picks them
 * from its dictionary (`pickWords`) and hands them to the island as a prop; the islands import
 * these lists as types only, so their bundles carry neither the lists nor any dictionary.
 *
 * An island that asks a guest API sends `locale.lang` as `Accept-Language`, so the server's
 * answers come in the page's words too (server/http/guest-language.ts).
 */
/** What the access island shows once it has the secrets, whatever asked for them. */
const SECRET_SHOWN_WORDS = [
  'locale.lang',
  'secret.codeLabel',
  'secret.copyCode',
  'secret.codeCopied',
  'secret.wifiPasswordLabel',
  'secret.wifiPasswordOf',
  'secret.wifiQr',
  'secret.offline',
  'copy.password',
  'copy.passwordDone',
] as const satisfies readonly GuestWordKey[];

const SECRET_WHAT_WORDS = ['secret.what.both', 'secret.what.code', 'secret.what.wifiPassword'] as const satisfies readonly GuestWordKey[];

/**
 * The access island on a stay link, and behind a PIN: each page carries the words of its own
 * case only (a stay link holds none of the PIN form's).
 */
export const SECRET_STAY_WORDS = [
  ...SECRET_SHOWN_WORDS,
  ...SECRET_WHAT_WORDS,
  'secret.over',
  'secret.opensBoth',
  'secret.opensOne',
  'secret.duringStayBoth',
  'secret.duringStayOne',
  'secret.loading',
  'secret.loadFailed',
  'secret.retry',
] as const satisfies readonly GuestWordKey[];

export const SECRET_PIN_WORDS = [
  ...SECRET_SHOWN_WORDS,
  ...SECRET_WHAT_WORDS,
  'secret.pinIntro',
  'secret.pinNeedsScript',
  'secret.pinLabel',
  'secret.pinShape',
  'secret.unreachable',
  'secret.reveal',
  'secret.checking',
] as const satisfies readonly GuestWordKey[];

export const HOST_CONTACT_WORDS = [
  'locale.lang',
  'contact.open',
  'contact.openNoName',
  'contact.name',
  'contact.email',
  'contact.emailHint',
  'contact.message',
  'contact.captchaLoading',
  'contact.send',
  'contact.sending',
  'contact.nameRequired',
  'contact.messageRequired',
  'contact.captchaRequired',
  'contact.sent',
  'contact.offline',
  'error.status',
] as const satisfies readonly GuestWordKey[];

/** "Was this guidebook helpful?" at the end of the page. */
export const GUEST_FEEDBACK_WORDS = [
  'locale.lang',
  'feedback.yes',
  'feedback.no',
  'feedback.comment',
  'feedback.counter',
  'feedback.send',
  'feedback.sending',
  'feedback.thanks',
  'feedback.offline',
  'feedback.helpfulRequired',
  'error.status',
] as const satisfies readonly GuestWordKey[];

/** An extra's request form on a stay link. */
export const EXTRA_REQUEST_WORDS = ['locale.lang', 'extras.request', 'extras.requestOf', 'extras.quantity', 'extras.note', 'extras.send', 'extras.cancel', 'extras.sending', 'extras.sent', 'extras.confirmed', 'extras.failed', 'extras.offline', 'extras.pay'] as const satisfies readonly GuestWordKey[];

/** The same on a guidebook's public link, where the guest says who they are. */
export const EXTRA_PUBLIC_WORDS = [
  ...EXTRA_REQUEST_WORDS,
  'extras.yourName',
  'extras.yourEmail',
  'extras.emailHint',
  'extras.nameRequired',
  'extras.emailRequired',
  'extras.emailInvalid',
  'extras.checkMail',
  'contact.captchaRequired',
  'contact.captchaLoading',
] as const satisfies readonly GuestWordKey[];

/** The page that confirms a public-link order from its mail (src/pages/confirm/[id].astro). */
export const CONFIRM_ORDER_WORDS = [
  'locale.lang',
  'confirm.title',
  'confirm.intro',
  'confirm.price',
  'confirm.button',
  'confirm.already',
  'confirm.invalid',
  'confirm.back',
  'extras.quantity',
  'extras.note',
  'extras.pay',
  'extras.sending',
  'extras.sent',
  'extras.confirmed',
  'extras.failed',
  'extras.offline',
] as const satisfies readonly GuestWordKey[];

export const MAP_FACADE_WORDS = ['map.show', 'map.note'] as const satisfies readonly GuestWordKey[];

/** "Ask the guidebook", the box under the header (its language is the page's `lang`). */
export const ASK_BOX_WORDS = ['ask.label', 'ask.submit', 'ask.asking', 'ask.sources', 'ask.offline', 'error.status'] as const satisfies readonly GuestWordKey[];

/**
 * Contact channels as hosts type them: a WhatsApp number, a Telegram username,
 * an Instagram handle, or a link to that service as older clients send it. Each function answers
 * the link guests open, or the message that says what to type. Pure and isomorphic: the zod
 * schemas store its links (schemas/instruction.ts), the forms show them as the host types.
 *
 * Links are kept only on the service's own hosts, over https (Viber also its `viber:` app links),
 * so a "WhatsApp" button can never lead elsewhere; the schema checks the result once more with
 * `isAllowedUrl`. Every answer gives itself again when fed back (a stored link re-reads the same).
 */
import { messages } from './messages.ts';

export type ContactLinkResult = { ok: true; link: string } | { ok: false; message: string };

/** The contact fields of a guidebook and of the auto-fill settings that take typed values. */
export const CONTACT_KINDS = ['whatsapp', 'viber', 'telegram', 'facebook', 'instagram'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

// eslint-disable-next-line no-control-regex -- control characters are refused in links
const UNSAFE_IN_LINK = /[\s\u0000-\u001f\u007f"<>`\\]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** "facebook.com/x", "t.me/x": a host name first, read as https when it is one of the service's. */
const BARE_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/?#]|$)/i;
/** Digits with the separators people type: spaces, dashes, dots, slashes, brackets; `+` only first ("(+385)" too). */
const TYPED_PHONE = /^\(?\+?[\d\s().\-/]+$/;
/** E.164: at most 15 digits with the country code; 7 covers the shortest numbers in use. */
const PHONE_DIGITS = /^[1-9]\d{6,14}$/;
/** Telegram's rule: 5–32 letters, digits or underscores, starting with a letter. */
const TELEGRAM_USERNAME = /^[a-z][a-z0-9_]{4,31}$/i;
const INSTAGRAM_HANDLE = /^(?=.*[a-z0-9])[a-z0-9._]{1,30}$/i;
const FACEBOOK_NAME = /^[a-z0-9][a-z0-9._-]{0,49}$/i;

const TELEGRAM_HOSTS: readonly string[] = ['t.me', 'telegram.me', 'telegram.dog'];

/** Where each service's links may point (the host itself or one of its subdomains). */
const HOSTS: Record<ContactKind, readonly string[]> = {
  whatsapp: ['wa.me', 'whatsapp.com'],
  viber: ['viber.com', 'vb.me'],
  telegram: TELEGRAM_HOSTS,
  facebook: ['facebook.com', 'fb.com', 'fb.me', 'm.me'],
  instagram: ['instagram.com', 'instagr.am', 'ig.me'],
};

const SERVICE: Record<ContactKind, string> = { whatsapp: 'WhatsApp', viber: 'Viber', telegram: 'Telegram', facebook: 'Facebook', instagram: 'Instagram' };

const ok = (link: string): ContactLinkResult => ({ ok: true, link });
const refused = (kind: ContactKind): ContactLinkResult => ({ ok: false, message: messages.contactLinks[kind] });

type Digits = { ok: true; digits: string } | { ok: false; message: string };

/**
 * "+385 91 555-0101", "00385 (0)91 555 0101", "385915550101" → "385915550101". A number that
 * starts with a single 0 is a national one: the apps need the country code, so the host is asked.
 */
function phoneDigits(kind: ContactKind, typed: string): Digits {
  const text = typed.trim();
  if (!TYPED_PHONE.test(text) || !/\d/.test(text)) return { ok: false, message: messages.contactLinks[kind] };
  const plus = /^\(?\+/.test(text);
  const international = plus || /^\(?00/.test(text);
  // "+44 (0)20 …": the bracketed trunk zero is dialled at home only.
  let digits = (international ? text.replace(/\(\s*0\s*\)/, '') : text).replace(/\D/g, '');
  if (!plus && digits.startsWith('00')) digits = digits.slice(2);
  else if (!international && digits.startsWith('0')) return { ok: false, message: messages.contactLinks.countryCode(SERVICE[kind]) };
  return PHONE_DIGITS.test(digits) ? { ok: true, digits } : { ok: false, message: messages.contactLinks[kind] };
}

/** A typed value that is meant as a link: it has a scheme, or starts with one of the service's hosts. */
function asLink(kind: ContactKind, typed: string): boolean {
  if (SCHEME.test(typed)) return true;
  return BARE_HOST.test(typed) && serviceUrl(kind, typed) !== null;
}

/** An http(s) link on one of the service's hosts, upgraded to https; null for anything else. */
function serviceUrl(kind: ContactKind, typed: string): URL | null {
  if (UNSAFE_IN_LINK.test(typed)) return null;
  let url: URL;
  try {
    url = new URL(SCHEME.test(typed) ? typed : `https://${typed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  if (!HOSTS[kind].some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))) return null;
  url.protocol = 'https:';
  return url;
}

/** A link typed in a field of `kind`: `tel:` numbers converted where numbers are taken, else the service's https link. */
function typedLink(kind: ContactKind, typed: string, fromPhone?: (digits: string) => string): ContactLinkResult | URL {
  if (/^tel:/i.test(typed) && fromPhone) {
    const phone = phoneDigits(kind, typed.slice(4));
    return phone.ok ? ok(fromPhone(phone.digits)) : phone;
  }
  return serviceUrl(kind, typed) ?? refused(kind);
}

const whatsappFromPhone = (digits: string) => `https://wa.me/${digits}`;

/**
 * A phone number → `https://wa.me/<digits>`. wa.me and api.whatsapp.com/send?phone= links
 * become the same short form (a prefilled `text` kept); other WhatsApp links stay as they are.
 */
export function whatsappLink(typed: string): ContactLinkResult {
  const value = typed.trim();
  if (value === '') return ok('');
  if (!asLink('whatsapp', value)) {
    const phone = phoneDigits('whatsapp', value);
    return phone.ok ? ok(whatsappFromPhone(phone.digits)) : phone;
  }
  const url = typedLink('whatsapp', value, whatsappFromPhone);
  if (!(url instanceof URL)) return url;
  const number = url.hostname === 'wa.me' ? safeDecode(url.pathname.slice(1)) : /^\/send\/?$/.test(url.pathname) ? url.searchParams.get('phone') : null;
  if (!number || !/^\+?[\d\s]+$/.test(number)) return ok(url.href);
  const phone = phoneDigits('whatsapp', number);
  if (!phone.ok) return phone;
  const text = url.hostname === 'wa.me' ? url.search : url.searchParams.has('text') ? `?text=${encodeURIComponent(url.searchParams.get('text') ?? '')}` : '';
  return ok(`${whatsappFromPhone(phone.digits)}${text}`);
}

const viberFromPhone = (digits: string) => `viber://chat?number=%2B${digits}`;

/** A phone number → `viber://chat?number=%2B<digits>`; Viber's own links (app or web) are kept. */
export function viberLink(typed: string): ContactLinkResult {
  const value = typed.trim();
  if (value === '') return ok('');
  if (/^viber:/i.test(value)) return viberAppLink(value);
  if (!asLink('viber', value)) {
    const phone = phoneDigits('viber', value);
    return phone.ok ? ok(viberFromPhone(phone.digits)) : phone;
  }
  const url = typedLink('viber', value, viberFromPhone);
  return url instanceof URL ? ok(url.href) : url;
}

/** `viber://…` as typed; a chat link with a readable number is written the one way Viber reads it. */
function viberAppLink(value: string): ContactLinkResult {
  if (UNSAFE_IN_LINK.test(value)) return refused('viber');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refused('viber');
  }
  if (url.host.toLowerCase() === 'chat') {
    // "number=+385…" reads as a space: both spellings mean the same number.
    const number = url.searchParams.get('number')?.trim();
    const phone = number ? phoneDigits('viber', `+${number.replace(/^\+/, '')}`) : null;
    if (phone?.ok && [...url.searchParams.keys()].length === 1) return ok(viberFromPhone(phone.digits));
  }
  return ok(value);
}

const telegramFromPhone = (digits: string) => `https://t.me/+${digits}`;

/**
 * `@handle`, `handle` or a t.me / telegram.me link → `https://t.me/handle`; a phone number →
 * `https://t.me/+<digits>`. Other t.me links (groups, invites) stay as they are.
 */
export function telegramLink(typed: string): ContactLinkResult {
  const value = typed.trim();
  if (value === '') return ok('');
  if (asLink('telegram', value)) {
    const url = typedLink('telegram', value, telegramFromPhone);
    if (!(url instanceof URL)) return url;
    // telegram.me and telegram.dog are t.me's other names; "name.t.me" keeps its own host.
    return ok(TELEGRAM_HOSTS.includes(url.hostname.replace(/^www\./, '')) ? `https://t.me${url.pathname}${url.search}${url.hash}` : url.href);
  }
  if (TYPED_PHONE.test(value)) {
    const phone = phoneDigits('telegram', value);
    return phone.ok ? ok(telegramFromPhone(phone.digits)) : phone;
  }
  const handle = value.replace(/^@/, '');
  return TELEGRAM_USERNAME.test(handle) ? ok(`https://t.me/${handle}`) : refused('telegram');
}

/** `@name` or `name` → `https://www.facebook.com/name`; Facebook links are kept (as https). */
export function facebookLink(typed: string): ContactLinkResult {
  return profileLink('facebook', typed, FACEBOOK_NAME, 'https://www.facebook.com/');
}

/** `@name` or `name` → `https://www.instagram.com/name`; Instagram links are kept (as https). */
export function instagramLink(typed: string): ContactLinkResult {
  return profileLink('instagram', typed, INSTAGRAM_HANDLE, 'https://www.instagram.com/');
}

function profileLink(kind: ContactKind, typed: string, handle: RegExp, base: string): ContactLinkResult {
  const value = typed.trim();
  if (value === '') return ok('');
  if (asLink(kind, value)) {
    const url = typedLink(kind, value);
    return url instanceof URL ? ok(url.href) : url;
  }
  const name = value.replace(/^@/, '');
  return handle.test(name) ? ok(`${base}${name}`) : refused(kind);
}

const CONVERTERS: Record<ContactKind, (typed: string) => ContactLinkResult> = {
  whatsapp: whatsappLink,
  viber: viberLink,
  telegram: telegramLink,
  facebook: facebookLink,
  instagram: instagramLink,
};

/** The link of a contact field of `kind`, or the message that says what to type. */
export function contactLink(kind: ContactKind, typed: string): ContactLinkResult {
  return CONVERTERS[kind](typed);
}

/** The short forms a stored link came from: a number for the phone-based links, a handle or a page name. */
const TYPED_FORMS: Record<ContactKind, ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]>> = {
  whatsapp: [[/^https:\/\/wa\.me\/(\d+)$/, (m) => `+${m[1]}`]],
  viber: [[/^viber:\/\/chat\?number=%2B(\d+)$/, (m) => `+${m[1]}`]],
  telegram: [
    [/^https:\/\/t\.me\/\+(\d+)$/, (m) => `+${m[1]}`],
    [/^https:\/\/t\.me\/([a-z][a-z0-9_]*)$/i, (m) => `@${m[1]}`],
  ],
  facebook: [[/^https:\/\/www\.facebook\.com\/([^/?#]+)$/, (m) => m[1]!]],
  instagram: [[/^https:\/\/www\.instagram\.com\/([^/?#]+)$/, (m) => `@${m[1]}`]],
};

/**
 * A stored link as the host would type it (`https://wa.me/385915550101` → "+385915550101",
 * `https://t.me/ana_host` → "@ana_host"), for showing in a contact field; the stored data stays
 * the link. Only when that typed form gives the very same link back: any other link (a prefilled
 * message, a group invite, a link the host pasted) shows as it is.
 */
export function contactAsTyped(kind: ContactKind, link: string): string {
  for (const [pattern, typed] of TYPED_FORMS[kind]) {
    const match = pattern.exec(link);
    if (!match) continue;
    const candidate = typed(match);
    const back = contactLink(kind, candidate);
    return back.ok && back.link === link ? candidate : link;
  }
  return link;
}

export function isContactKind(key: string): key is ContactKind {
  return (CONTACT_KINDS as readonly string[]).includes(key);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

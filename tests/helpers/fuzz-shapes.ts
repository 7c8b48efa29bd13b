import fs from 'node:fs';
import fc from 'fast-check';
import { HOUSE_RULE_COUNT } from '../../src/lib/shared/house-rules.ts';
import { MAX_BOXES, MAX_CHECKOUT_STEPS, MAX_RICH, SECRETS_POLICIES, WIFI_SECURITY } from '../../src/lib/shared/schemas/instruction.ts';
import { THEME_VALUES } from '../../src/lib/shared/themes.ts';
import { CONTACT_LINKS } from './contact-fixtures.ts';
import { HOSTILE_URLS } from './hostile-urls.ts';
import { hostileKey, hostileString, hostileValue, numberToken, RawJson } from './fuzz-values.ts';

/**
 * Bodies of the right shape with hostile values, one arbitrary per request schema of
 * src/lib/shared/schemas (written by hand from those schemas): each field a value the schema may
 * well accept (and the server then stores, sanitises, mails or renders), and now and then a
 * field replaced by one of the wrong type, removed, or joined by a prototype key.
 */

const MISSING = Symbol('missing');

/** Plausible values, then at most a few fields spoilt; extra keys (`__proto__`…) now and then. */
export function shape(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  if (names.length === 0) return fc.constant({});
  const spoil = fc.tuple(fc.constantFrom(...names), fc.oneof(hostileString, hostileValue, numberToken, fc.constant(MISSING)));
  return fc
    .tuple(
      fc.record(fields),
      fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, { weight: 3, arbitrary: fc.array(spoil, { minLength: 1, maxLength: 3 }) }),
      fc.oneof({ weight: 6, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, hostileValue), { minLength: 1, maxLength: 2 }) }),
    )
    .map(([plausible, spoilt, extra]) => {
      const entries = new Map<string, unknown>(Object.entries(plausible));
      for (const [name, value] of spoilt) entries.set(name, value);
      return Object.fromEntries([...extra, ...[...entries].filter(([, value]) => value !== MISSING)]);
    });
}

const xssCorpus = (JSON.parse(fs.readFileSync(new URL('../fixtures/xss/dompurify-fixtures.json', import.meta.url), 'utf8')) as Array<{ payload: string }>).map(({ payload }) => payload);

/**
 * Free text that a schema may accept: hostile characters but no NUL (refused for the whole body,
 * src/lib/server/http/json.ts), within `max`; now and then anything, NUL and overlong included.
 */
export const text = (max: number) =>
  fc.oneof({ weight: 5, arbitrary: hostileString.map((value) => value.replaceAll('\u0000', '').slice(0, max)) }, { weight: 1, arbitrary: hostileString });

export const richText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...xssCorpus) },
  { weight: 2, arbitrary: text(MAX_RICH) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('&', '<', '<p>', '<p><b>', '<ul><li>', '<a href="https://x.example/?a=1&b=2">', '<span data-marker="lockbox"></span>', '\u00a0', '"'), fc.constantFrom(10, 1000, MAX_RICH - 1, MAX_RICH))
      .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
  },
);

export const link = fc.oneof(
  fc.constantFrom('', 'https://example.com/', 'example.com/a?b=c#d', 'http://x.example:8080/p', 'mailto:host@example.com', 'tel:+385915550101', 'https://例え.jp/パス', 'https://xn--r8jz45g.jp/', `https://example.com/${'a'.repeat(2030)}`),
  fc.constantFrom(...HOSTILE_URLS),
  hostileString.map((value) => `https://example.com/${value}`),
);

export const contact = fc.oneof(fc.constantFrom('', '+385 91 555 0101', '385915550101', '@ana_host', 'ana.host', ...Object.values(CONTACT_LINKS)), text(100));

/** '' or a /media path, ours (`own`, an upload of the host) or someone else's or made up. */
export const mediaPath = (own: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('', own) },
    { weight: 1, arbitrary: fc.constantFrom('/media/u/someone-else/AAAAAAAAAAAAAAAAAAAAA.webp', '/media/x.webp', '/media/../x', '/media/./u/x/y.webp', '/media/a/.b', '/media/%2e%2e/x', `/media/${'a'.repeat(600)}`) },
    { weight: 1, arbitrary: text(40).map((value) => `/media/${value}`) },
  );

export const email = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/), fc.constantFrom('example.com', 'example.org', 'xn--mnchen-3ya.example', 'mail.example.co.uk')).map(([local, domain]) => `${local.replace(/\.+$/, '')}@${domain}`) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.constantFrom('', 'A@EXAMPLE.COM', ' a@b.co ', 'a@b', 'a@@b.co', '"a b"@example.com', 'ü@exämple.com', 'a@[127.0.0.1]', `${'x'.repeat(243)}@example.com`, `${'x'.repeat(250)}@example.com`, 'a@b.co\r\nBcc: x@y.z', 'a@b.co,c@d.ef') },
  { weight: 1, arbitrary: text(254) },
);

const pad = (n: number) => String(n).padStart(2, '0');
/** "YYYY-MM-DDTHH:mm" near now, or edges of the format (days that do not exist, DST gaps, year 0). */
export const localDateTime = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -30, max: 400 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16)) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 })).map(([y, mo, d, h, mi]) => `${String(y).padStart(4, '0')}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}`) },
  { weight: 1, arbitrary: fc.constantFrom('2026-03-29T02:30', '2026-10-25T02:30', '2026-02-29T10:00', '2028-02-29T10:00', '2026-01-01T00:00:00', '2026-01-01T00:00Z', '2026-01-01 00:00', '') },
);

export const timeZone = fc.constantFrom('', 'UTC', 'Europe/Zagreb', 'America/St_Johns', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'Pacific/Chatham', 'Etc/GMT+12', 'utc', 'EST5EDT', 'Europe/Nowhere', 'Africa/Casablanca', 'America/Argentina/ComodRivadavia');

const boxId = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }) }, { weight: 1, arbitrary: numberToken });

function boxes(own: string, withTitle: boolean) {
  const box = fc.record({ id: boxId, ...(withTitle ? { title: text(200) } : {}), paragraph: richText, imageUrl: mediaPath(own) }, { requiredKeys: ['id'] });
  return fc.oneof({ weight: 4, arbitrary: fc.array(box, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.array(box.map((b) => ({ ...b, paragraph: '<p>x</p>' })), { minLength: MAX_BOXES - 1, maxLength: MAX_BOXES + 1 }) });
}

/** A time of day as the editor sends it, or one it never would. */
const clockTime = fc.constantFrom('', '15:00', '09:30', '23:59', '00:00', '24:00', '7:00', '15:00:00', '3 pm', ' 10:00 ');

const houseRules = fc.array(fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: HOUSE_RULE_COUNT }) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom(0, -1, HOUSE_RULE_COUNT + 1, 1.5), numberToken) }), { maxLength: HOUSE_RULE_COUNT + 2 });

/** Every editable field of a guidebook (schemas/instruction.ts `instructionFields`, `extraFields`). */
export function instructionFields(own: string): Record<string, fc.Arbitrary<unknown>> {
  return {
    nameInstruction: text(200), address: text(400), addressUrl: link, code: text(200), boxes: boxes(own, true), manualBoxes: boxes(own, false),
    phone: text(50), whatsapp: contact, viber: contact, telegram: contact, facebook: contact, instagram: contact,
    wifiName: text(200), wifiPassword: text(200), wifiSecurity: fc.constantFrom(...WIFI_SECURITY), selectedHouseRules: houseRules,
    textGreating: richText, photoGreating: mediaPath(own), hostName: text(200), selectedTheme: fc.constantFrom(...THEME_VALUES),
    taxiLink: link, rentCarLink: link, foodLink: link, parkingLink: link, brandingTitle: text(200), coverImage: mediaPath(own),
    secretsPolicy: fc.constantFrom(...SECRETS_POLICIES), secretsPin: fc.oneof(fc.stringMatching(/^\d{4,8}$/), fc.constantFrom('', '١٢٣٤', '12 34', '123')),
    revealHoursBefore: fc.oneof(fc.integer({ min: 0, max: 168 }), numberToken), timeZone,
    checkInTime: clockTime, checkOutTime: clockTime, checkoutSteps: fc.array(text(200), { maxLength: MAX_CHECKOUT_STEPS + 2 }),
    extrasOnPublicLink: fc.boolean(),
    firstColor: fc.constantFrom('#4a90e2', '#fff', '#12345678', 'red', '#ggg'), secondColor: fc.constantFrom('#000', '#abcdef'), isRounded: fc.boolean(), isSinglePage: fc.boolean(),
  };
}

/** Some fields only (POST /api/instruction's partial body). */
export function partial(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  return fc.subarray(names, { maxLength: Math.min(8, names.length) }).chain((names) => shape(Object.fromEntries(names.map((name) => [name, fields[name]!]))));
}

/** The auto-fill settings (schemas/settings.ts). */
export function settingsFields(own: string): Record<string, fc.Arbitrary<unknown>> {
  const all = instructionFields(own);
  const names = ['textGreating', 'phone', 'whatsapp', 'viber', 'telegram', 'facebook', 'instagram', 'taxiLink', 'rentCarLink', 'foodLink', 'parkingLink', 'selectedHouseRules', 'checkInTime', 'checkOutTime', 'checkoutSteps'];
  return Object.fromEntries(names.map((name) => [name, all[name]!]));
}

export const applyFlags = shape({ greeting: fc.boolean(), houseRules: fc.boolean(), contact: fc.boolean(), socials: fc.boolean(), redirection: fc.boolean() });

export const stayFields = {
  guestName: text(100),
  guestEmail: fc.oneof(fc.constant(''), email),
  language: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('', 'en', 'pt-BR', 'hr', 'zzz-ABCDEFGH') }, { weight: 1, arbitrary: fc.constantFrom('EN', 'en_US', 'x', 'de-', 'en-\u00e9') }),
  checkIn: localDateTime,
  checkOut: localDateTime,
};

/** A whole stay: mostly a check-out after the check-in (up to a year and a bit), else any two times. */
export const newStay = fc
  .tuple(shape(stayFields), fc.integer({ min: -3, max: 400 }), fc.integer({ min: 1, max: 24 * 370 }), fc.boolean())
  .map(([stay, startDays, hours, ordered]) => {
    if (!ordered || !('checkIn' in stay) || !('checkOut' in stay)) return stay;
    const start = Date.now() + startDays * 86_400_000;
    return { ...stay, checkIn: new Date(start).toISOString().slice(0, 16), checkOut: new Date(start + hours * 3_600_000).toISOString().slice(0, 16) };
  });

/**
 * Calendar feeds that are refused or fail at once without leaving this machine: loopback, private
 * and link-local addresses, reserved names, malformed links. No generated link names a real host.
 */
export const calendarUrl = fc.oneof(
  fc.constantFrom('', 'https://127.0.0.1/cal.ics', 'https://[::1]/cal.ics', 'https://10.0.0.1/x.ics', 'https://169.254.169.254/latest', 'https://0.0.0.0/', 'webcal://127.0.0.1/c.ics', 'https://user:pw@127.0.0.1/', 'https://localhost/x.ics', 'https://calendar.invalid/x.ics', 'http://calendar.invalid/x.ics', 'https://calendar.invalid:0/'),
  fc.constantFrom(...HOSTILE_URLS),
  hostileString.map((value) => `https://calendar.invalid/${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`),
  text(50),
);

export { RawJson };

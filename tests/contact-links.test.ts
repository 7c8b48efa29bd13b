// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { CONTACT_KINDS, contactAsTyped, contactLink, type ContactKind } from '../src/lib/shared/contact-links.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { instructionFields, isAllowedUrl, VIBER_SCHEMES } from '../src/lib/shared/schemas/instruction.ts';
import { REFUSED_CONTACTS } from './helpers/contact-fixtures.ts';
import { HOSTILE_URLS } from './helpers/hostile-urls.ts';

/** Contact fields as hosts type them, stored as the link guests open. */
const WA = 'https://wa.me/385915550101';
const VIBER = 'viber://chat?number=%2B385915550101';

const ACCEPTED: Array<[ContactKind, string, string]> = [
  // WhatsApp: a number however it is spaced, or a WhatsApp link.
  ['whatsapp', '+385 91 555 0101', WA],
  ['whatsapp', '+385-91-555-0101', WA],
  ['whatsapp', '+385.91.555.0101', WA],
  ['whatsapp', '(+385) 91 555 0101', WA],
  ['whatsapp', '+385 (91) 555/0101', WA],
  ['whatsapp', '00385 91 555 0101', WA],
  ['whatsapp', '385915550101', WA],
  ['whatsapp', '  +385\u00a091 555 0101  ', WA],
  ['whatsapp', '+44 (0)20 7946 0958', 'https://wa.me/442079460958'],
  ['whatsapp', 'tel:+385915550101', WA],
  ['whatsapp', WA, WA],
  ['whatsapp', 'http://wa.me/385915550101', WA],
  ['whatsapp', 'wa.me/385915550101', WA],
  ['whatsapp', 'https://wa.me/+385915550101', WA],
  ['whatsapp', 'https://wa.me/385915550101?text=Hi%20there', `${WA}?text=Hi%20there`],
  ['whatsapp', 'https://api.whatsapp.com/send?phone=385915550101', WA],
  ['whatsapp', 'https://api.whatsapp.com/send?phone=+385915550101&text=Hello', `${WA}?text=Hello`],
  ['whatsapp', 'https://chat.whatsapp.com/AbCdEf123', 'https://chat.whatsapp.com/AbCdEf123'],
  // Viber: a number, or Viber's own links.
  ['viber', '+385 91 555 0101', VIBER],
  ['viber', '00385915550101', VIBER],
  ['viber', VIBER, VIBER],
  ['viber', 'viber://chat?number=+385915550101', VIBER],
  ['viber', 'viber://pa?chatURI=seaside', 'viber://pa?chatURI=seaside'],
  ['viber', 'https://invite.viber.com/?g2=AbC', 'https://invite.viber.com/?g2=AbC'],
  // Telegram: a username in any of its spellings, a t.me link, or a number.
  ['telegram', '@ana_host', 'https://t.me/ana_host'],
  ['telegram', 'ana_host', 'https://t.me/ana_host'],
  ['telegram', 't.me/ana_host', 'https://t.me/ana_host'],
  ['telegram', 'https://t.me/ana_host', 'https://t.me/ana_host'],
  ['telegram', 'telegram.me/ana_host', 'https://t.me/ana_host'],
  ['telegram', 'http://www.telegram.me/ana_host', 'https://t.me/ana_host'],
  ['telegram', 'https://t.me/ana', 'https://t.me/ana'],
  ['telegram', 'https://t.me/+AbCdEfGh', 'https://t.me/+AbCdEfGh'],
  ['telegram', '+385 91 555 0101', 'https://t.me/+385915550101'],
  // Facebook and Instagram: a handle, or a link to the site (made https).
  ['facebook', '@seaside.cottage', 'https://www.facebook.com/seaside.cottage'],
  ['facebook', 'seaside', 'https://www.facebook.com/seaside'],
  ['facebook', 'facebook.com/seaside', 'https://facebook.com/seaside'],
  ['facebook', 'www.facebook.com/seaside', 'https://www.facebook.com/seaside'],
  ['facebook', 'http://m.facebook.com/seaside', 'https://m.facebook.com/seaside'],
  ['facebook', 'https://www.facebook.com/profile.php?id=100012345', 'https://www.facebook.com/profile.php?id=100012345'],
  ['instagram', '@harbour.loft', 'https://www.instagram.com/harbour.loft'],
  ['instagram', 'harbour_loft', 'https://www.instagram.com/harbour_loft'],
  ['instagram', 'instagram.com/harbour_loft', 'https://instagram.com/harbour_loft'],
  ['instagram', 'http://www.instagram.com/harbour_loft/', 'https://www.instagram.com/harbour_loft/'],
  ['instagram', 'https://m.instagram.com/harbour_loft', 'https://m.instagram.com/harbour_loft'],
];

/** What no contact field may ever store, whatever its kind (docs/security.md 16). */
const HOSTILE = [
  ...HOSTILE_URLS,
  'ftp://wa.me/385915550101',
  'blob:https://wa.me/uuid',
  'https://wa.me/"><script>alert(1)</script>',
  'https://t.me/`onmouseover=alert(1)',
];

describe('contactLink (pure)', () => {
  it.each(ACCEPTED)('%s: %j → %s', (kind, typed, link) => {
    expect(contactLink(kind, typed)).toEqual({ ok: true, link });
  });

  it.each(ACCEPTED)('%s: the link of %j reads as itself again', (kind, typed) => {
    const first = contactLink(kind, typed);
    if (!first.ok) throw new Error(first.message);
    expect(contactLink(kind, first.link)).toEqual(first);
  });

  it.each(REFUSED_CONTACTS)('%s: %j is refused with what to type', (kind, typed, message) => {
    expect(contactLink(kind, typed)).toEqual({ ok: false, message });
  });

  it.each(CONTACT_KINDS)('%s: empty stays empty', (kind) => {
    expect(contactLink(kind, '')).toEqual({ ok: true, link: '' });
    expect(contactLink(kind, '   ')).toEqual({ ok: true, link: '' });
  });

  it.each(CONTACT_KINDS)('%s: refuses every hostile value', (kind) => {
    for (const typed of HOSTILE) {
      expect(contactLink(kind, typed), JSON.stringify(typed)).toEqual({ ok: false, message: messages.contactLinks[kind] });
    }
  });

  it('every accepted link is one the guest page may use', () => {
    for (const [kind, typed] of ACCEPTED) {
      const result = contactLink(kind, typed);
      expect(result.ok && isAllowedUrl(result.link, kind === 'viber' ? VIBER_SCHEMES : ['https:']), typed).toBe(true);
    }
  });
});

describe('contactAsTyped: a stored link shown as the host types it', () => {
  it.each([
    ['whatsapp', WA, '+385915550101'],
    ['viber', VIBER, '+385915550101'],
    ['telegram', 'https://t.me/ana_host', '@ana_host'],
    ['telegram', 'https://t.me/+385915550101', '+385915550101'],
    ['facebook', 'https://www.facebook.com/seaside.cottage', 'seaside.cottage'],
    ['instagram', 'https://www.instagram.com/harbour.loft', '@harbour.loft'],
    ['whatsapp', '', ''],
  ] as Array<[ContactKind, string, string]>)('%s: %s → %j', (kind, link, typed) => {
    expect(contactAsTyped(kind, link)).toBe(typed);
  });

  it.each([
    // Links the typed form would not give back: shown as they are.
    ['whatsapp', `${WA}?text=Hi%20there`],
    ['whatsapp', 'https://chat.whatsapp.com/AbCdEf123'],
    ['viber', 'viber://pa?chatURI=seaside'],
    ['telegram', 'https://t.me/+AbCdEfGh'],
    ['telegram', 'https://t.me/ana'],
    ['facebook', 'https://facebook.com/seaside'],
    ['facebook', 'https://www.facebook.com/profile.php?id=100012345'],
    ['instagram', 'https://www.instagram.com/harbour_loft/'],
    // Not a link at all (what a host is typing): left alone.
    ['whatsapp', '+385 91 555 0101'],
  ] as Array<[ContactKind, string]>)('%s: %s stays as it is', (kind, link) => {
    expect(contactAsTyped(kind, link)).toBe(link);
  });

  it.each(ACCEPTED)('%s: whatever %j stored, what the field shows stores the same link again', (kind, typed) => {
    const stored = contactLink(kind, typed);
    if (!stored.ok) throw new Error(stored.message);
    expect(contactLink(kind, contactAsTyped(kind, stored.link))).toEqual(stored);
  });
});

describe('the shared schema stores the link', () => {
  it('parses a typed value into its link and refuses with the field’s message', () => {
    expect(instructionFields.whatsapp.parse(' +385 91 555 0101 ')).toBe(WA);
    expect(instructionFields.instagram.parse('@harbour.loft')).toBe('https://www.instagram.com/harbour.loft');
    const refused = instructionFields.whatsapp.safeParse('call me');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([messages.contactLinks.whatsapp]);
    expect(instructionFields.telegram.safeParse(5).error?.issues[0]?.message).toBe('The Telegram username must be text.');
    expect(instructionFields.facebook.safeParse(`https://facebook.com/${'a'.repeat(2100)}`).success).toBe(false);
  });
});

import { CONTACT_KINDS, type ContactKind } from '../../src/lib/shared/contact-links.ts';
import { messages } from '../../src/lib/shared/messages.ts';

/** One host's contacts, as typed, as the links stored and served for them. */
export const CONTACT_LINKS = {
  whatsapp: 'https://wa.me/385915550101',
  viber: 'viber://chat?number=%2B385915550101',
  telegram: 'https://t.me/ana_host',
  facebook: 'https://www.facebook.com/seaside.cottage',
  instagram: 'https://www.instagram.com/seaside_loft',
};

/**
 * Typed values each contact kind refuses: numbers without a country code (the message asks for
 * one), and what is no number, handle or link of that service (the message says what to type).
 */
const REFUSALS: Record<ContactKind, { noCountryCode?: string[]; wrong: string[] }> = {
  whatsapp: {
    noCountryCode: ['091 555 0101', 'https://wa.me/0915550101'],
    wrong: [
      '+385 91',
      '+385 91 555 0101 0101 0101',
      '+0385915550101',
      '385+915550101',
      'call me',
      'https://evil.example/385915550101',
      'https://wa.me.evil.example/385915550101',
      'https://user@wa.me/385915550101',
      'https://wa.me:8443/385915550101',
      'mailto:host@example.com',
    ],
  },
  viber: {
    noCountryCode: ['091 555 0101'],
    wrong: [
      'https://evil.example/viber',
      'viber://chat?number="><script>',
    ],
  },
  telegram: {
    noCountryCode: ['0915550101'],
    wrong: [
      '@abc',
      '@1abcdef',
      '@ana-host',
      `@${'a'.repeat(33)}`,
      'viber://chat?number=1',
      'https://telegram.evil.example/ana_host',
    ],
  },
  facebook: {
    wrong: [
      'https://facebook.com.evil.example/x',
      'https://evilfacebook.com/x',
      'evil.example/seaside',
      'my page',
      'tel:+385915550101',
    ],
  },
  instagram: {
    wrong: [
      'https://instagram.com.evil.example/x',
      '@harbour-loft',
      `@${'a'.repeat(31)}`,
      'https://x.example/"><script>alert(1)</script>',
    ],
  },
};

const SERVICE: Partial<Record<ContactKind, string>> = { whatsapp: 'WhatsApp', viber: 'Viber', telegram: 'Telegram' };

/** Each refusal with the message that answers it. */
export const REFUSED_CONTACTS: Array<[ContactKind, string, string]> = CONTACT_KINDS.flatMap((kind) => [
  ...(REFUSALS[kind].noCountryCode ?? []).map((value): [ContactKind, string, string] => [kind, value, messages.contactLinks.countryCode(SERVICE[kind]!)]),
  ...REFUSALS[kind].wrong.map((value): [ContactKind, string, string] => [kind, value, messages.contactLinks[kind]]),
]);

/** What the API tests send: the first two refusals of each kind, and a script link. */
export const REFUSAL_SAMPLES: Array<[ContactKind, string, string]> = [
  ...CONTACT_KINDS.flatMap((kind) => REFUSED_CONTACTS.filter(([refused]) => refused === kind).slice(0, 2)),
  ['whatsapp', 'javascript:alert(1)', messages.contactLinks.whatsapp],
  ['viber', 'javascript:alert(1)', messages.contactLinks.viber],
];

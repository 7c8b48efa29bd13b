// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import fs from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cs } from '../src/lib/shared/guest-words/cs.ts';
import { de } from '../src/lib/shared/guest-words/de.ts';
import { en } from '../src/lib/shared/guest-words/en.ts';
import { es } from '../src/lib/shared/guest-words/es.ts';
import { fr } from '../src/lib/shared/guest-words/fr.ts';
import { hr } from '../src/lib/shared/guest-words/hr.ts';
import { it as italian } from '../src/lib/shared/guest-words/it.ts';
import { nl } from '../src/lib/shared/guest-words/nl.ts';
import { pl } from '../src/lib/shared/guest-words/pl.ts';
import { pt } from '../src/lib/shared/guest-words/pt.ts';
import { formatDate, formatDateTime, formatDistance, GUEST_LANGUAGES, guestWords, pickWords, plural, pluralForms, t, waitWords, withEnglish, wordParts, type CountKey } from '../src/lib/shared/guest-words/index.ts';
import { guestWordsSchema, type GuestWordKey, type GuestWords } from '../src/lib/shared/guest-words/schema.ts';
import { findHouseRule, HOUSE_RULES, houseRuleText } from '../src/lib/shared/house-rules.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { formatStayDate, formatStayTime } from '../src/lib/shared/time-zone.ts';
import { sourceFiles } from './helpers/source-files.ts';

/**
 * The guest page's words come from one dictionary a language (src/lib/shared/guest-words,
 * docs/style.md 17), parsed by one schema. The second half reads the guest page's components,
 * the poster's and the guest islands, and finds English written into them instead: text between
 * tags, the text attributes (aria-label, title, alt, placeholder), and strings in their code
 * that read as words.
 */
const ROOTS = ['src/components/guest', 'src/components/poster', 'src/islands/guest', 'src/pages/stay', 'src/pages/instruction'];
const FILES = ['src/layouts/GuestLayout.astro'];
const EXTENSIONS = new Set(['.astro', '.ts', '.tsx']);

/** Attributes whose value people read or hear. */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'alt', 'placeholder']);
/** Attributes that hold names, paths and settings, never words. */
const CODE_ATTRIBUTES = /^(class|className|class:list|id|href|src|type|name|rel|target|role|for|htmlFor|value|inputMode|autoComplete|pattern|loading|decoding|fetchpriority|lang|charset|content|property|slot|style|xmlns|viewBox|fill|stroke.*|aria-(hidden|live|labelledby|describedby|expanded)|data-.*)$/;

/** A string in code that reads as words: a capitalised word ("Wi-Fi", "Door code") or three words in a row. */
function readsAsWords(text: string): boolean {
  const trimmed = text.trim();
  return /^[A-Z][a-z]/.test(trimmed) || /[A-Za-z]+ [A-Za-z]+ [A-Za-z]+/.test(trimmed);
}

/**
 * An .astro file as TSX with the same line numbers: the frontmatter as code, the template as one
 * fragment; <style>, <script> and HTML comments blanked, as is <!doctype> (not JSX).
 */
function astroAsTsx(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  const fence = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  const frontmatter = fence ? `\n${fence[1]}\n\n` : '';
  const template = (fence ? source.slice(fence[0].length) : source)
    .replace(/<style[\s\S]*?<\/style>/g, blank)
    .replace(/<script[\s\S]*?<\/script>/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/<!doctype[^>]*>/gi, blank);
  return `${frontmatter}const __template = <>${template}</>;`;
}

/** The English written into one file: `file:line: text`. */
function literalsIn(file: string, source: string): string[] {
  const code = file.endsWith('.astro') ? astroAsTsx(source) : source;
  const kind = file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.TSX;
  const tree = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => found.push(`${file}:${tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1}: ${text.trim().replace(/\s+/g, ' ')}`);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxText(node)) {
      if (/\p{L}/u.test(node.text)) report(node, node.text);
      return;
    }
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(tree);
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) {
        if (TEXT_ATTRIBUTES.has(name) ? /\p{L}/u.test(value.text) : !CODE_ATTRIBUTES.test(name) && readsAsWords(value.text)) report(value, `${name}="${value.text}"`);
        return;
      }
      // An expression (`title={…}`) is read like any other code below.
      if (CODE_ATTRIBUTES.test(name)) return;
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && readsAsWords(node.text)) {
      report(node, node.text);
      return;
    }
    if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
      if (readsAsWords(text)) report(node, node.getText(tree));
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe('the English dictionary', () => {
  it('parses under its schema: every key, each a text', () => {
    expect(guestWordsSchema.parse(en)).toEqual(en);
    expect(guestWords()).toEqual(en);
    expect(guestWords('en-GB')).toBe(guestWords('en'));
  });

  it('the schema refuses a missing key, an unknown one and an empty text', () => {
    const { 'checkIn.title': _missing, ...withoutOne } = en;
    expect(guestWordsSchema.safeParse(withoutOne).success).toBe(false);
    expect(guestWordsSchema.safeParse({ ...en, 'checkin.title': 'Check-in' }).success).toBe(false);
    expect(guestWordsSchema.safeParse({ ...en, 'secret.reveal': '' }).success).toBe(false);
    expect(guestWordsSchema.safeParse({ ...en, 'locale.format': 'not a locale!' }).success).toBe(false);
  });

  it('a translation may leave keys out: those are English; it may not invent keys', () => {
    const partial = withEnglish({ 'checkIn.title': 'Prijava' });
    expect(partial['checkIn.title']).toBe('Prijava');
    expect(partial['checkOut.title']).toBe(en['checkOut.title']);
    expect(() => withEnglish({ 'checkin.title': 'Prijava' })).toThrow();
  });

  it('t() fills in the placeholders; wordParts() keeps markup in its place', () => {
    expect(t(en, 'address.mapTitle', { place: 'Obala 12, Split' })).toBe('Map of Obala 12, Split');
    expect(t(en, 'checkIn.stepImageTitled', { number: 2, title: 'Open the lock box' })).toBe('Step 2: Open the lock box');
    expect(t(en, 'secret.reveal')).toBe('Show');
    // The types know each key's placeholders (astro check reads this file).
    // @ts-expect-error: 'address.mapTitle' takes {place}
    expect(t(en, 'address.mapTitle')).toBe('Map of {place}');
    // @ts-expect-error: and no other
    expect(t(en, 'address.mapTitle', { where: 'Split' })).toBe('Map of {place}');
    expect(t({ 'address.mapTitle': '{place} na karti {unknown}' }, 'address.mapTitle', { place: 'Split' })).toBe('Split na karti {unknown}');
    expect(wordParts(en['page.madeWith'], { product: 42 })).toEqual(['Made with ', 42]);
    expect(wordParts(en['poster.lead'], { wifi: 0 })).toEqual(['Your guidebook for this stay: check-in steps, ', 0, ', house rules and local tips.']);
    expect(pickWords(en, ['map.show', 'map.note'])).toEqual({ 'map.show': 'Show map', 'map.note': en['map.note'] });
  });

  it('each placeholder the English text takes is documented in the schema', () => {
    for (const [key, text] of Object.entries(en)) {
      const description = guestWordsSchema.shape[key as keyof typeof en].description ?? '';
      for (const [, name] of text.matchAll(/\{(\w+)\}/g)) expect(description, key).toContain(`{${name}}`);
    }
  });

  it('the house rules take their names and texts from it (the editor too)', () => {
    expect(HOUSE_RULES).toHaveLength(16);
    expect(new Set(HOUSE_RULES.map((rule) => rule.name)).size).toBe(16);
    expect(findHouseRule(1)).toMatchObject({ name: en['houseRule.noEvents.name'], text: en['houseRule.noEvents.text'] });
    const times = findHouseRule(3)!;
    expect(houseRuleText(times, { checkInTime: '', checkOutTime: '' })).toBe('Please respect the check-in and check-out times.');
    expect(houseRuleText(times, { checkInTime: '15:00', checkOutTime: '10:00' })).toBe('Please respect the check-in and check-out times: check-in is from 15:00 and check-out is by 10:00.');
    expect(houseRuleText(times, { checkInTime: '', checkOutTime: '10:00' })).toBe('Please respect the check-in and check-out times: check-out is by 10:00.');
    expect(houseRuleText(times, { checkInTime: '15:00', checkOutTime: '' }, withEnglish({ 'houseRule.checkTimes.withCheckIn': 'Prijava od {checkIn}.' }))).toBe('Prijava od 15:00.');
  });

  it('says what the API says for the same moments (messages.ts answers the secrets API)', () => {
    expect(en['stayEnded.title']).toBe(messages.stays.ended);
    expect(en['stayEnded.text']).toBe(messages.stays.endedText);
    expect(en['access.bookingOnly']).toBe(messages.stays.sharedWithBooking);
    expect(en['access.bookingOnlyText']).toBe(messages.stays.sharedWithBookingText);
    expect(en['secret.over']).toBe(messages.stays.stayOver);
    expect(en['poster.notFoundTitle']).toBe(messages.app.notFound);
  });

  it('its API answers say in English what messages.ts says (the guest APIs answer English from it)', () => {
    const wait = (minutes: number) => ({ wait: waitWords(en, minutes) });
    const characters = (max: number) => ({ characters: plural(en, 'count.characters', max) });
    expect(en['api.notFound']).toBe(messages.instruction.notFound);
    expect(en['api.pinRequired']).toBe(messages.stays.pinRequired);
    expect(en['api.pinWrong']).toBe(messages.stays.pinWrong);
    expect(t(en, 'api.tooEarly', { when: 'Fri 4 Dec, 15:00' })).toBe(messages.stays.tooEarly('Fri 4 Dec, 15:00'));
    for (const minutes of [1, 5, 59, 60, 61, 1440]) {
      expect(t(en, 'api.tooManyPins', wait(minutes))).toBe(messages.stays.tooManyPins(minutes));
      expect(t(en, 'api.pinGuessingStopped', wait(minutes))).toBe(messages.stays.pinGuessingStopped(minutes));
      expect(t(en, 'api.tooManyMessages', wait(minutes))).toBe(messages.stays.tooManyMessages(minutes));
      expect(t(en, 'api.tooManyRequests', wait(minutes))).toBe(messages.orders.tooMany(minutes));
    }
    expect(en['api.messageSent']).toBe(messages.stays.messageSent);
    expect(en['contact.nameRequired']).toBe(messages.contact.nameRequired);
    expect(en['contact.messageRequired']).toBe(messages.contact.messageRequired);
    expect(en['contact.captchaRequired']).toBe(messages.auth.humanCheck);
    expect(en['api.emailRequired']).toBe(messages.contact.emailRequired);
    expect(en['api.emailInvalid']).toBe(messages.contact.emailInvalid);
    expect(t(en, 'api.nameTooLong', characters(100))).toBe(messages.contact.nameTooLong(100));
    expect(t(en, 'api.emailTooLong', characters(254))).toBe(messages.contact.emailTooLong(254));
    expect(t(en, 'api.messageTooLong', characters(2000))).toBe(messages.contact.messageTooLong(2000));
    expect(en['api.extrasStayLinkOnly']).toBe(messages.orders.stayLinkOnly);
    expect(en['api.needsStay']).toBe(messages.orders.needsStay);
    expect(en['api.extraNotFound']).toBe(messages.orders.extraNotFound);
    expect(en['api.extraRequested']).toBe(messages.orders.requested);
    expect(en['api.toPayment']).toBe(messages.orders.toPayment);
    expect(en['api.paymentUnavailable']).toBe(messages.orders.paymentUnavailable);
    expect(en['api.feedbackSent']).toBe(messages.guestFeedback.sent);
    expect(en['api.feedbackNotAsked']).toBe(messages.guestFeedback.notAsked);
    expect(en['feedback.helpfulRequired']).toBe(messages.guestFeedback.helpfulRequired);
    expect(t(en, 'api.commentTooLong', characters(1000))).toBe(messages.guestFeedback.commentTooLong(1000));
    for (const minutes of [5, 60, 90]) expect(t(en, 'api.tooManyFeedback', wait(minutes))).toBe(messages.guestFeedback.tooMany(minutes));
  });

  it('formats dates, times and distances in its locale, or in the one given', () => {
    const instant = Date.UTC(2026, 11, 4, 14, 0);
    expect(formatDateTime(instant, 'Europe/Zagreb')).toBe('Fri 4 Dec, 15:00');
    expect(formatDate(instant, 'Europe/Zagreb')).toBe('Fri 4 Dec');
    expect(formatStayTime(instant, '')).toBe('Fri 4 Dec, 14:00');
    expect(formatStayDate(instant, 'Europe/Zagreb')).toBe('Fri 4 Dec');
    expect(formatDateTime(instant, 'Europe/Zagreb', 'de')).toBe('Fr., 4. Dez., 15:00');
    expect(formatDistance(350)).toBe('350 m');
    expect(formatDistance(999.6)).toBe('1 km');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(12_345)).toBe('12 km');
    expect(formatDistance(1234, 'de')).toBe('1,2 km');
  });
});

/** Each translation by the tag of its file, with the locale it formats dates in. */
const TRANSLATIONS: readonly (readonly [tag: string, words: GuestWords, format: string])[] = [
  ['de', de, 'de-DE'],
  ['fr', fr, 'fr-FR'],
  ['es', es, 'es-ES'],
  ['it', italian, 'it-IT'],
  ['pt', pt, 'pt-PT'],
  ['nl', nl, 'nl-NL'],
  ['hr', hr, 'hr-HR'],
  ['pl', pl, 'pl-PL'],
  ['cs', cs, 'cs-CZ'],
];

/**
 * The texts a translation keeps as in English. Everywhere: the product's name, the messengers'
 * names (brands) and the A4 paper size. Then, per language, the words that language has borrowed
 * and writes as English does (a hospitality site in it says "Taxi" or "Check-in" too).
 */
const SAME_EVERYWHERE: readonly GuestWordKey[] = ['page.product', 'contact.whatsapp', 'contact.viber', 'contact.telegram', 'contact.facebook', 'contact.instagram', 'poster.a4', 'order.quantity'];
const SAME_AS_ENGLISH: Record<string, readonly GuestWordKey[]> = {
  de: ['tiles.taxi', 'tiles.extras', 'extras.title', 'places.website'], // German says Taxi, Website, and Extras for the extras
  fr: ['tiles.taxi', 'tiles.parking', 'wifi.title', 'tiles.wifi', 'count.minutes'], // French says taxi, parking, Wi-Fi, and minute(s) as English does
  es: ['tiles.taxi', 'tiles.extras', 'feedback.no'], // Spanish says Taxi, Extras for the tile, and No
  it: ['tiles.taxi', 'tiles.wifi', 'wifi.title', 'wifi.password', 'feedback.no', 'order.lateCheckout', 'order.earlyCheckin'], // Italian says Taxi, Wi-Fi, password, No, check-in and check-out
  pt: ['tiles.wifi', 'wifi.title', 'tiles.extras', 'order.lateCheckout', 'order.earlyCheckin'], // European Portuguese says Wi-Fi, Extras for the tile, check-in and check-out
  nl: ['tiles.taxi', 'places.website'], // Dutch says Taxi and Website
  hr: ['tiles.wifi', 'wifi.title'], // Croatian says Wi-Fi
  pl: ['tiles.wifi', 'wifi.title', 'tiles.parking'], // Polish says Wi-Fi and parking
  cs: ['tiles.taxi', 'tiles.wifi', 'wifi.title'], // Czech says Taxi and Wi-Fi
};

/** The `{placeholders}` of a text, sorted, each as often as it occurs. */
function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
}

describe.each(TRANSLATIONS)('the %s dictionary', (tag, words, format) => {
  it('parses whole under the strict schema, and guestWords() answers it', () => {
    expect(guestWordsSchema.parse(words)).toEqual(words);
    expect(guestWords(tag)).toEqual(words);
    expect(guestWords(tag.toUpperCase())).toBe(guestWords(tag));
    expect(GUEST_LANGUAGES).toContain(tag);
  });

  it('is refused without one of its keys, or with one the schema does not know', () => {
    for (const key of Object.keys(en)) {
      const { [key]: _missing, ...withoutOne } = words as Record<string, string>;
      expect(guestWordsSchema.safeParse(withoutOne).success, key).toBe(false);
    }
    expect(guestWordsSchema.safeParse({ ...words, 'tiles.extra': 'x' }).success).toBe(false);
  });

  it('names its own language, and a locale that formats dates, times and distances', () => {
    expect(words['locale.lang']).toBe(tag);
    expect(words['locale.format']).toBe(format);
    const instant = Date.UTC(2026, 11, 4, 14, 0);
    const dateTime = formatDateTime(instant, 'Europe/Zagreb', format);
    expect(dateTime).toContain('15:00');
    expect(dateTime).toContain('4');
    expect(dateTime).not.toBe(formatDateTime(instant, 'Europe/Zagreb'));
    expect(formatDate(instant, 'Europe/Zagreb', format)).not.toContain('15');
    // Every one of these languages writes a decimal comma.
    expect(formatDistance(1234, format)).toMatch(/^1,2\s?km$/u);
    expect(formatDistance(350, format)).toMatch(/^350\s?m$/u);
  });

  it('keeps each text’s placeholders as English has them, and "Porchlight" untranslated', () => {
    for (const key of Object.keys(en) as GuestWordKey[]) expect(placeholdersOf(words[key]), key).toEqual(placeholdersOf(en[key]));
    for (const key of Object.keys(en) as GuestWordKey[]) if (en[key].includes('Porchlight')) expect(words[key], key).toContain('Porchlight');
  });

  it('translates every text but the few it keeps as in English', () => {
    const allowed = [...SAME_EVERYWHERE, ...(SAME_AS_ENGLISH[tag] ?? [])];
    const same = (Object.keys(en) as GuestWordKey[]).filter((key) => key !== 'locale.lang' && key !== 'locale.format' && words[key] === en[key]);
    expect(same.sort()).toEqual([...allowed].sort());
  });

  it('fills in its placeholders with t()', () => {
    expect(t(words, 'address.mapTitle', { place: 'Obala 12' })).toContain('Obala 12');
    expect(t(words, 'houseRule.checkTimes.withBoth', { checkIn: '15:00', checkOut: '10:00' })).toMatch(/15:00.*10:00/);
  });
});

describe('counts in words (Intl.PluralRules)', () => {
  const COUNT_KEYS = (Object.keys(en) as GuestWordKey[]).filter((key): key is CountKey => key.startsWith('count.'));

  it.each([['en', en] as const, ...TRANSLATIONS.map(([tag, words]) => [tag, words] as const)])('%s has a form for every whole number its rules tell apart', (_tag, words) => {
    const rules = new Intl.PluralRules(words['locale.format']);
    const needed = new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)));
    expect(COUNT_KEYS).toEqual(['count.minutes', 'count.hours', 'count.characters']);
    for (const key of COUNT_KEYS) {
      const forms = pluralForms(words[key]);
      for (const category of needed) expect(forms.get(category), `${key} ${category}`).toContain('#');
      for (const category of forms.keys()) expect(rules.resolvedOptions().pluralCategories, `${key} ${category}`).toContain(category);
    }
  });

  it('Polish, Czech and Croatian say 1, 2, 5 and 22 minutes each as they should', () => {
    const say = (words: GuestWords, key: CountKey) => [1, 2, 5, 22, 25].map((n) => plural(words, key, n));
    expect(say(pl, 'count.minutes')).toEqual(['1 minutę', '2 minuty', '5 minut', '22 minuty', '25 minut']);
    expect(say(cs, 'count.minutes')).toEqual(['1 minutu', '2 minuty', '5 minut', '22 minut', '25 minut']);
    expect(say(hr, 'count.minutes')).toEqual(['1 minutu', '2 minute', '5 minuta', '22 minute', '25 minuta']);
    expect(say(pl, 'count.hours')).toEqual(['1 godzinę', '2 godziny', '5 godzin', '22 godziny', '25 godzin']);
    expect(plural(hr, 'count.minutes', 21)).toBe('21 minutu');
    expect(plural(hr, 'count.minutes', 11)).toBe('11 minuta');
    expect(plural(pl, 'count.characters', 254)).toBe('254 znaki');
    expect(plural(pl, 'count.characters', 100)).toBe('100 znaków');
    expect(say(en, 'count.minutes')).toEqual(['1 minute', '2 minutes', '5 minutes', '22 minutes', '25 minutes']);
    expect(say(de, 'count.minutes')).toEqual(['1 Minute', '2 Minuten', '5 Minuten', '22 Minuten', '25 Minuten']);
  });

  it('a wait reads in minutes below an hour, else in whole hours', () => {
    expect(t(pl, 'api.tooManyPins', { wait: waitWords(pl, 2) })).toBe('Zbyt wiele błędnych kodów PIN. Prosimy spróbować ponownie za 2 minuty.');
    expect(t(pl, 'api.tooManyPins', { wait: waitWords(pl, 5) })).toBe('Zbyt wiele błędnych kodów PIN. Prosimy spróbować ponownie za 5 minut.');
    expect(waitWords(cs, 1)).toBe('1 minutu');
    expect(waitWords(cs, 61)).toBe('2 hodiny');
    expect(waitWords(pl, 300)).toBe('5 godzin');
    expect(waitWords(en, 60)).toBe('1 hour');
  });

  it('the schema refuses forms without the number, without `other`, or of no category', () => {
    const shape = guestWordsSchema.shape['count.minutes'];
    expect(shape.safeParse('one:# minute|other:# minutes').success).toBe(true);
    expect(shape.safeParse('one:minute|other:# minutes').success).toBe(false);
    expect(shape.safeParse('one:# minute').success).toBe(false);
    expect(shape.safeParse('single:# minute|other:# minutes').success).toBe(false);
  });
});

describe('the languages together', () => {
  it('every dictionary is one of them, English first', () => {
    expect(GUEST_LANGUAGES).toEqual(['en', ...TRANSLATIONS.map(([tag]) => tag)]);
  });

  it('a regional tag falls back to its language, an unknown language to English', () => {
    expect(guestWords('pt-BR')).toBe(guestWords('pt'));
    expect(guestWords('pt-BR')['locale.lang']).toBe('pt');
    expect(guestWords('de-AT')).toBe(guestWords('de'));
    expect(guestWords('xx')).toBe(guestWords('en'));
    expect(guestWords('xx-YY')).toEqual(en);
  });
});

describe('the guest page’s components take their words from it', () => {
  const files = [...ROOTS.flatMap((root) => sourceFiles(root, EXTENSIONS)), ...FILES];

  it('reads the guest page’s, the poster’s and the islands’ files', () => {
    expect(files).toEqual(expect.arrayContaining(['src/components/guest/GuestHeader.astro', 'src/components/poster/PosterSheet.astro', 'src/islands/guest/SecretReveal.tsx', 'src/pages/stay/[token].astro']));
  });

  it('no English is written into them: text between tags, text attributes, strings that read as words', () => {
    expect(files.flatMap((file) => literalsIn(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('the islands import the small t.ts, never the dictionaries or their schema', () => {
    const islands = sourceFiles('src/islands/guest', EXTENSIONS);
    const imports = islands.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/^import (?!type ).*from '([^']*guest-words[^']*)'/gm)].map((match) => `${file}: ${match[1]}`));
    expect(imports.filter((line) => !line.endsWith('/guest-words/t.ts'))).toEqual([]);
  });

  it('would notice English in a component, with its line', () => {
    const component = [
      '---',
      "const tiles = [{ label: 'Door code' }, { label: 'Wi-Fi' }];",
      "const key = 'door' as const;",
      '---',
      '<nav aria-label="Quick links" class="wrap quick">',
      '  <h2 id="x">{words["tiles.label"]}</h2>',
      '  <p>',
      '    Made with <a href="/">{product}</a>',
      '  </p>',
      '  <img alt={`Step ${index + 1}`} src="/a.png" />',
      '</nav>',
      '<style>.quick { content: "Not words"; }</style>',
    ].join('\n');
    expect(literalsIn('Sample.astro', component)).toEqual([
      'Sample.astro:2: Door code',
      'Sample.astro:2: Wi-Fi',
      'Sample.astro:5: aria-label="Quick links"',
      'Sample.astro:8: Made with',
      'Sample.astro:10: `Step ${index + 1}`',
    ]);
    const island = ["export function A({ done }: { done: string }) {", "  const what = ok ? 'door code and Wi-Fi password' : 'x';", '  return <button className="btn js-only" title="Copy">{done}</button>;', '}'].join('\n');
    expect(literalsIn('A.tsx', island)).toEqual(['A.tsx:2: door code and Wi-Fi password', 'A.tsx:3: title="Copy"']);
  });
});

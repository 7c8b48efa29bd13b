import { describe, expect, it } from 'vitest';
import { cleanInstructionContent, storedRichTexts } from '../src/lib/server/instructions/clean-instruction-content.ts';
import { parseStoredContent } from '../src/lib/server/guidebook/instruction-row.ts';
import { sanitizeRichText } from '../src/lib/server/guidebook/sanitize-rich-text.ts';
import { PAGE_LANGUAGES, parseGuestPageUrl } from '../src/lib/shared/guest-page-key.ts';
import { GUIDEBOOK_LANGUAGES, guidebookLanguageOf, MAX_GUIDEBOOK_LANGUAGES } from '../src/lib/shared/languages.ts';
import { schemaFields } from '../src/lib/shared/schemas/field-kinds.ts';
import { ADDRESS_MARKER, instructionContentSchema, instructionPartialSchema, LOCKBOX_MARKER, patternOfKey, translatableFieldPaths, type InstructionContent } from '../src/lib/shared/schemas/instruction.ts';
import { offeredLanguages, sourceHash, translatableFields, translatedContent, translationStatus } from '../src/lib/shared/translations.ts';

/**
 * A guidebook's translations as data (docs/decisions/021-guidebook-translations.md): the keys the
 * fields are translated under, the status of a language, the content a guest reading it gets, and
 * the checks the editor and the server share.
 */

const HOST = 'hostA';

const base = instructionContentSchema.parse({
  nameInstruction: 'Seaside flat',
  address: 'Obala 1, Split',
  textGreating: '<p>Welcome!</p>',
  hostName: 'Ana',
  brandingTitle: 'Ana’s flats',
  boxes: [
    { id: 101, title: 'Door', paragraph: `<p>Ring at ${ADDRESS_MARKER}</p>` },
    { id: 102, title: 'Box', paragraph: `<p>The code is ${LOCKBOX_MARKER}</p>` },
  ],
  manualBoxes: [{ id: 201, paragraph: '<p>Beach towels in the hall</p>' }, { id: 202 }],
  checkoutSteps: ['Strip the beds', 'Leave the keys'],
  places: [{ id: 301, name: 'Bakery', category: 'eat', note: '<p>Burek</p>', address: 'Put Firula 2, Split' }],
  extras: [{ id: 401, kind: 'item', title: 'Breakfast basket', description: '<p>Bread and jam</p>', price: 1500 }],
  code: '4711',
  wifiPassword: 'sunny-day',
  secretsPin: '123456',
});

/** The main text of `key` now, and a translation of it made from that text. */
const textOf = (content: InstructionContent, key: string) => translatableFields(content).find((field) => field.key === key)!.text;
const made = (content: InstructionContent, key: string, text: string, machine?: boolean) => ({ text, source: sourceHash(textOf(content, key)), ...(machine ? { machine } : {}) });

function withTranslations(translations: InstructionContent['translations'], content: InstructionContent = base): unknown {
  return { ...content, translations };
}

function issues(value: unknown): string[] {
  const parsed = instructionContentSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('the fields there are to translate', () => {
  it('come from the schema’s declarations, each field under a key that names it, with a label a host reads', () => {
    expect(translatableFields(base).map(({ key, label, kind }) => [key, label, kind])).toEqual([
      ['nameInstruction', 'Name', 'plain'],
      ['boxes.101.title', 'Check-in step 1 title', 'plain'],
      ['boxes.101.paragraph', 'Check-in step 1 text', 'richText'],
      ['boxes.102.title', 'Check-in step 2 title', 'plain'],
      ['boxes.102.paragraph', 'Check-in step 2 text', 'richText'],
      ['manualBoxes.201.paragraph', 'Additional info 1', 'richText'],
      ['textGreating', 'Welcome message', 'richText'],
      ['brandingTitle', 'Branding title', 'plain'],
      ['checkoutSteps.0', 'Check-out step 1', 'plain'],
      ['checkoutSteps.1', 'Check-out step 2', 'plain'],
      ['places.301.name', 'Place 1 name', 'plain'],
      ['places.301.note', 'Place 1 note', 'richText'],
      ['extras.401.title', 'Extra 1 title', 'plain'],
      ['extras.401.description', 'Extra 1 description', 'richText'],
    ]);
    // A place's name is translated by hand only: no machine drafts a proper name.
    expect(translatableFields(base).filter((field) => field.byHand).map((field) => field.key)).toEqual(['places.301.name']);
    // Every key is one of the schema's translatable fields; an empty one (manualBoxes 202) has nothing to translate.
    for (const { key } of translatableFields(base)) expect(translatableFieldPaths()).toContain(patternOfKey(key));
  });

  it('keep their keys when a list is reordered; the labels follow the new places', () => {
    const reordered = { ...base, boxes: [...base.boxes].reverse() };
    const keys = (content: InstructionContent) => translatableFields(content).map((field) => field.key);
    expect(new Set(keys(reordered))).toEqual(new Set(keys(base)));
    expect(translatableFields(reordered).find((field) => field.key === 'boxes.102.title')!.label).toBe('Check-in step 1 title');
  });

  it('never include a secret, a link, an image, the host’s name or an address', () => {
    const keys = translatableFields(base).map((field) => field.key);
    for (const never of ['code', 'wifiPassword', 'secretsPin', 'addressUrl', 'coverImage', 'wifiName', 'hostName', 'address', 'places.301.address']) expect(keys).not.toContain(never);
    for (const field of schemaFields(instructionContentSchema)) if (field.declaration?.kind === 'secret') expect(field.declaration.translatable).toBe(false);
  });
});

describe('the source hash', () => {
  it('is FNV-1a over UTF-8, 8 hex digits', () => {
    expect(sourceHash('')).toBe('811c9dc5');
    expect(sourceHash('a')).toBe('e40c292c');
    expect(sourceHash('foobar')).toBe('bf9cf968');
    expect(sourceHash('Dobrodošli')).toMatch(/^[0-9a-f]{8}$/);
    expect(sourceHash('Dobrodošli')).not.toBe(sourceHash('Dobrodosli'));
  });
});

describe('a language’s status', () => {
  it('counts the translated, the out of date, the machine drafts, and lists what is missing', () => {
    const content = instructionContentSchema.parse(
      withTranslations({
        de: {
          nameInstruction: made(base, 'nameInstruction', 'Wohnung am Meer'),
          'boxes.101.title': made(base, 'boxes.101.title', 'Tür', true),
          textGreating: { text: '<p>Willkommen!</p>', source: sourceHash('<p>Hello!</p>') },
        },
      }),
    );
    const status = translationStatus(content, 'de');
    expect(status).toMatchObject({ total: 14, translated: 3, outOfDate: 1, machine: 1 });
    expect(status.missing).toHaveLength(11);
    expect(status.missing[0]).toBe('boxes.101.paragraph');
    expect(translationStatus(content, 'fr')).toMatchObject({ total: 14, translated: 0, missing: translatableFields(content).map((field) => field.key) });
  });

  it('a main text changed makes its translation out of date until it is made again from the new text', () => {
    const content = instructionContentSchema.parse(withTranslations({ de: { brandingTitle: made(base, 'brandingTitle', 'Anna') } }));
    expect(translationStatus(content, 'de').outOfDate).toBe(0);
    const changed = { ...content, brandingTitle: 'Ana Horvat' };
    expect(translationStatus(changed, 'de').outOfDate).toBe(1);
    expect(translationStatus({ ...changed, translations: { de: { brandingTitle: made(changed, 'brandingTitle', 'Anna Horvat') } } }, 'de').outOfDate).toBe(0);
  });
});

describe('the content in a language', () => {
  const content = instructionContentSchema.parse(
    withTranslations({
      de: {
        'boxes.102.title': made(base, 'boxes.102.title', 'Schlüsselbox'),
        'boxes.102.paragraph': made(base, 'boxes.102.paragraph', `<p>Der Code ist ${LOCKBOX_MARKER}</p>`),
        'checkoutSteps.1': made(base, 'checkoutSteps.1', 'Schlüssel dalassen'),
        textGreating: made(base, 'textGreating', '<p>Willkommen!</p>'),
      },
    }),
  );

  it('replaces each translated field and falls back, field by field, to the main text', () => {
    const { content: german, fallbacks } = translatedContent(content, 'de');
    expect(german.boxes.map((box) => box.title)).toEqual(['Door', 'Schlüsselbox']);
    expect(german.boxes[1]!.paragraph).toBe(`<p>Der Code ist ${LOCKBOX_MARKER}</p>`);
    expect(german.checkoutSteps).toEqual(['Strip the beds', 'Schlüssel dalassen']);
    expect(german.textGreating).toBe('<p>Willkommen!</p>');
    expect(german.code).toBe('4711');
    expect(german.translations).toEqual({});
    expect(german.language).toBe('en');
    expect([...fallbacks]).toEqual(translatableFields(content).map((field) => field.key).filter((key) => !['boxes.102.title', 'boxes.102.paragraph', 'checkoutSteps.1', 'textGreating'].includes(key)));
    // The stored content is not changed.
    expect(content.boxes[1]!.title).toBe('Box');
  });

  it('finds a step by its id after a reorder', () => {
    const { content: german } = translatedContent({ ...content, boxes: [...content.boxes].reverse() }, 'de');
    expect(german.boxes.map((box) => box.title)).toEqual(['Schlüsselbox', 'Door']);
  });

  it('shows the main text where an out-of-date rich translation lost the marker the main text has now', () => {
    const changed = { ...content, textGreating: `<p>Welcome! Your code: ${LOCKBOX_MARKER}</p>` };
    const { content: german, fallbacks } = translatedContent(changed, 'de');
    expect(german.textGreating).toBe(changed.textGreating);
    expect(fallbacks.has('textGreating')).toBe(true);
  });

  it('shows a machine draft only once the host accepted it: until then the main text, as a fallback', () => {
    const drafted = instructionContentSchema.parse(
      withTranslations({
        de: { textGreating: made(base, 'textGreating', '<p>Willkommen!</p>', true), 'boxes.101.title': made(base, 'boxes.101.title', 'Tür') },
        fr: { textGreating: made(base, 'textGreating', '<p>Bienvenue !</p>', true) },
      }),
    );
    const { content: german, fallbacks } = translatedContent(drafted, 'de');
    expect(german.textGreating).toBe('<p>Welcome!</p>');
    expect(fallbacks.has('textGreating')).toBe(true);
    expect(german.boxes[0]!.title).toBe('Tür');
    // A language of drafts alone is offered to no guest; accepting one (the flag gone) offers it.
    expect(offeredLanguages(drafted)).toEqual(['en', 'de']);
    const accepted = { ...drafted, translations: { ...drafted.translations, fr: { textGreating: made(base, 'textGreating', '<p>Bienvenue !</p>') } } };
    expect(offeredLanguages(accepted)).toEqual(['en', 'de', 'fr']);
    expect(translatedContent(accepted, 'fr').content.textGreating).toBe('<p>Bienvenue !</p>');
  });

  it('in the main language is the content itself, without its translations', () => {
    const { content: main, fallbacks } = translatedContent(content, 'en');
    expect(main).toEqual({ ...content, translations: {} });
    expect(fallbacks.size).toBe(0);
  });
});

describe('the checks the editor and the server share', () => {
  it('allow at most 20 languages: the main one and 19 translations', () => {
    const others = GUIDEBOOK_LANGUAGES.filter((language) => language !== 'en');
    const some = (n: number) => Object.fromEntries(others.slice(0, n).map((language) => [language, { brandingTitle: made(base, 'brandingTitle', 'Ana') }]));
    expect(issues(withTranslations(some(MAX_GUIDEBOOK_LANGUAGES - 1)))).toEqual([]);
    expect(issues(withTranslations(some(MAX_GUIDEBOOK_LANGUAGES)))).toEqual(['A guidebook can be in at most 20 languages (its own and 19 translations).']);
  });

  it('refuse a language off the list and the main language as a translation', () => {
    expect(issues(withTranslations({ xx: { brandingTitle: made(base, 'brandingTitle', 'Ana') } }))).toEqual(['Translations: "xx" is not a language a guidebook can be translated into.']);
    expect(issues(withTranslations({ en: { brandingTitle: made(base, 'brandingTitle', 'Ana') } }))).toEqual(['English is the guidebook’s main language: it cannot also be a translation.']);
    expect(issues({ ...base, language: 'klingon' })).toEqual(['Choose the guidebook’s language from the list.']);
  });

  it('refuse a translation that drops or adds a marker, naming the language and the field', () => {
    const dropped = { 'boxes.102.paragraph': made(base, 'boxes.102.paragraph', '<p>Der Code ist geheim</p>') };
    expect(issues(withTranslations({ de: dropped }))).toEqual(['German: the translation of "Check-in step 2 text" must keep the door code marker.']);
    const added = { 'boxes.101.paragraph': made(base, 'boxes.101.paragraph', `<p>Klingeln bei ${ADDRESS_MARKER} ${LOCKBOX_MARKER}</p>`) };
    expect(issues(withTranslations({ fr: added }))).toEqual(['French: the translation of "Check-in step 1 text" cannot add a door code marker.']);
    const twice = { 'boxes.101.paragraph': made(base, 'boxes.101.paragraph', `<p>${ADDRESS_MARKER} ${ADDRESS_MARKER}</p>`) };
    expect(issues(withTranslations({ hr: twice }))).toEqual(['Croatian: the translation of "Check-in step 1 text" cannot have more address markers than the main text (1).']);
    // The marker written another way is the same marker.
    const quoted = { 'boxes.102.paragraph': made(base, 'boxes.102.paragraph', "<p>Der Code: <span data-marker='lockbox'></span></p>") };
    expect(issues(withTranslations({ de: quoted }))).toEqual([]);
  });

  it('do not hold a host up for an out-of-date translation’s markers', () => {
    const content = instructionContentSchema.parse(withTranslations({ de: { 'boxes.102.paragraph': made(base, 'boxes.102.paragraph', `<p>Der Code ist ${LOCKBOX_MARKER}</p>`) } }));
    const edited = { ...content, boxes: [content.boxes[0]!, { ...content.boxes[1]!, paragraph: '<p>Ask us for the code</p>' }] };
    expect(issues(edited)).toEqual([]);
  });

  it('refuse a key that names no translatable field: a secret, a link, nonsense', () => {
    for (const key of ['code', 'wifiPassword', 'secretsPin', 'addressUrl', 'boxes.101.imageUrl', 'nothing']) {
      expect(issues(withTranslations({ de: { [key]: { text: 'x', source: '00000000' } } }))).toEqual([`German: "${key}" is not a field that can be translated.`]);
    }
  });

  it('accept the key of a step that is gone, and saving drops it', () => {
    const translations = { de: { 'boxes.999.title': { text: 'Alt', source: '00000000' }, brandingTitle: made(base, 'brandingTitle', 'Anna') } };
    const parsed = instructionContentSchema.parse(withTranslations(translations));
    expect(cleanInstructionContent({ content: parsed, teamId: HOST }).translations).toEqual({ de: { brandingTitle: made(base, 'brandingTitle', 'Anna') } });
  });

  it('accept a translation of the host’s name or an address from an editor opened before they stopped being translatable, and saving drops it', () => {
    const old = { text: 'Anna', source: '00000000' };
    const translations = { de: { hostName: old, address: old, 'places.301.address': old, 'boxes.101.title': made(base, 'boxes.101.title', 'Tür') } };
    expect(issues(withTranslations(translations))).toEqual([]);
    const parsed = instructionContentSchema.parse(withTranslations(translations));
    expect(cleanInstructionContent({ content: parsed, teamId: HOST }).translations).toEqual({ de: { 'boxes.101.title': made(base, 'boxes.101.title', 'Tür') } });
    // Stored so before: read without them, so no guest, poster or mail shows them and no language is offered for them alone.
    const stored = parseStoredContent(JSON.stringify({ ...base, translations: { ...translations, fr: { hostName: old } } }));
    expect(stored.translations).toEqual({ de: { 'boxes.101.title': made(base, 'boxes.101.title', 'Tür') }, fr: {} });
    expect(offeredLanguages(stored)).toEqual(['en', 'de']);
  });

  it('limit a translation as the main field is limited, and make a plain one single-line', () => {
    expect(issues(withTranslations({ de: { brandingTitle: made(base, 'brandingTitle', 'x'.repeat(201)) } }))).toEqual(['German: the translation of "Branding title" can be at most 200 characters.']);
    expect(issues(withTranslations({ de: { 'places.301.note': made(base, 'places.301.note', `<p>${'x'.repeat(1001)}</p>`) } }))).toEqual([
      'German: the translation of "Place 1 note" is not valid (The note can be at most 1,000 characters).',
    ]);
    const parsed = instructionContentSchema.parse(withTranslations({ de: { brandingTitle: made(base, 'brandingTitle', '  Anna\nund Ivo ') } }));
    expect(cleanInstructionContent({ content: parsed, teamId: HOST }).translations.de!.brandingTitle!.text).toBe('Anna und Ivo');
  });
});

describe('the server’s clean step', () => {
  it('sanitises a rich translation exactly as the main text, keeping its markers', () => {
    const xss = `<p>Der Code ist ${LOCKBOX_MARKER}</p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>`;
    const parsed = instructionContentSchema.parse(withTranslations({ de: { 'boxes.102.paragraph': made(base, 'boxes.102.paragraph', xss) } }));
    const cleaned = cleanInstructionContent({ content: parsed, teamId: HOST });
    const text = cleaned.translations.de!['boxes.102.paragraph']!.text;
    expect(text).toBe(sanitizeRichText(xss));
    expect(text).not.toMatch(/<script|<img|onerror|javascript:/i);
    expect(text).toContain(LOCKBOX_MARKER);
    expect(storedRichTexts(cleaned)).toContain(text);
  });

  it('refuses a marker the sanitiser had to drop, naming the language and the field', () => {
    const odd = '<p>Der Code ist <span data-marker="lockbox" onclick="x"><b>1</b></span></p>';
    const parsed = instructionContentSchema.parse(withTranslations({ de: { 'boxes.102.paragraph': made(base, 'boxes.102.paragraph', odd) } }));
    // A marker with content is kept by the sanitiser; one nested where the sanitiser drops it is refused.
    expect(() => cleanInstructionContent({ content: parsed, teamId: HOST })).not.toThrow();
    const deep = `<p>${'<em>'.repeat(45)}${LOCKBOX_MARKER}${'</em>'.repeat(45)}</p>`;
    const nested = instructionContentSchema.parse(withTranslations({ de: { 'boxes.102.paragraph': made(base, 'boxes.102.paragraph', deep) } }));
    expect(() => cleanInstructionContent({ content: nested, teamId: HOST })).toThrow('German: the translation of "Check-in step 2 text" must keep the door code marker.');
  });

  it('a translation made from the main text as sent is up to date with the main text as stored', () => {
    const sent = { ...base, textGreating: '<p onclick="x">Welcome!</p><script>1</script>' };
    const parsed = instructionContentSchema.parse(withTranslations({ de: { textGreating: made(sent, 'textGreating', '<p>Willkommen!</p>') } }, sent));
    const cleaned = cleanInstructionContent({ content: parsed, teamId: HOST });
    expect(cleaned.textGreating).toBe('<p>Welcome!</p>');
    expect(translationStatus(cleaned, 'de')).toMatchObject({ translated: 1, outOfDate: 0 });
  });

  it('drops an empty translation and a language left without any', () => {
    const parsed = instructionContentSchema.parse(withTranslations({ de: { brandingTitle: made(base, 'brandingTitle', '') }, fr: { brandingTitle: made(base, 'brandingTitle', 'Ana') } }));
    expect(cleanInstructionContent({ content: parsed, teamId: HOST }).translations).toEqual({ fr: { brandingTitle: made(base, 'brandingTitle', 'Ana') } });
    // Blank is empty: spaces in a required field's translation, an empty paragraph in a rich one (whose main text has a marker).
    const blank = { nameInstruction: made(base, 'nameInstruction', '  '), 'boxes.102.paragraph': made(base, 'boxes.102.paragraph', '<p> </p>') };
    expect(issues(withTranslations({ de: blank }))).toEqual([]);
    const blanks = instructionContentSchema.parse(withTranslations({ de: blank, fr: { brandingTitle: made(base, 'brandingTitle', 'Ana') } }));
    expect(cleanInstructionContent({ content: blanks, teamId: HOST }).translations).toEqual({ fr: { brandingTitle: made(base, 'brandingTitle', 'Ana') } });
  });
});

describe('the language', () => {
  it('a new guidebook takes the browser’s language when the list has it, English otherwise', () => {
    const language = (tag: string) => instructionPartialSchema.parse({ language: tag }).language;
    expect(language('de-AT')).toBe('de');
    expect(language('pt-BR')).toBe('pt');
    expect(language('no')).toBe('nb');
    expect(language('is-IS')).toBe('en');
    expect(guidebookLanguageOf('HR')).toBe('hr');
    expect(instructionContentSchema.parse({}).language).toBe('en');
  });

  it('every guidebook language is a guest page variant, two letters for `?lang=`', () => {
    expect(PAGE_LANGUAGES).toEqual(GUIDEBOOK_LANGUAGES);
    for (const language of GUIDEBOOK_LANGUAGES) {
      expect(language).toMatch(/^[a-z]{2}$/);
      expect(parseGuestPageUrl('/instruction/abcdefghijklmnopqrstu', `lang=${language}`)?.variant).toBe(language);
    }
  });

  it('a guidebook stored before translations reads as English with none', () => {
    const { language, translations, ...older } = base;
    expect([language, translations]).toEqual(['en', {}]);
    const read = parseStoredContent(JSON.stringify(older));
    expect(read.language).toBe('en');
    expect(read.translations).toEqual({});
    expect(instructionContentSchema.parse(older)).toEqual(base);
  });
});

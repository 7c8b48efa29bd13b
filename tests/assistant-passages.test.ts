// @no-database: the passages are a pure function of a guidebook's content (assistant/passages.ts).
import { describe, expect, it } from 'vitest';
import secretTexts from './fixtures/assistant/secret-texts.json' with { type: 'json' };
import { guidebookPassages, type Passage } from '../src/lib/server/assistant/passages.ts';
import { mapFields, schemaFields, type FieldPath } from '../src/lib/shared/schemas/field-kinds.ts';
import { INSTRUCTION_DEFAULTS, LOCKBOX_MARKER, instructionContentSchema, type InstructionContent } from '../src/lib/shared/schemas/instruction.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';

/**
 * Passages (docs/decisions/031 §3): every guest-visible text field becomes a passage with its
 * section and the anchor of its place on the page, in the page's language; secrets never.
 */

/** Where each text field a guest reads lands: its section and its anchor, given its item's id or index. */
const PLACED: Record<string, { section: Passage['section']; anchor: (id: number, index: number) => string }> = {
  address: { section: 'address', anchor: () => 'address' },
  'boxes[].title': { section: 'check-in', anchor: (id) => `ci-${id}` },
  'boxes[].paragraph': { section: 'check-in', anchor: (id) => `ci-${id}` },
  'manualBoxes[].paragraph': { section: 'good-to-know', anchor: (id) => `gk-${id}` },
  wifiName: { section: 'wifi', anchor: () => 'wifi' },
  textGreating: { section: 'welcome', anchor: () => 'welcome' },
  hostName: { section: 'welcome', anchor: () => 'welcome' },
  'checkoutSteps[]': { section: 'check-out', anchor: (_, index) => `co-${index}` },
  'places[].name': { section: 'places', anchor: (id) => `pl-${id}` },
  'places[].note': { section: 'places', anchor: (id) => `pl-${id}` },
  'places[].address': { section: 'places', anchor: (id) => `pl-${id}` },
  'extras[].title': { section: 'extras', anchor: (id) => `ex-${id}` },
  'extras[].description': { section: 'extras', anchor: (id) => `ex-${id}` },
};

/** Text fields that are no passage, each with why. */
const NOT_PASSAGES: Record<string, string> = {
  nameInstruction: "the page's title, in the header: no question is answered by it",
  brandingTitle: "the header's brand, a premium team's name",
  phone: 'a number: the contact passage names the channel, never the number',
  'places[].phone': 'a number, behind the place’s Call button',
};

const pattern = (path: FieldPath) => path.map((step) => (typeof step === 'number' ? '[]' : step)).join('.').replace(/\.\[\]/g, '[]');
const schemaOf = new Map(schemaFields(instructionContentSchema).map((field) => [field.path, field.schema]));

/** A guidebook of two items per list in which every field that takes any text holds a marker of its own. */
function markedGuidebook(): { content: InstructionContent; markers: Map<string, { path: FieldPath; kind: string }> } {
  const base: InstructionContent = {
    ...structuredClone(INSTRUCTION_DEFAULTS),
    boxes: [1, 2].map((id) => ({ id, title: '', paragraph: '', imageUrl: '' })),
    manualBoxes: [11, 12].map((id) => ({ id, paragraph: '', imageUrl: '' })),
    checkoutSteps: ['', ''],
    places: [21, 22].map((id) => ({ id, name: '', category: 'eat' as const, note: '', mapUrl: '', lat: null, lng: null, address: '', website: '', phone: '', imageUrl: '', pick: false })),
    extras: [31, 32].map((id) => ({ id, kind: 'item' as const, title: '', description: '', price: 0, currency: 'eur' as const, imageUrl: '', approval: 'instant' as const, active: true, lateCheckoutUntil: '', earlyCheckinFrom: '', maxPerStay: 1 })),
    extrasOnPublicLink: true,
  };
  const markers = new Map<string, { path: FieldPath; kind: string }>();
  const content = mapFields(instructionContentSchema, base, (value, at) => {
    const marker = `zq${markers.size + 1}mark`;
    if (typeof value !== 'string' || !schemaOf.get(pattern(at.path))?.safeParse(marker).success) return value;
    markers.set(marker, { path: at.path, kind: at.declaration.kind });
    return marker;
  });
  return { content: { ...content, code: 'zqcodemark', wifiPassword: 'zqwifimark', secretsPin: '482913' }, markers };
}

const everything = (passages: Passage[]) => JSON.stringify(passages);

describe('every field kind', () => {
  it.each(['always', 'stay', 'pin'] as const)('places every text field a guest reads, and no secret, link or image (policy %s)', (policy) => {
    const { content, markers } = markedGuidebook();
    const passages = guidebookPassages({ ...content, secretsPolicy: policy }, 'en');
    for (const [marker, { path, kind }] of markers) {
      const name = pattern(path);
      const holding = passages.filter((passage) => passage.title.includes(marker) || passage.text.includes(marker));
      if (kind === 'secret' || kind === 'image' || kind === 'link' || name in NOT_PASSAGES) {
        expect(holding, `${name} (${kind}) is in no passage`).toEqual([]);
        continue;
      }
      const place = PLACED[name];
      expect(place, `${name} is ${kind} and in no passage: place it or say why not`).toBeDefined();
      expect(holding, `${name} in exactly one passage`).toHaveLength(1);
      const id = Number(path.length > 2 ? (content[path[0] as 'boxes'][path[1] as number] as { id: number }).id : 0);
      expect(holding[0]).toMatchObject({ section: place!.section, anchor: place!.anchor(id, Number(path[1])), language: 'en', audience: expect.anything() });
    }
    for (const secret of ['zqcodemark', 'zqwifimark', '482913']) expect(everything(passages)).not.toContain(secret);
  });

  it('says the times in the page words, and the rules chosen', () => {
    const passages = guidebookPassages({ ...INSTRUCTION_DEFAULTS, checkInTime: '15:45', checkOutTime: '10:15', selectedHouseRules: [1] }, 'en');
    expect(passages.find((passage) => passage.anchor === 'check-out')?.text).toMatch(/15:45[\s\S]*10:15/);
    expect(passages.find((passage) => passage.section === 'rules')?.text).not.toBe('');
    expect(passages.map((passage) => passage.id)).toEqual(passages.map((_, index) => `p${index + 1}`));
  });
});

describe('secrets', () => {
  const { secrets, texts } = secretTexts;
  it.each(['always', 'stay', 'pin'] as const)('scrubs every way a host typed them, spaced, dashed or cased (policy %s)', (policy) => {
    const content: InstructionContent = {
      ...structuredClone(INSTRUCTION_DEFAULTS),
      ...secrets,
      secretsPolicy: policy,
      wifiName: 'Seaside',
      boxes: texts.map((paragraph, index) => ({ id: index + 1, title: `Step with ${secrets.code}`, paragraph, imageUrl: '' })),
    };
    const passages = guidebookPassages(content, 'en');
    const all = everything(passages).toLowerCase();
    expect(passages.filter((passage) => passage.section === 'check-in')).toHaveLength(texts.length);
    for (const value of [secrets.code, secrets.wifiPassword, secrets.secretsPin]) {
      const bare = value.replace(/[^\p{L}\p{N}$]/gu, '').toLowerCase();
      expect(all.replace(/[\s\-–—._/]|<[^>]*>/g, '')).not.toContain(bare);
    }
    expect(passages.find((passage) => passage.section === 'wifi')?.text).toBe('Network: Seaside\nPassword: the Wi-Fi password (see Wi-Fi)');
  });

  it('turns the lock-box marker into words that point to the page, in the page language', () => {
    const content: InstructionContent = { ...structuredClone(INSTRUCTION_DEFAULTS), code: '9090', language: 'de', boxes: [{ id: 5, title: 'Schlüssel', paragraph: `<p>Code ${LOCKBOX_MARKER} eingeben &amp; drehen</p>`, imageUrl: '' }] };
    const [step] = guidebookPassages(content, 'de');
    expect(step).toMatchObject({ section: 'check-in', anchor: 'ci-5', title: 'Anreise, Schritt 1: Schlüssel', text: 'Code den Türcode (siehe Türcode & WLAN) eingeben & drehen', language: 'de' });
  });
});

describe('languages', () => {
  const main = '<p>Take the stairs to the second floor.</p>';
  const content: InstructionContent = {
    ...structuredClone(INSTRUCTION_DEFAULTS),
    boxes: [{ id: 7, title: 'Stairs', paragraph: main, imageUrl: '' }],
    manualBoxes: [{ id: 8, paragraph: '<p>Bins are in the yard.</p>', imageUrl: '' }],
    translations: {
      de: {
        'boxes.7.title': { text: 'Treppe', source: sourceHash('Stairs') },
        'boxes.7.paragraph': { text: '<p>Nehmen Sie die Treppe in den zweiten Stock.</p>', source: sourceHash(main) },
        // A machine draft the host never accepted: never shown, never a passage.
        'manualBoxes.8.paragraph': { text: '<p>Die Mülltonnen stehen im Hof.</p>', source: sourceHash('<p>Bins are in the yard.</p>'), machine: true },
      },
    },
  };

  it('takes the accepted translation where there is one, the main text (marked English) elsewhere', () => {
    const passages = guidebookPassages(content, 'de');
    expect(passages.find((passage) => passage.anchor === 'ci-7')).toMatchObject({ title: 'Anreise, Schritt 1: Treppe', text: 'Nehmen Sie die Treppe in den zweiten Stock.', language: 'de' });
    expect(passages.find((passage) => passage.anchor === 'gk-8')).toMatchObject({ title: 'Gut zu wissen', text: 'Bins are in the yard.', language: 'en' });
    expect(everything(passages)).not.toContain('Mülltonnen');
  });

  it('reads the main language on the main page', () => {
    expect(guidebookPassages(content, 'en').find((passage) => passage.anchor === 'ci-7')).toMatchObject({ text: 'Take the stairs to the second floor.', language: 'en' });
  });
});

describe('who an extra is offered to', () => {
  const extra = (id: number, kind: 'item' | 'late-checkout', active = true) => ({ id, kind, title: `Extra ${id}`, description: '', price: 0, currency: 'eur' as const, imageUrl: '', approval: 'instant' as const, active, lateCheckoutUntil: kind === 'late-checkout' ? '13:00' : '', earlyCheckinFrom: '', maxPerStay: 1 });
  const content: InstructionContent = {
    ...structuredClone(INSTRUCTION_DEFAULTS),
    extras: [extra(1, 'item'), extra(2, 'late-checkout'), extra(3, 'item', false)],
    extrasOnPublicLink: true,
    channelRules: { ...INSTRUCTION_DEFAULTS.channelRules, booking: { extras: [2], feedback: true } },
  };

  it("names the channels whose guests are offered it, by the guidebook's channel rules", () => {
    const passages = guidebookPassages(content, 'en');
    // Airbnb's guests get no extras (its rule), the public link only items, booking.com the one chosen.
    expect(passages.find((passage) => passage.anchor === 'ex-1')?.audience).toEqual(['direct', 'vrbo', 'other', 'link']);
    expect(passages.find((passage) => passage.anchor === 'ex-2')).toMatchObject({ audience: ['direct', 'booking', 'vrbo', 'other'], text: 'Check out as late as 13:00' });
    expect(passages.filter((passage) => passage.section === 'extras')).toHaveLength(2);
    expect(passages.filter((passage) => passage.section !== 'extras').every((passage) => passage.audience === 'all')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { comparable } from '../src/admin/features/editor/model/editor-form.ts';
import { AppError } from '../src/lib/server/http/app-error.ts';
import { cleanInstructionContent, storedRichTexts, withoutForeignImages } from '../src/lib/server/instructions/clean-instruction-content.ts';
import { sanitizeRichText } from '../src/lib/server/guidebook/sanitize-rich-text.ts';
import { cleanSettings } from '../src/lib/server/settings/save-settings.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { FIELD_LABELS } from '../src/lib/shared/revision-changes.ts';
import { fieldName, fieldValues, schemaFields, topLevelKinds, type FieldKind } from '../src/lib/shared/schemas/field-kinds.ts';
import {
  instructionContentSchema,
  instructionPartialSchema,
  MAX_MEDIA_PATH,
  MAX_RICH,
  patternOfKey,
  saveInstructionSchema,
  translatableFieldPaths,
  type Instruction,
  type InstructionContent,
} from '../src/lib/shared/schemas/instruction.ts';
import { settingsSchema } from '../src/lib/shared/schemas/settings.ts';
import { sourceHash, translatableFields } from '../src/lib/shared/translations.ts';

/**
 * Field kinds are declared once, in the shared schema (docs/style.md 16, docs/decisions/018): the
 * upload-ownership check, the sanitiser and the editor's comparison walk them. These tests find the
 * image and rich-text fields a second way, from the schema's JSON Schema (every string field, its
 * name and its length limit), so a field added without its kind fails here: the ownership check
 * and the sanitiser are tried on every field either way finds, not only on those the walk knows.
 */

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; maxLength?: number };

/** Every string field of `schema` as zod's JSON Schema shows it, path as the walk writes it. */
function stringFieldsOf(schema: z.ZodType): Array<{ path: string; name: string; maxLength: number | undefined }> {
  const found: Array<{ path: string; name: string; maxLength: number | undefined }> = [];
  const visit = (node: JsonSchema, path: string, name: string) => {
    if (node.properties) for (const [key, child] of Object.entries(node.properties)) visit(child, path === '' ? key : `${path}.${key}`, key);
    else if (node.items) visit(node.items, `${path}[]`, name);
    else if (node.type === 'string') found.push({ path, name, maxLength: node.maxLength });
  };
  visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, '', '');
  return found;
}

const IMAGE_NAME = /image|photo|logo|picture/i;
/** The fields that hold the editor's HTML, as the product knows them (docs/product.md §3). */
const KNOWN_HTML = ['textGreating', 'boxes[].paragraph', 'manualBoxes[].paragraph'];
const HTML_NAME = /[Pp]aragraph|[Hh]tml|[Rr]ichText|^text[A-Z]|[Bb]ody$/;
const SECRET_NAME = /password|pin$|^code$/i;

const declared = (schema: z.ZodType, kind: FieldKind) => schemaFields(schema).filter((field) => field.declaration?.kind === kind).map((field) => field.path);

/** Image fields: declared `image`, or a string named like an image or as long as an upload path. */
function imageFields(schema: z.ZodType): string[] {
  const suspects = stringFieldsOf(schema).filter((field) => IMAGE_NAME.test(field.name) || field.maxLength === MAX_MEDIA_PATH);
  return [...new Set([...declared(schema, 'image'), ...suspects.map((field) => field.path)])];
}

/** Rich-text fields: declared `richText`, known to hold HTML, named like it, or as long as rich text. */
function richTextFields(schema: z.ZodType): string[] {
  const suspects = stringFieldsOf(schema).filter((field) => HTML_NAME.test(field.name) || field.maxLength === MAX_RICH);
  const known = schema === instructionContentSchema ? KNOWN_HTML : [];
  return [...new Set([...declared(schema, 'richText'), ...known, ...suspects.map((field) => field.path)])];
}

type Path = Array<string | '[]'>;
const steps = (pattern: string): Path => pattern.split('.').flatMap((part) => [part.replace(/(\[\])+$/, ''), ...Array.from(part.matchAll(/\[\]/g), () => '[]' as const)]).filter((step) => step !== '');

/** The values at `pattern` ('boxes[].imageUrl' reads every step's image). */
function valuesAt(value: unknown, pattern: string): unknown[] {
  let current: unknown[] = [value];
  for (const step of steps(pattern)) current = current.flatMap((item) => (step === '[]' ? (Array.isArray(item) ? item : []) : [(item as Record<string, unknown>)[step]]));
  return current;
}

/** A copy of `value` with `next` at `pattern`, in every item of the lists on the way. */
function setAt<T>(value: T, pattern: string, next: unknown): T {
  const copy = structuredClone(value);
  const path = steps(pattern);
  const set = (node: unknown, index: number): void => {
    const step = path[index]!;
    const last = index === path.length - 1;
    if (step === '[]') {
      if (!Array.isArray(node)) return;
      if (last) node.fill(next);
      else node.forEach((item) => set(item, index + 1));
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      if (last) record[step] = next;
      else set(record[step], index + 1);
    }
  };
  set(copy, 0);
  expect(valuesAt(copy, pattern), `${pattern} holds a value in the test guidebook (add an item to its list)`).not.toHaveLength(0);
  return copy;
}

const HOST = 'hostA';
const OTHER = 'hostB';
const own = `/media/u/${HOST}/${'a'.repeat(21)}.webp`;
const foreign = `/media/u/${OTHER}/${'b'.repeat(21)}.webp`;

/** A guidebook with two items in every list, so each field of a list's item is there to fill. */
const base: InstructionContent = instructionContentSchema.parse({
  nameInstruction: 'Seaside flat',
  boxes: [
    { id: 1, title: 'Door', paragraph: '<p>Ring</p>' },
    { id: 2, title: 'Box', paragraph: '<p>Code</p>' },
  ],
  manualBoxes: [{ id: 3, paragraph: '<p>Beach</p>' }, { id: 4 }],
  checkoutSteps: ['Strip the beds', 'Leave the keys'],
  places: [
    { id: 5, name: 'Bakery', category: 'eat', note: '<p>Burek</p>' },
    { id: 6, name: 'Beach', category: 'beach' },
  ],
  extras: [
    { id: 7, kind: 'item', title: 'Breakfast basket', description: '<p>Bread and jam</p>', price: 1500 },
    { id: 8, kind: 'late-checkout', title: 'Late check-out', price: 2000, lateCheckoutUntil: '14:00' },
  ],
  firstColor: '#4a90e2',
  secondColor: '#ffffff',
  isRounded: true,
  isSinglePage: false,
});

const XSS = '<p>Hi</p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)" onclick="alert(1)">x</a><iframe src="https://evil.example"></iframe>';

describe('every field declares its kind', () => {
  it.each([
    ['the guidebook', instructionContentSchema],
    ['a saved guidebook', saveInstructionSchema],
    ['a partial guidebook', instructionPartialSchema],
    ['the Auto-Fill settings', settingsSchema],
  ] as const)('%s: the walk reaches every field zod knows, and each one declares a kind', (_name, schema) => {
    const walked = schemaFields(schema);
    expect(walked.filter((field) => field.declaration === null).map((field) => field.path)).toEqual([]);
    const paths = walked.map((field) => field.path);
    for (const { path } of stringFieldsOf(schema)) expect(paths).toContain(path);
  });

  it('every string field named like an image, or as long as an upload path, is declared image', () => {
    const images = declared(instructionContentSchema, 'image');
    expect(images).toEqual(expect.arrayContaining(['boxes[].imageUrl', 'manualBoxes[].imageUrl', 'photoGreating', 'coverImage']));
    expect(images.sort()).toEqual(imageFields(instructionContentSchema).sort());
    expect(declared(settingsSchema, 'image').sort()).toEqual(imageFields(settingsSchema).sort());
  });

  it('every field known to hold HTML, named like it, or as long as rich text, is declared richText', () => {
    expect(declared(instructionContentSchema, 'richText').sort()).toEqual(richTextFields(instructionContentSchema).sort());
    expect(declared(settingsSchema, 'richText').sort()).toEqual(richTextFields(settingsSchema).sort());
  });

  it('the door code, the Wi-Fi password and the PIN are secrets, and no secret is translatable', () => {
    const secrets = stringFieldsOf(instructionContentSchema).filter((field) => SECRET_NAME.test(field.name)).map((field) => field.path);
    expect(declared(instructionContentSchema, 'secret').sort()).toEqual([...secrets].sort());
    expect(secrets.sort()).toEqual(['code', 'secretsPin', 'wifiPassword']);
    for (const field of schemaFields(instructionContentSchema)) if (field.declaration?.kind === 'secret') expect(field.declaration.translatable).toBe(false);
  });
});

describe('the upload-ownership check covers every image field (docs/security.md 30)', () => {
  const images = imageFields(instructionContentSchema);

  it('keeps a guidebook whose images are all the host’s own', () => {
    let content = base;
    for (const path of images) content = setAt(content, path, own);
    expect(cleanInstructionContent({ content, teamId: HOST })).toEqual(content);
    expect(withoutForeignImages(content, HOST)).toEqual(content);
  });

  it.each(images)('refuses another host’s upload in %s alone, and a copy empties it', (path) => {
    const content = setAt(base, path, foreign);
    let error: unknown;
    try {
      cleanInstructionContent({ content, teamId: HOST });
    } catch (caught) {
      error = caught;
    }
    expect(error, `${path} with another host's upload was accepted`).toBeInstanceOf(AppError);
    const [first] = fieldValues(instructionContentSchema, content, ['image']).filter((image) => image.value === foreign);
    expect(first, `${path} is not declared image`).toBeDefined();
    expect(error).toMatchObject({ status: 422, message: messages.upload.notYours(fieldName(first!)) });
    expect(valuesAt(withoutForeignImages(content, HOST), path).every((value) => value === '')).toBe(true);
  });

  it('names a list item’s image by its place, and the guidebook’s own images first', () => {
    const secondStep = { ...base, boxes: [base.boxes[0]!, { ...base.boxes[1]!, imageUrl: foreign }] };
    expect(() => cleanInstructionContent({ content: secondStep, teamId: HOST })).toThrow(messages.upload.notYours('The image of check-in step 2'));
    const both = { ...secondStep, coverImage: foreign };
    expect(() => cleanInstructionContent({ content: both, teamId: HOST })).toThrow(messages.upload.notYours('The cover photo'));
  });
});

describe('the sanitiser covers every rich-text field (docs/security.md 16)', () => {
  const clean = sanitizeRichText(XSS);

  it('the payload is one the sanitiser changes', () => {
    expect(clean).not.toBe(XSS);
    expect(clean).not.toMatch(/<script|<img|<iframe|onerror|onclick|javascript:/i);
  });

  it.each(richTextFields(instructionContentSchema))('sanitises %s in a guidebook', (path) => {
    const cleaned = cleanInstructionContent({ content: setAt(base, path, XSS), teamId: HOST });
    for (const value of valuesAt(cleaned, path)) expect(value, `${path} was stored unsanitised`).toBe(clean);
    expect([...storedRichTexts(cleaned)]).toContain(clean);
  });

  it.each(richTextFields(settingsSchema))('sanitises %s in the Auto-Fill settings', (path) => {
    const cleaned = cleanSettings(setAt(settingsSchema.parse({ places: [{ id: 1, name: 'Bakery', note: '<p>Burek</p>' }], extras: [{ id: 2, title: 'Breakfast basket', description: '<p>Bread</p>', price: 1500 }] }), path, XSS), HOST);
    for (const value of valuesAt(cleaned, path)) expect(value, `${path} was stored unsanitised`).toBe(clean);
  });
});

describe('what else follows the kinds', () => {
  it('lists the translatable fields: the words guests read (the name, the steps, the welcome, the brand name, places’ names and notes), never a link, a secret, the host’s name or an address', () => {
    expect(translatableFieldPaths()).toEqual(['nameInstruction', 'boxes[].title', 'boxes[].paragraph', 'manualBoxes[].paragraph', 'textGreating', 'brandingTitle', 'checkoutSteps[]', 'places[].name', 'places[].note', 'extras[].title', 'extras[].description']);
  });

  it('the History names the schema’s fields in its order, a rich text as edited', () => {
    expect(Object.keys(FIELD_LABELS)).toEqual([...topLevelKinds(instructionContentSchema).keys()]);
  });

  it('the editor counts an empty paragraph as empty in every rich-text field, and nothing outside the content', () => {
    const form = { ...base, _id: 'x', token: 't', isFree: true, version: 3, updatedAt: '2025-01-01T00:00:00.000Z', pinGuessingStoppedUntil: null } satisfies Instruction;
    for (const path of declared(instructionContentSchema, 'richText')) {
      expect(comparable(setAt(form, path, '<p></p>'))).toBe(comparable(setAt(form, path, '')));
      expect(comparable(setAt(form, path, '<p>Words</p>'))).not.toBe(comparable(setAt(form, path, '')));
    }
    expect(comparable({ ...form, version: 4, updatedAt: 'later' })).toBe(comparable(form));
    expect(Object.keys(JSON.parse(comparable(form)))).toEqual(Object.keys(FIELD_LABELS));
  });
});

describe('the translations follow the kinds (docs/decisions/021)', () => {
  const filled = instructionContentSchema.parse({
    ...base,
    address: 'Obala 1',
    textGreating: '<p>Welcome</p>',
    hostName: 'Ana',
    brandingTitle: 'Ana’s flats',
    places: base.places.map((place) => ({ ...place, address: 'Riva 2' })),
  });
  const fields = translatableFields(filled);

  it('every translatable field of a filled guidebook is there to translate, under a label a host reads', () => {
    const patterns = new Set(fields.map((field) => patternOfKey(field.key)));
    expect([...patterns].sort()).toEqual(translatableFieldPaths().sort());
    for (const field of fields) expect(field.label, field.key).toMatch(/^[A-Z][\w -]+$/);
  });

  it.each(fields.filter((field) => field.kind === 'richText').map((field) => field.key))('sanitises the translation of %s as its main text', (key) => {
    const main = fields.find((field) => field.key === key)!.text;
    const content = instructionContentSchema.parse({ ...filled, translations: { de: { [key]: { text: XSS, source: sourceHash(main) } } } });
    expect(cleanInstructionContent({ content, teamId: HOST }).translations.de![key]!.text).toBe(sanitizeRichText(XSS));
  });
});

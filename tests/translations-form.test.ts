// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { GUIDEBOOK_LANGUAGES } from '../src/lib/shared/languages.ts';
import { instructionContentSchema, LOCKBOX_MARKER, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { sourceHash, translatableFields } from '../src/lib/shared/translations.ts';
import {
  addableLanguages,
  addLanguage,
  confirmTranslation,
  fieldState,
  groupedFields,
  draftsToReview,
  leftToTranslate,
  mergeDrafts,
  removeLanguage,
  translationLanguages,
  writeTranslation,
} from '../src/admin/features/editor/model/translations-form.ts';

/**
 * The editor's language bar and translation list (src/admin/features/editor/model/translations-form.ts):
 * what "N left" counts, and what typing, "Keep as is", "Accept" and a machine draft leave in the form.
 */
const STEP = `<p>The code is ${LOCKBOX_MARKER}</p>`;

function guidebook(translations: Instruction['translations'] = {}): Instruction {
  const content = instructionContentSchema.parse({ nameInstruction: 'Harbour flat', boxes: [{ id: 3, title: 'Lock box', paragraph: STEP, imageUrl: '' }], checkoutSteps: ['Close the door'], translations });
  return { ...content, _id: 'g1', token: 't', version: 1 } as unknown as Instruction;
}

const field = (form: Instruction, key: string) => translatableFields(form).find((candidate) => candidate.key === key)!;

describe('the language bar', () => {
  it('counts missing and out-of-date fields as left; a current machine draft is not left', () => {
    let form = guidebook({ de: { nameInstruction: { text: 'Hafenwohnung', source: sourceHash('Harbour flat') } } });
    expect(leftToTranslate(form, 'de')).toBe(3);
    form = { ...form, nameInstruction: 'Harbour flat by the sea' };
    expect(leftToTranslate(form, 'de')).toBe(4);
    expect(fieldState(field(form, 'nameInstruction'), form.translations.de!.nameInstruction)).toBe('outOfDate');
    form = { ...form, translations: mergeDrafts(form, 'de', { 'boxes.3.title': { text: 'Schlüsselbox', source: sourceHash('Lock box'), machine: true } }) };
    expect(leftToTranslate(form, 'de')).toBe(3);
    expect(fieldState(field(form, 'boxes.3.title'), form.translations.de!['boxes.3.title'])).toBe('machine');
  });

  it('counts the machine drafts to review until each is accepted or edited', () => {
    let form = guidebook();
    const drafts = {
      nameInstruction: { text: 'Hafenwohnung', source: sourceHash('Harbour flat'), machine: true },
      'boxes.3.title': { text: 'Schlüsselbox', source: sourceHash('Lock box'), machine: true },
      'checkoutSteps.0': { text: 'Tür zu', source: sourceHash('Close the door'), machine: true },
    };
    form = { ...form, translations: mergeDrafts(form, 'de', drafts) };
    expect([leftToTranslate(form, 'de'), draftsToReview(form, 'de')]).toEqual([1, 3]);
    form = { ...form, translations: confirmTranslation(form, 'de', field(form, 'boxes.3.title')) };
    form = { ...form, translations: writeTranslation(form, 'de', field(form, 'checkoutSteps.0'), 'Tür schließen') };
    expect([leftToTranslate(form, 'de'), draftsToReview(form, 'de')]).toEqual([1, 1]);
  });

  it('does not count a place’s name left empty: no machine drafts it, and a proper name often reads the same', () => {
    const base = guidebook();
    const form = { ...base, places: [{ id: 9, name: 'Konoba Fetivi', category: 'eat', note: '<p>Fish</p>', mapUrl: '', lat: null, lng: null, address: 'Ulica 1', website: '', phone: '', imageUrl: '', pick: false }] } as Instruction;
    expect(translatableFields(form).map((each) => each.key)).toEqual(['nameInstruction', 'boxes.3.title', 'boxes.3.paragraph', 'checkoutSteps.0', 'places.9.name', 'places.9.note']);
    expect(leftToTranslate(form, 'de')).toBe(5);
    const stale = { ...form, translations: { de: { 'places.9.name': { text: 'Konoba', source: 'deadbeef' } } } };
    expect(leftToTranslate(stale, 'de')).toBe(6);
  });

  it('adds and removes languages; offers none past 20 counting the main one, never the main one', () => {
    let form = guidebook();
    expect(addableLanguages(form)).not.toContain('en');
    form = { ...form, translations: addLanguage(form, 'de') };
    expect(translationLanguages(form)).toEqual(['de']);
    expect(addableLanguages(form)).not.toContain('de');
    form = { ...form, translations: removeLanguage(form, 'de') };
    expect(translationLanguages(form)).toEqual([]);
    const nineteen = Object.fromEntries(GUIDEBOOK_LANGUAGES.filter((tag) => tag !== 'en').slice(0, 19).map((tag) => [tag, {}]));
    expect(addableLanguages({ ...form, translations: nineteen })).toEqual([]);
    expect(addableLanguages({ ...form, translations: Object.fromEntries(Object.entries(nineteen).slice(1)) })).toHaveLength(GUIDEBOOK_LANGUAGES.length - 19);
  });
});

describe('the translation list', () => {
  it('typing makes a translation current and the host’s; Keep as is and Accept do the same without changing the text', () => {
    let form = guidebook({ de: { 'boxes.3.title': { text: 'Box', source: 'deadbeef', machine: true } } });
    const title = field(form, 'boxes.3.title');
    expect(fieldState(title, form.translations.de!['boxes.3.title'])).toBe('outOfDate');
    form = { ...form, translations: confirmTranslation(form, 'de', title) };
    expect(form.translations.de!['boxes.3.title']).toEqual({ text: 'Box', source: sourceHash('Lock box') });
    form = { ...form, translations: mergeDrafts(form, 'de', { 'checkoutSteps.0': { text: 'Tür zu', source: sourceHash('Close the door'), machine: true } }) };
    form = { ...form, translations: writeTranslation(form, 'de', field(form, 'checkoutSteps.0'), 'Tür schließen') };
    expect(form.translations.de!['checkoutSteps.0']).toEqual({ text: 'Tür schließen', source: sourceHash('Close the door') });
  });

  it('groups the fields by the editor’s sections, in its order', () => {
    expect(groupedFields(guidebook()).map((group) => [group.title, group.fields.map((f) => f.key)])).toEqual([
      ['Guidebook', ['nameInstruction']],
      ['Check-in steps', ['boxes.3.title', 'boxes.3.paragraph']],
      ['Check-out steps', ['checkoutSteps.0']],
    ]);
  });
});

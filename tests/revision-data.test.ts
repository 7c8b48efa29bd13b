// @no-database: the encoding of a saved version's document, read and written in memory.
import { describe, expect, it } from 'vitest';
import { packRevisionDocument, revisionDocument } from '../src/lib/server/guidebook/revision-data.ts';

const document = JSON.stringify({
  nameInstruction: 'Harbour Loft',
  boxes: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, title: `Step ${i + 1}`, paragraph: `<p>Take the stairs to floor ${i}, the key box is left of the door. Ключ — «${i}».</p>`, imageUrl: '' })),
  translations: { de: { textGreating: { text: '<p>Willkommen im Loft!</p>' } } },
});

describe('a saved version as History keeps it', () => {
  it('reads back exactly the document it was given, any script included', () => {
    expect(revisionDocument(packRevisionDocument(document))).toBe(document);
  });

  it('is kept smaller than the document, so a save writes fewer pages', () => {
    expect(packRevisionDocument(document).length).toBeLessThan(document.length / 2);
  });

  it('reads a version written as plain JSON by an earlier release', () => {
    expect(revisionDocument(document)).toBe(document);
  });
});

import type { Place } from '@shared/schemas/instruction.ts';

/** An item id is a timestamp (docs/product.md §3); two items added in the same millisecond still differ. */
export function newItemId(existing: readonly { id: number }[]): number {
  const now = Date.now();
  const highest = existing.reduce((max, item) => Math.max(max, item.id), 0);
  return now > highest ? now : highest + 1;
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** A recommended place as the editor and Auto-Fill add it: an id like a step's, the rest empty. */
export function newPlace(existing: readonly Place[], start: Partial<Omit<Place, 'id'>> = {}): Place {
  return { id: newItemId(existing), name: '', category: 'other', note: '', mapUrl: '', lat: null, lng: null, address: '', website: '', phone: '', imageUrl: '', pick: false, ...start };
}

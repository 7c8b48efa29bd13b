// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { instructionContentSchema, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { editsOnLatest, fieldList } from '../src/admin/features/editor/model/merge-edits.ts';
import { placesMapLayout } from '../src/admin/features/editor/model/places-map.ts';

/**
 * A stale save's three-way merge (src/admin/features/editor/model/merge-edits.ts): the version a
 * tab loaded, what the tab typed, and the latest saved elsewhere.
 */
function guidebook(content: Record<string, unknown>, version = 1): Instruction {
  return { ...instructionContentSchema.parse({ nameInstruction: 'Harbour flat', ...content }), _id: 'g1', token: 't', isFree: true, version } as unknown as Instruction;
}

describe('the edits of a stale tab on the latest version', () => {
  const loaded = guidebook({ code: '', wifiName: '', boxes: [{ id: 1, title: 'Door', paragraph: '', imageUrl: '' }] });

  it('takes every field the tab changed and every other from the latest, and says who changed what', () => {
    const form = { ...loaded, code: '1111', boxes: [{ id: 1, title: 'Front door', paragraph: '', imageUrl: '' }] };
    const latest = guidebook({ nameInstruction: 'Harbour loft', code: '', wifiName: 'Harbour-Guest', boxes: loaded.boxes }, 2);
    const edits = editsOnLatest(loaded, form, latest);
    expect(edits.form).toMatchObject({ nameInstruction: 'Harbour loft', wifiName: 'Harbour-Guest', code: '1111', version: 2, boxes: [{ id: 1, title: 'Front door' }] });
    expect(edits.theirs).toEqual(['Name changed', 'Wi-Fi name added']);
    expect(edits.mine).toEqual(['Door code added', 'Check-in step 1 edited']);
    expect(edits.both).toEqual([]);
  });

  it('names a field both changed to different values; the same value, or a typed form of the same link, is no conflict', () => {
    const form = { ...loaded, nameInstruction: 'Mine', wifiName: 'Same', whatsapp: '+385 91 555 0101' };
    const latest = guidebook({ nameInstruction: 'Theirs', wifiName: 'Same', whatsapp: 'https://wa.me/385915550101' }, 3);
    const edits = editsOnLatest(loaded, form, latest);
    expect(edits.both).toEqual(['nameInstruction']);
    expect(fieldList(edits.both)).toBe('Name');
    expect(fieldList(['nameInstruction', 'code', 'wifiName'])).toBe('Name, Door code and Wi-Fi name');
    // The tab's value, once the host confirmed: the merge holds it already.
    expect(edits.form.nameInstruction).toBe('Mine');
  });

  it('an untouched tab has nothing to keep', () => {
    const latest = guidebook({ nameInstruction: 'Theirs' }, 2);
    expect(editsOnLatest(loaded, loaded, latest)).toMatchObject({ mine: [], both: [], form: latest });
  });
});

describe('the editor’s map of the places', () => {
  const place = (id: number, lat: number | null, lng: number | null, pick = false) => ({ id, name: `P${id}`, category: 'other' as const, note: '', mapUrl: '', lat, lng, address: '', website: '', phone: '', imageUrl: '', pick });

  it('puts the property at the centre, north up, with rings at a round distance that hold the furthest place', () => {
    const layout = placesMapLayout([place(1, 43.5081, 16.4502), place(2, 43.5171, 16.4402), place(3, null, null)], 'https://www.google.com/maps/@43.5081,16.4402,17z');
    expect(layout.property).toEqual({ lat: 43.5081, lng: 16.4402 });
    const [east, north] = layout.pins;
    // About 806 m east and 1,002 m north: east is right, north is up.
    expect(east!.x).toBeGreaterThan(0);
    expect(Math.abs(east!.y)).toBeLessThan(0.5);
    expect(north!.y).toBeLessThan(0);
    expect(Math.abs(north!.x)).toBeLessThan(0.5);
    expect(layout.rings.map((ring) => ring.label)).toEqual(['500 m', '1 km', '1.5 km']);
    expect(Math.max(...layout.pins.map((pin) => Math.hypot(pin.x, pin.y)))).toBeLessThanOrEqual(layout.rings.at(-1)!.radius);
    expect(north!.walk).toMatch(/^1\.3 km · 17 min walk$/);
    expect(layout.unplaced).toEqual([{ id: 3, number: 3, name: 'P3' }]);
  });

  it('without the property’s point: the places around their middle, no rings, no walks; a place 10 km off sits on the edge', () => {
    const layout = placesMapLayout([place(1, 43.5081, 16.4402), place(2, 43.5091, 16.4402), place(3, 44.5, 16.44)], 'https://maps.app.goo.gl/AbCd');
    expect(layout.property).toBeNull();
    expect(layout.rings).toEqual([]);
    expect(layout.pins.map((pin) => pin.walk)).toEqual(['', '', '']);
    expect(layout.pins.map((pin) => pin.far)).toEqual([false, false, true]);
  });
});

/**
 * The host's recommendations: places nearby (the bakery, the beach), each in a category, with a
 * short note, where it is and how to reach it. Every field declares its kind (docs/style.md 16), so
 * the upload-ownership check, the sanitiser and the editor's comparison cover them unlisted.
 */
import { z } from 'zod';
import { PLACE_CATEGORY_IDS } from '../../place-categories.ts';
import { field, link, MAX_ADDRESS, MAX_PHONE, singleLine, visibleLength } from './fields.ts';
import { namedList } from './named-list.ts';

export const MAX_PLACES = 100;
/** A note is a few lines: characters of its text, markup not counted. */
export const MAX_PLACE_NOTE = 1_000;

const coordinate = (label: string, limit: number) =>
  field.plain(
    z
      .number({ error: `${label} must be a number.` })
      .min(-limit, `${label} must be between -${limit} and ${limit}.`)
      .max(limit, `${label} must be between -${limit} and ${limit}.`)
      .nullable(),
  );

export const placeSchema = z.object({
  /** The editor's timestamp, as for steps: drag order and keys survive a save. */
  id: field.plain(z.number({ error: 'Each place needs a numeric id.' }).int('Each place needs a numeric id.').min(0).max(Number.MAX_SAFE_INTEGER)),
  name: field.plain(singleLine('The name').refine((name) => name !== '', 'The name is required.'), { translatable: true, byHand: true, label: (place) => `Place ${place} name` }),
  category: field.plain(z.enum(PLACE_CATEGORY_IDS, { error: 'Choose one of the categories.' })).default('other'),
  note: field
    .richText('The note', { translatable: true, label: (place) => `Place ${place} note` })
    .refine((html) => visibleLength(html) <= MAX_PLACE_NOTE, `The note can be at most ${MAX_PLACE_NOTE.toLocaleString('en')} characters.`)
    .default(''),
  /** A map link the editor resolved (through the SSRF-safe resolver) into `lat`, `lng` and `address`. */
  mapUrl: field.link(link('The map link', ['http:', 'https:'])).default(''),
  lat: coordinate('The latitude', 90).default(null),
  lng: coordinate('The longitude', 180).default(null),
  /** Not translatable: a guest shows an address to a driver, or types it into a map, as it is written there (docs/decisions/021). */
  address: field.plain(singleLine('The address', MAX_ADDRESS)).default(''),
  website: field.link(link('The website', ['http:', 'https:'])).default(''),
  phone: field.plain(singleLine('The phone number', MAX_PHONE)).default(''),
  imageUrl: field.image('A place photo', { named: (place) => `The photo of place ${place}` }).default(''),
  /** The host's favourite: shown first. */
  pick: field.plain(z.boolean({ error: 'A favourite is true or false.' })).default(false),
});

/** At most MAX_PLACES, ids unique, a bad place named by its number and name. */
export const placesSchema = namedList(placeSchema, { noun: 'Place', plural: 'places', nameKey: 'name', max: MAX_PLACES });

export type Place = z.output<typeof placeSchema>;

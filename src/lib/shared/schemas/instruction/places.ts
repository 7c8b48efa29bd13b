/**
 * The host's recommendations: places nearby (the bakery, the beach), each in a category, with a
 * short note, where it is and how to reach it. Every field declares its kind (docs/style.md 16), so
 * the upload-ownership check, the sanitiser and the editor's comparison cover them unlisted.
 */
import { z } from 'zod';
import { PLACE_CATEGORY_IDS } from '../../place-categories.ts';
import { field, link, MAX_ADDRESS, MAX_PHONE, singleLine } from './fields.ts';

export const MAX_PLACES = 100;
/** A note is a few lines: characters of its text, markup not counted. */
export const MAX_PLACE_NOTE = 1_000;

const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z]+);/gi;

/** The characters a reader sees in `html` (tags left out, an entity counted once). */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(ENTITY, '_').length;
}

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
  name: field.plain(singleLine('The name').refine((name) => name !== '', 'The name is required.'), { translatable: true }),
  category: field.plain(z.enum(PLACE_CATEGORY_IDS, { error: 'Choose one of the categories.' })).default('other'),
  note: field
    .richText('The note', { translatable: true })
    .refine((html) => visibleLength(html) <= MAX_PLACE_NOTE, `The note can be at most ${MAX_PLACE_NOTE.toLocaleString('en')} characters.`)
    .default(''),
  /** A map link the editor resolved (through the SSRF-safe resolver) into `lat`, `lng` and `address`. */
  mapUrl: field.link(link('The map link', ['http:', 'https:'])).default(''),
  lat: coordinate('The latitude', 90).default(null),
  lng: coordinate('The longitude', 180).default(null),
  address: field.plain(singleLine('The address', MAX_ADDRESS), { translatable: true }).default(''),
  website: field.link(link('The website', ['http:', 'https:'])).default(''),
  phone: field.plain(singleLine('The phone number', MAX_PHONE)).default(''),
  imageUrl: field.image('A place photo', { named: (place) => `The photo of place ${place}` }).default(''),
  /** The host's favourite: shown first. */
  pick: field.plain(z.boolean({ error: 'A favourite is true or false.' })).default(false),
});

/** The first problem of `item` as "Place 3 (Bakery Mlinar): the website must be a link …". */
function namedProblem(item: unknown, position: number): { message: string; path: PropertyKey[] } | null {
  const result = placeSchema.safeParse(item);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const name = typeof item === 'object' && item !== null && typeof (item as { name?: unknown }).name === 'string' ? (item as { name: string }).name.trim().slice(0, 60) : '';
  const what = `${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
  return { message: `Place ${position}${name ? ` (${name})` : ''}: ${what}`, path: issue.path };
}

/**
 * At most MAX_PLACES, ids unique. A bad place answers with its number and name, so a host with
 * thirty places finds it (docs/product.md §5); nothing of the body is saved then.
 */
export const placesSchema = z.preprocess(
  (input, context) => {
    if (!Array.isArray(input)) return input;
    input.forEach((item, index) => {
      const problem = namedProblem(item, index + 1);
      if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [index, ...problem.path], input: item });
    });
    return input;
  },
  z
    .array(placeSchema, { error: 'Places must be a list.' })
    .max(MAX_PLACES, `A guidebook can have at most ${MAX_PLACES} places.`)
    .refine((places) => new Set(places.map((place) => place.id)).size === places.length, 'Two places have the same id.'),
);

export type Place = z.output<typeof placeSchema>;

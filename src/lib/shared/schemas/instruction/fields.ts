/**
 * The validators the guidebook's fields are made of (one line of text, rich text, a link, an
 * uploaded image) and `field`, which declares what kind each field is where the field is defined
 * (docs/style.md 16, docs/decisions/018-field-kinds.md).
 */
import { z } from 'zod';
import { declareField, type FieldName } from '../field-kinds.ts';
import { isMediaPath } from '../media-path.ts';

/** Single-line fields (names, address, code, phone, Wi-Fi, step titles). */
export const MAX_TEXT = 200;
/** One rich-text field (a step paragraph, the welcome text), as HTML, before and after sanitising. */
export const MAX_RICH = 10_000;
/** A written address (reverse geocoding can answer long ones). */
export const MAX_ADDRESS = 400;
/** A phone number with country code, as free text ("+385 91 555 0101"). */
export const MAX_PHONE = 50;
export const MAX_URL = 2048;
export const MAX_MEDIA_PATH = 500;

/** Markers inside rich text (docs/product.md §3 "Box"): where the lock-box code and the address link go. */
export const MARKER_NAMES = ['lockbox', 'address'] as const;
export type MarkerName = (typeof MARKER_NAMES)[number];
export const LOCKBOX_MARKER = '<span data-marker="lockbox"></span>';
export const ADDRESS_MARKER = '<span data-marker="address"></span>';

/** Schemes a link field may use; Viber's own app links (`viber://chat?number=…`) are also fine there. */
export const LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:', 'tel:'];
export const VIBER_SCHEMES: readonly string[] = [...LINK_SCHEMES, 'viber:'];

// eslint-disable-next-line no-control-regex -- control characters are exactly what these match
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** "facebook.com/x" or "www.x.com": a bare host name, read as https. */
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+(?::\d+)?(?:[/?#]|$)/i;

/**
 * Never needed unescaped in a link, and each can break out of an attribute or hide a scheme
 * (browsers drop tabs and line breaks inside `java\tscript:`): refused outright.
 */
// eslint-disable-next-line no-control-regex -- control characters are refused in links
const UNSAFE_IN_URL = /[\u0000-\u001f\u007f"<>`\\]/;

/** True when `value` is an absolute URL with one of `schemes` and none of the unsafe characters. */
export function isAllowedUrl(value: string, schemes: readonly string[] = LINK_SCHEMES): boolean {
  if (UNSAFE_IN_URL.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!schemes.includes(url.protocol)) return false;
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname !== '' : true;
}

/**
 * A single line: control characters (pasted line breaks) turned into spaces, then trimmed, in
 * that order so that saving the result again gives the same string.
 */
export function singleLine(label: string, max = MAX_TEXT) {
  return z
    .string({ error: `${label} must be text.` })
    .transform((value) => value.replace(CONTROL, ' ').trim())
    .pipe(z.string().max(max, `${label} can be at most ${max} characters.`));
}

const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z]+);/gi;

/** The characters a reader sees in `html` (tags left out, an entity counted once): short rich text counts these. */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(ENTITY, '_').length;
}

/** Rich text as HTML; the server sanitises it after this check (src/lib/server/instructions). */
export function richText(label: string) {
  return z.string({ error: `${label} must be text.` }).max(MAX_RICH, `${label} is too long (at most ${MAX_RICH} characters).`);
}

/** '' or an absolute link with an allowed scheme; a bare "example.com/x" becomes https. */
export function link(label: string, schemes: readonly string[] = LINK_SCHEMES) {
  const names = schemes.map((scheme) => (scheme === 'http:' || scheme === 'https:' ? `${scheme}//` : scheme)).join(', ');
  return z
    .string({ error: `${label} must be a link.` })
    .trim()
    .max(MAX_URL, `${label} can be at most ${MAX_URL} characters.`)
    .transform((value) => (BARE_HOST.test(value) ? `https://${value}` : value))
    .refine((value) => value === '' || isAllowedUrl(value, schemes), `${label} must be a link starting with ${names}.`);
}

/** '' or an uploaded image (`/media/…`). */
export function mediaPath(label: string) {
  return z
    .string({ error: `${label} must be an uploaded image.` })
    .trim()
    .max(MAX_MEDIA_PATH, `${label} must be an uploaded image.`)
    .refine(isMediaPath, `${label} must be an uploaded image.`);
}

interface KindOptions {
  /** Guests may want it in their language: the guidebook's translations cover it (docs/decisions/021). */
  translatable?: boolean;
  /** How the translations name it to a host: "Welcome message", or by the item's place ("Check-in step 2 title"). */
  label?: FieldName;
  /** Translated by the host only, never drafted by machine (a place's name, docs/decisions/021). */
  byHand?: boolean;
}

/**
 * The kind of each field, declared where the field is defined: `field.image('The cover photo')`,
 * `field.richText('A step text', { translatable: true })`, `field.secret(singleLine('The code'))`.
 * An image or a rich-text field is built here from its label, which its messages use as its name
 * ("The cover photo must be one of your own uploads…", "The welcome message is too long…"); the
 * other kinds wrap their validator. Every field of the guidebook declares one (tests/field-kinds.test.ts).
 */
export const field = {
  /**
   * An uploaded image: the server accepts only the host's own uploads (docs/security.md 30).
   * `named` names the field of a list's item by the item's place ("The image of check-in step 2").
   */
  image: (label: string, { named }: { named?: (position: number) => string } = {}) =>
    declareField(mediaPath(label), { kind: 'image', translatable: false, name: named ?? label }),
  /** HTML from the editor: the server sanitises it before storing (docs/security.md 16). */
  richText: (name: string, { translatable = false, label, byHand }: KindOptions = {}) => declareField(richText(name), { kind: 'richText', translatable, name, label, byHand }),
  link: <S extends z.ZodType>(schema: S, { translatable = false, label }: KindOptions = {}) => declareField(schema, { kind: 'link', translatable, label }),
  plain: <S extends z.ZodType>(schema: S, { translatable = false, label, byHand }: KindOptions = {}) => declareField(schema, { kind: 'plain', translatable, label, byHand }),
  /** Kept from guests while the secrets policy gates it; never translatable. */
  secret: <S extends z.ZodType>(schema: S) => declareField(schema, { kind: 'secret', translatable: false }),
};

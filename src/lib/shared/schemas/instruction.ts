/**
 * The instruction (guidebook) document: one zod schema shared by the editor's form and the API
 * (STYLE.md 3). Field names are SPEC §3's, odd spellings included; they are the API contract.
 *
 * ## API contract (src/pages/api/instruction, all JSON, errors are `{ message }`)
 *
 * Instruction as answered: `_id, nameInstruction, address, addressUrl, code, token, isFree,
 * boxes [{ id, title, paragraph, imageUrl }], manualBoxes [{ id, paragraph, imageUrl }], phone,
 * whatsapp, viber, telegram, facebook, instagram, wifiName, wifiPassword, wifiSecurity,
 * selectedHouseRules, textGreating, photoGreating, hostName, selectedTheme, taxiLink, rentCarLink,
 * foodLink, parkingLink, brandingTitle, coverImage, secretsPolicy, secretsPin, revealHoursBefore, timeZone,
 * checkInTime, checkOutTime, checkoutSteps, version, updatedAt` (ISO string), plus `firstColor,
 * secondColor, isRounded, isSinglePage` when they were ever sent.
 *
 * `checkInTime` and `checkOutTime` are the property's usual times, "HH:MM" (24 h) where the property
 * is (`timeZone`), or '' for none; `checkoutSteps` is what guests do before leaving, plain-text lines
 * (at most 20 of at most 200 characters; empty lines are dropped).
 *
 * - `GET /api/instruction` → `Instruction[]` of the signed-in host, newest first.
 * - `POST /api/instruction` (optional partial content) → 201 `{ message, instruction }`; the rest
 *   comes from the host's auto-fill settings, `photoGreating` ← picture, `hostName` ← name.
 *   Free plan and 3 guidebooks already → 403 `{ message: messages.instruction.outOfFree }`.
 * - `GET /api/instruction/:id` → `Instruction`.
 * - `PUT /api/instruction/:id` (whole content + the `version` it was loaded at) → `{ message:
 *   'Product Updated', instruction }` with `version` + 1; a stale `version` → 409. `_id`, `token`,
 *   `isFree`, `user` in the body are ignored. An empty or blank `nameInstruction` → 400 `{ message:
 *   'Give the guidebook a name.' }`, in POST too (a POST without the field gets the default name).
 * - `POST /api/instruction/:id` (duplicate) → 201 `{ message, instruction }`: new `_id`, new token,
 *   counts toward the Free limit.
 * - `DELETE /api/instruction/:id` → `{ message: 'Instruction deleted' }`.
 * - `PATCH /api/instruction/:id` `{ code }` ('' allowed) → `{ message, instruction }`.
 * - `GET /api/instruction/preview/:token` (public) → `GuestInstruction`: the content plus `token`,
 *   `user` (owner id) and `premium`; no `_id`, `isFree`, `version`, `updatedAt`.
 * - `PATCH /api/instruction/preview/:token` (owner) → `{ message: 'Link Updated', instruction }`
 *   with a new token; the old one answers 404 at once.
 * - Someone else's id or token → 404 `{ message: 'Instruction not found' }`. A guidebook made on a
 *   paid plan (`isFree: false`) while the host has no plan → 403 for PUT, duplicate, code, link.
 *
 * Contact fields (`whatsapp`, `viber`, `telegram`, `facebook`, `instagram`) take what hosts type (a
 * number, a handle) or a link to that service, and are stored and answered as the link
 * (src/lib/shared/contact-links.ts); anything else → 400 with a message saying what to type.
 *
 * Rich text (`paragraph`, `textGreating`) is HTML from the editor; the server keeps only p, br,
 * strong, em, u, s, ul, ol, li, a[href http(s)/mailto/tel] and the two marker spans below, and
 * stores the result (SECURITY.md 16). The renderer replaces the markers with the lock-box code and
 * the address link.
 */
import { z } from 'zod';
import { contactLink, type ContactKind } from '../contact-links.ts';
import { DEFAULT_HOUSE_RULES, HOUSE_RULE_COUNT } from '../house-rules.ts';
import { messages } from '../messages.ts';
import { DEFAULT_THEME, THEME_VALUES } from '../themes.ts';
import { isMediaPath } from './media-path.ts';

export const MAX_BOXES = 50;
export const MAX_MANUAL_BOXES = 50;
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

// Guidebooks made before the UI said "guidebook" throughout may still hold "Your instruction name".
export const DEFAULT_INSTRUCTION_NAME = 'Your guidebook name';

/** Markers inside rich text (SPEC §3 "Box"): where the lock-box code and the address link go. */
export const MARKER_NAMES = ['lockbox', 'address'] as const;
export type MarkerName = (typeof MARKER_NAMES)[number];
export const LOCKBOX_MARKER = '<span data-marker="lockbox"></span>';
export const ADDRESS_MARKER = '<span data-marker="address"></span>';

export const WIFI_SECURITY = ['WPA', 'WEP', 'nopass'] as const;

/** "15:00", "09:30": a time of day on the 24-hour clock, as `<input type="time">` gives it. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** What guests do before leaving ("Strip the beds"): a short list, one line each. */
export const MAX_CHECKOUT_STEPS = 20;

/** '' or "HH:MM" on the 24-hour clock, where the property is. */
export function clockTime(label: string) {
  const message = `${label} must be a time like 15:00 (24-hour clock), or empty.`;
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || CLOCK_TIME.test(value), message);
}

/**
 * Who sees the door code and the Wi-Fi password (issue 14, docs/decisions/013): everyone with the
 * link (`always`, the default), guests on a stay link during their stay (`stay`), or whoever knows
 * the host's PIN (`pin`). A gated guidebook's page and snapshot never hold either secret.
 */
export const SECRETS_POLICIES = ['always', 'stay', 'pin'] as const;
export type SecretsPolicy = (typeof SECRETS_POLICIES)[number];
export const DEFAULT_REVEAL_HOURS = 24;
/** A week: a guest rarely needs the code earlier, and the window should stay short. */
export const MAX_REVEAL_HOURS = 168;
/** Any PIN guests can type: older guidebooks keep their 4- and 5-digit PINs working. */
export const PIN_PATTERN = /^\d{4,8}$/;
/**
 * A PIN chosen now has at least 6 digits (SECURITY.md, "Guest links, stays and door codes"): a million values
 * against 100 wrong tries a day on a link takes decades to guess.
 */
export const NEW_PIN_DIGITS = 6;

/** Why `pin` cannot be saved over `savedPin` (the guidebook's PIN as stored, '' for none), or null. */
export function newPinProblem(pin: string, savedPin: string): string | null {
  if (pin === '' || pin === savedPin) return null;
  return pin.length < NEW_PIN_DIGITS || !PIN_PATTERN.test(pin) ? `A new PIN must be ${NEW_PIN_DIGITS} to 8 digits.` : null;
}

/** True when `zone` is an IANA time zone this runtime knows ('Europe/Zagreb', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
export type WifiSecurity = (typeof WIFI_SECURITY)[number];

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

/**
 * '' or a contact channel as the host types it (a number, a handle) or as a link to that service;
 * what is stored is the link (contact-links.ts), so older clients that send links keep working.
 * The link passes the same `isAllowedUrl` check as every other link field.
 */
export function contactField(kind: ContactKind, label: string) {
  const schemes = kind === 'viber' ? VIBER_SCHEMES : ['https:'];
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(MAX_URL, `${label} can be at most ${MAX_URL} characters.`)
    .transform((typed, ctx) => {
      const result = contactLink(kind, typed);
      // Belt and braces: the link passes the check every link field passes; encoding may lengthen it.
      const message = !result.ok
        ? result.message
        : result.link.length > MAX_URL
          ? `${label} can be at most ${MAX_URL} characters.`
          : result.link !== '' && !isAllowedUrl(result.link, schemes)
            ? messages.contactLinks[kind]
            : null;
      if (result.ok && message === null) return result.link;
      ctx.issues.push({ code: 'custom', input: typed, message: message ?? messages.contactLinks[kind] });
      return z.NEVER;
    });
}

/** '' or an uploaded image (`/media/…`). */
export function mediaPath(label: string) {
  return z
    .string({ error: `${label} must be an uploaded image.` })
    .trim()
    .max(MAX_MEDIA_PATH, `${label} must be an uploaded image.`)
    .refine(isMediaPath, `${label} must be an uploaded image.`);
}

/** Step ids are the editor's timestamps (SPEC §3); kept as sent so drag order and keys survive. */
const boxId = z.number({ error: 'Each step needs a numeric id.' }).int('Each step needs a numeric id.').min(0).max(Number.MAX_SAFE_INTEGER);

export const boxSchema = z.object({
  id: boxId,
  title: singleLine('A step title').default(''),
  paragraph: richText('A step text').default(''),
  imageUrl: mediaPath('A step image').default(''),
});

export const manualBoxSchema = z.object({
  id: boxId,
  paragraph: richText('An additional info text').default(''),
  imageUrl: mediaPath('An additional info image').default(''),
});

function uniqueIds(boxes: ReadonlyArray<{ id: number }>): boolean {
  return new Set(boxes.map((box) => box.id)).size === boxes.length;
}

const houseRules = z
  .array(z.number({ error: 'House rules must be a list of rule numbers.' }).int('House rules must be a list of rule numbers.').min(1, `House rules are numbered 1 to ${HOUSE_RULE_COUNT}.`).max(HOUSE_RULE_COUNT, `House rules are numbered 1 to ${HOUSE_RULE_COUNT}.`), {
    error: 'House rules must be a list of rule numbers.',
  })
  .max(HOUSE_RULE_COUNT, 'House rules must be a list of rule numbers.')
  // A rule picked twice is the same rule: keep the first place.
  .transform((ids) => [...new Set(ids)]);

/**
 * Every editable field, without defaults (so a partial body can be told apart from a full one).
 * Settings (schemas/settings.ts) reuse these validators for the fields they share.
 */
export const instructionFields = {
  // Required once sent (an empty one was accepted before: stored rows may hold '' and still read).
  nameInstruction: singleLine('The name').refine((name) => name !== '', messages.instruction.nameRequired),
  address: singleLine('The address', MAX_ADDRESS),
  addressUrl: link('The map link', ['http:', 'https:']),
  code: singleLine('The code'),
  boxes: z
    .array(boxSchema, { error: 'Check-in steps must be a list.' })
    .max(MAX_BOXES, `A guidebook can have at most ${MAX_BOXES} check-in steps.`)
    .refine(uniqueIds, 'Two check-in steps have the same id.'),
  manualBoxes: z
    .array(manualBoxSchema, { error: 'Additional info must be a list.' })
    .max(MAX_MANUAL_BOXES, `A guidebook can have at most ${MAX_MANUAL_BOXES} additional info steps.`)
    .refine(uniqueIds, 'Two additional info steps have the same id.'),
  phone: singleLine('The phone number', MAX_PHONE),
  whatsapp: contactField('whatsapp', 'The WhatsApp number'),
  viber: contactField('viber', 'The Viber number'),
  telegram: contactField('telegram', 'The Telegram username'),
  facebook: contactField('facebook', 'The Facebook page'),
  instagram: contactField('instagram', 'The Instagram handle'),
  wifiName: singleLine('The Wi-Fi name'),
  wifiPassword: singleLine('The Wi-Fi password'),
  wifiSecurity: z.enum(WIFI_SECURITY, { error: 'Wi-Fi security must be WPA, WEP or none.' }),
  selectedHouseRules: houseRules,
  textGreating: richText('The welcome message'),
  photoGreating: mediaPath('The host picture'),
  hostName: singleLine('The host name'),
  selectedTheme: z.enum(THEME_VALUES, { error: 'Choose one of the themes.' }),
  taxiLink: link('The taxi link'),
  rentCarLink: link('The car rental link'),
  foodLink: link('The food order link'),
  /** Where guests park (a map pin, a garage's page); the guest page's Parking button (SPEC §2). */
  parkingLink: link('The parking link'),
  brandingTitle: singleLine('The branding title'),
  /** The photo at the top of the guest page and on the dashboard card (issue 14 item 5). */
  coverImage: mediaPath('The cover photo'),
  secretsPolicy: z.enum(SECRETS_POLICIES, { error: 'Choose who sees the door code and Wi-Fi password.' }),
  /**
   * The PIN guests type when `secretsPolicy` is `pin` (4 to 8 digits, as older guidebooks keep
   * theirs; a new one needs 6, checked against the stored one by `newPinProblem`); '' otherwise allowed.
   */
  secretsPin: z
    .string({ error: 'The PIN must be 4 to 8 digits.' })
    .trim()
    .refine((pin) => pin === '' || PIN_PATTERN.test(pin), 'The PIN must be 4 to 8 digits.'),
  revealHoursBefore: z
    .number({ error: 'Hours before check-in must be a whole number.' })
    .int('Hours before check-in must be a whole number.')
    .min(0, 'Hours before check-in cannot be negative.')
    .max(MAX_REVEAL_HOURS, `Hours before check-in can be at most ${MAX_REVEAL_HOURS} (a week).`),
  /** The property's IANA time zone: stays' times are entered and shown in it ('' reads as UTC). */
  timeZone: z
    .string({ error: 'The time zone must be text.' })
    .trim()
    .refine((zone) => zone === '' || isTimeZone(zone), 'Choose a time zone from the list (like Europe/Zagreb).'),
  /** The property's usual check-in and check-out times (guest page header, Check-out section, new stays). */
  checkInTime: clockTime('The check-in time'),
  checkOutTime: clockTime('The check-out time'),
  checkoutSteps: z
    .array(singleLine('A check-out step'), { error: 'Check-out steps must be a list of lines.' })
    .max(MAX_CHECKOUT_STEPS, `A guidebook can have at most ${MAX_CHECKOUT_STEPS} check-out steps.`)
    // An editor's blank row is no step.
    .transform((steps) => steps.filter((step) => step !== '')),
};

/** Kept when sent (SPEC §3 lists them for the editor's unsaved-change check); no default. */
const extraFields = {
  firstColor: z.string().regex(/^#[0-9a-f]{3,8}$/i, 'Colours must be hex values like #4a90e2.').optional(),
  secondColor: z.string().regex(/^#[0-9a-f]{3,8}$/i, 'Colours must be hex values like #4a90e2.').optional(),
  isRounded: z.boolean().optional(),
  isSinglePage: z.boolean().optional(),
};

type Fields = typeof instructionFields;
type FieldValues = { [K in keyof Fields]: z.output<Fields[K]> };

/** What a new, empty guidebook holds (SPEC §3 defaults). */
export const INSTRUCTION_DEFAULTS: FieldValues = {
  nameInstruction: DEFAULT_INSTRUCTION_NAME,
  address: '',
  addressUrl: '',
  code: '',
  boxes: [],
  manualBoxes: [],
  phone: '',
  whatsapp: '',
  viber: '',
  telegram: '',
  facebook: '',
  instagram: '',
  wifiName: '',
  wifiPassword: '',
  wifiSecurity: 'WPA',
  selectedHouseRules: [...DEFAULT_HOUSE_RULES],
  textGreating: '',
  photoGreating: '',
  hostName: '',
  selectedTheme: DEFAULT_THEME,
  taxiLink: '',
  rentCarLink: '',
  foodLink: '',
  parkingLink: '',
  brandingTitle: '',
  coverImage: '',
  secretsPolicy: 'always',
  secretsPin: '',
  revealHoursBefore: DEFAULT_REVEAL_HOURS,
  timeZone: '',
  checkInTime: '',
  checkOutTime: '',
  checkoutSteps: [],
};

function withDefaults<S extends Record<string, z.ZodType>>(shape: S, defaults: { [K in keyof S]: z.output<S[K]> }) {
  const out: Record<string, z.ZodType> = {};
  for (const key of Object.keys(shape)) {
    const value = defaults[key as keyof S];
    // Fresh copies: a default array must never be shared between two parsed documents.
    out[key] = shape[key]!.default(() => structuredClone(value) as never);
  }
  return out as { [K in keyof S]: z.ZodDefault<S[K]> };
}

/**
 * The whole editable content. Missing fields take their defaults, unknown fields are dropped
 * (zod's default for objects), so `_id`, `token`, `isFree` or `user` in a body change nothing.
 */
export const instructionContentSchema = z
  .object({ ...withDefaults(instructionFields, INSTRUCTION_DEFAULTS), ...extraFields }, { error: 'The guidebook must be an object.' })
  .refine((content) => content.secretsPolicy !== 'pin' || content.secretsPin !== '', { message: `Choose a PIN (${NEW_PIN_DIGITS} to 8 digits) for guests to type.`, path: ['secretsPin'] });

/** A partial content (POST /api/instruction): only the fields sent, nothing defaulted. */
export const instructionPartialSchema = z.object({ ...instructionFields, ...extraFields }).partial();

/** PUT /api/instruction/:id: the whole content and the version it was loaded at. */
export const saveInstructionSchema = instructionContentSchema.safeExtend({
  version: z.number({ error: 'Reload the guidebook before saving (its version is missing).' }).int().min(1),
});

/** PATCH /api/instruction/:id: the code alone ('' clears it; SPEC §5: no client-side rule). */
export const changeCodeSchema = z.object({ code: instructionFields.code }, { error: 'The code must be text.' });

export type InstructionContentInput = z.input<typeof instructionContentSchema>;
export type InstructionContent = z.output<typeof instructionContentSchema>;
export type InstructionPartial = z.output<typeof instructionPartialSchema>;
export type Box = z.output<typeof boxSchema>;
export type ManualBox = z.output<typeof manualBoxSchema>;

/** An instruction as the owner's API answers it. */
export type Instruction = InstructionContent & {
  _id: string;
  token: string;
  isFree: boolean;
  version: number;
  /** ISO 8601. */
  updatedAt: string;
  /**
   * When wrong PINs on the public link reached the daily cap: until when (ISO 8601) no PIN is
   * compared there, unless the host changes it; null while PINs are checked.
   */
  pinGuessingStoppedUntil: string | null;
};

/** GET /api/instruction/preview/:token: what the guest page needs and nothing private. */
export type GuestInstruction = InstructionContent & {
  token: string;
  /** Owner id (SPEC §3). */
  user: string;
  /** The owner is on Premium: branding title and theme apply (SPEC §4 "Guest preview"). */
  premium: boolean;
  /**
   * Issue 14: which secrets this answer leaves out because the secrets policy gates them (`code`
   * and `wifiPassword` are '' then, `secretsPin` always is); null when nothing is gated.
   */
  gatedSecrets: { code: boolean; wifiPassword: boolean } | null;
};

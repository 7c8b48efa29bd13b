/**
 * The guidebook's content: every editable field with its kind (docs/style.md 16), the defaults a
 * new guidebook starts from, and the schemas the API parses bodies with.
 */
import { z } from 'zod';
import { DEFAULT_HOUSE_RULES } from '../../house-rules.ts';
import { DEFAULT_GUIDEBOOK_LANGUAGE } from '../../languages.ts';
import { messages } from '../../messages.ts';
import { DEFAULT_THEME, THEME_VALUES } from '../../themes.ts';
import { schemaFields } from '../field-kinds.ts';
import { clockTime, DEFAULT_REMINDER_HOURS, DEFAULT_REVEAL_HOURS, isTimeZone, MAX_REMINDER_HOURS, MAX_REVEAL_HOURS, MIN_REMINDER_HOURS, NEW_PIN_DIGITS, PIN_PATTERN, SECRETS_POLICIES, WIFI_SECURITY } from './access.ts';
import { contactField } from './contacts.ts';
import { field, link, MAX_ADDRESS, MAX_PHONE, singleLine } from './fields.ts';
import { channelRulesSchema, DEFAULT_CHANNEL_RULES } from './channel-rules.ts';
import { extrasOnPublicLinkSchema, extrasSchema } from './extras.ts';
import { placesSchema } from './places.ts';
import { boxesSchema, checkoutStepsSchema, houseRulesSchema, manualBoxesSchema } from './steps.ts';
import { browserLanguageSchema, languageSchema, translationIssues, translationsSchema } from './translations.ts';

/**
 * `arrivalReminder`: whether a stay's guest who has not opened the link gets a mail with it
 * `hoursBefore` check-in (docs/product/insights.md). Off in a new guidebook and in one stored before the field existed.
 */
export const arrivalReminderSchema = z.object(
  {
    enabled: field.plain(z.boolean({ error: 'The arrival reminder is on or off.' })),
    hoursBefore: field.plain(
      z
        .number({ error: 'Hours before check-in must be a whole number.' })
        .int('Hours before check-in must be a whole number.')
        .min(MIN_REMINDER_HOURS, `The reminder goes at least ${MIN_REMINDER_HOURS} hours before check-in.`)
        .max(MAX_REMINDER_HOURS, `The reminder goes at most ${MAX_REMINDER_HOURS} hours (a week) before check-in.`),
    ),
  },
  { error: 'The arrival reminder must be an object.' },
);

export type ArrivalReminder = z.output<typeof arrivalReminderSchema>;

/** How many days before check-in the stay link may go by itself, at least and at most, and by default. */
export const MIN_LINK_DAYS = 1;
export const MAX_LINK_DAYS = 14;
export const DEFAULT_PMS_GUEST_MAIL = { link: true, daysBefore: 3, reminder: true };

/**
 * `pmsGuestMail`: what the guests of stays a booking system brought get by mail
 * (docs/decisions/029-pms-connectors.md §9): their stay link `daysBefore` check-in (`link`), and the
 * reminder before arrival when they have not opened it (`reminder`). On in a new guidebook and in
 * one stored before the field existed: it touches only stays a booking system brought.
 */
export const pmsGuestMailSchema = z.object(
  {
    link: field.plain(z.boolean({ error: 'Mailing the stay link is on or off.' })),
    daysBefore: field.plain(
      z
        .number({ error: 'Days before check-in must be a whole number.' })
        .int('Days before check-in must be a whole number.')
        .min(MIN_LINK_DAYS, `The stay link goes at least ${MIN_LINK_DAYS} day before check-in.`)
        .max(MAX_LINK_DAYS, `The stay link goes at most ${MAX_LINK_DAYS} days before check-in.`),
    ),
    reminder: field.plain(z.boolean({ error: 'The reminder is on or off.' })),
  },
  { error: 'The guest mails must be an object.' },
);

export type PmsGuestMail = z.output<typeof pmsGuestMailSchema>;

// Guidebooks made before the UI said "guidebook" throughout may still hold "Your instruction name".
export const DEFAULT_INSTRUCTION_NAME = 'Your guidebook name';

/**
 * Every editable field, without defaults (so a partial body can be told apart from a full one),
 * each declared with its kind. Settings (schemas/settings.ts) reuse these validators for the
 * fields they share. The host's name, the Wi-Fi's and every address are not translatable (a guest
 * shows an address as it is written there); the guidebook's name, the brand's and the prose guests
 * read are (docs/decisions/021).
 */
export const instructionFields = {
  // Required once sent (an empty one was accepted before: stored rows may hold '' and still read).
  nameInstruction: field.plain(singleLine('The name').refine((name) => name !== '', messages.instruction.nameRequired), { translatable: true, label: 'Name' }),
  address: field.plain(singleLine('The address', MAX_ADDRESS)),
  addressUrl: field.link(link('The map link', ['http:', 'https:'])),
  code: field.secret(singleLine('The code')),
  boxes: boxesSchema,
  manualBoxes: manualBoxesSchema,
  phone: field.plain(singleLine('The phone number', MAX_PHONE)),
  whatsapp: field.link(contactField('whatsapp', 'The WhatsApp number')),
  viber: field.link(contactField('viber', 'The Viber number')),
  telegram: field.link(contactField('telegram', 'The Telegram username')),
  facebook: field.link(contactField('facebook', 'The Facebook page')),
  instagram: field.link(contactField('instagram', 'The Instagram handle')),
  wifiName: field.plain(singleLine('The Wi-Fi name')),
  wifiPassword: field.secret(singleLine('The Wi-Fi password')),
  wifiSecurity: field.plain(z.enum(WIFI_SECURITY, { error: 'Wi-Fi security must be WPA, WEP or none.' })),
  selectedHouseRules: houseRulesSchema,
  textGreating: field.richText('The welcome message', { translatable: true, label: 'Welcome message' }),
  photoGreating: field.image('The host picture'),
  hostName: field.plain(singleLine('The host name')),
  selectedTheme: field.plain(z.enum(THEME_VALUES, { error: 'Choose one of the themes.' })),
  taxiLink: field.link(link('The taxi link')),
  rentCarLink: field.link(link('The car rental link')),
  foodLink: field.link(link('The food order link')),
  /** Where guests park (a map pin, a garage's page); the guest page's Parking button (docs/product.md §2). */
  parkingLink: field.link(link('The parking link')),
  brandingTitle: field.plain(singleLine('The branding title'), { translatable: true, label: 'Branding title' }),
  /** The photo at the top of the guest page and on the dashboard card. */
  coverImage: field.image('The cover photo'),
  secretsPolicy: field.plain(z.enum(SECRETS_POLICIES, { error: 'Choose who sees the door code and Wi-Fi password.' })),
  /**
   * The PIN guests type when `secretsPolicy` is `pin` (4 to 8 digits, as older guidebooks keep
   * theirs; a new one needs 6, checked against the stored one by `newPinProblem`); '' otherwise allowed.
   */
  secretsPin: field.secret(
    z
      .string({ error: 'The PIN must be 4 to 8 digits.' })
      .trim()
      .refine((pin) => pin === '' || PIN_PATTERN.test(pin), 'The PIN must be 4 to 8 digits.'),
  ),
  revealHoursBefore: field.plain(
    z
      .number({ error: 'Hours before check-in must be a whole number.' })
      .int('Hours before check-in must be a whole number.')
      .min(0, 'Hours before check-in cannot be negative.')
      .max(MAX_REVEAL_HOURS, `Hours before check-in can be at most ${MAX_REVEAL_HOURS} (a week).`),
  ),
  /** The property's IANA time zone: stays' times are entered and shown in it ('' reads as UTC). */
  timeZone: field.plain(
    z
      .string({ error: 'The time zone must be text.' })
      .trim()
      .refine((zone) => zone === '' || isTimeZone(zone), 'Choose a time zone from the list (like Europe/Zagreb).'),
  ),
  /** The property's usual check-in and check-out times (guest page header, Check-out section, new stays). */
  checkInTime: field.plain(clockTime('The check-in time')),
  checkOutTime: field.plain(clockTime('The check-out time')),
  /** The mail to a stay's guest who has not opened the link, before check-in (docs/product/insights.md). */
  arrivalReminder: arrivalReminderSchema,
  /** The mails to guests of a booking system's stays (docs/decisions/029-pms-connectors.md §9). */
  pmsGuestMail: pmsGuestMailSchema,
  checkoutSteps: checkoutStepsSchema,
  /** The host's recommendations nearby (places.ts). */
  places: placesSchema,
  /** What guests can buy or ask for: late check-out, early check-in, items (extras.ts). */
  extras: extrasSchema,
  /** The public link offers the item extras too, to guests who give a name and an e-mail (extras.ts). */
  extrasOnPublicLink: extrasOnPublicLinkSchema,
  /** Per channel and for the public link: extras offered, feedback asked (channel-rules.ts, docs/decisions/028 §10). */
  channelRules: channelRulesSchema,
  /** The language the guidebook is written in (docs/decisions/021); older guidebooks read as English. */
  language: languageSchema,
  /** `{ [language]: { [fieldKey]: { text, source, machine? } } }` over the translatable fields (translations.ts). */
  translations: translationsSchema,
};

const hexColour = () => field.plain(z.string().regex(/^#[0-9a-f]{3,8}$/i, 'Colours must be hex values like #4a90e2.'));

/** Kept when sent (docs/product.md §3 lists them for the editor's unsaved-change check); no default. */
const extraFields = {
  firstColor: hexColour().optional(),
  secondColor: hexColour().optional(),
  isRounded: field.plain(z.boolean()).optional(),
  isSinglePage: field.plain(z.boolean()).optional(),
};

type Fields = typeof instructionFields;
type FieldValues = { [K in keyof Fields]: z.output<Fields[K]> };

/** What a new, empty guidebook holds (docs/product.md §3 defaults). */
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
  arrivalReminder: { enabled: false, hoursBefore: DEFAULT_REMINDER_HOURS },
  pmsGuestMail: { ...DEFAULT_PMS_GUEST_MAIL },
  checkoutSteps: [],
  places: [],
  extras: [],
  extrasOnPublicLink: false,
  channelRules: DEFAULT_CHANNEL_RULES,
  language: DEFAULT_GUIDEBOOK_LANGUAGE,
  translations: {},
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

const contentObject = z.object({ ...withDefaults(instructionFields, INSTRUCTION_DEFAULTS), ...extraFields }, { error: 'The guidebook must be an object.' });

/**
 * The whole editable content. Missing fields take their defaults, unknown fields are dropped
 * (zod's default for objects), so `_id`, `token`, `isFree` or `user` in a body change nothing.
 * The translations are checked against the rest (translations.ts): the editor and the server agree.
 */
export const instructionContentSchema = contentObject
  .refine((content) => content.secretsPolicy !== 'pin' || content.secretsPin !== '', { message: `Choose a PIN (${NEW_PIN_DIGITS} to 8 digits) for guests to type.`, path: ['secretsPin'] })
  .superRefine((content, context) => {
    for (const issue of translationIssues(contentObject, content)) context.addIssue({ code: 'custom', ...issue });
  });

/**
 * A partial content (POST /api/instruction): only the fields sent, nothing defaulted. `language`
 * is the browser's, any tag (English when the list has none of it).
 */
export const instructionPartialSchema = z.object({ ...instructionFields, ...extraFields, language: browserLanguageSchema }).partial();

/** PUT /api/instruction/:id: the whole content and the version it was loaded at. */
export const saveInstructionSchema = instructionContentSchema.safeExtend({
  version: field.plain(z.number({ error: 'Reload the guidebook before saving (its version is missing).' }).int().min(1)),
});

/** PATCH /api/instruction/:id: the code alone ('' clears it; docs/product.md §5: no client-side rule). */
export const changeCodeSchema = z.object({ code: instructionFields.code }, { error: 'The code must be text.' });

/**
 * The fields guests may want in their language, as paths into the content (`textGreating`,
 * `boxes[].paragraph`, `checkoutSteps[]`), in the schema's order: what guest languages translate.
 */
export function translatableFieldPaths(): string[] {
  return schemaFields(instructionContentSchema)
    .filter((entry) => entry.declaration?.translatable)
    .map((entry) => entry.path);
}

export type InstructionContentInput = z.input<typeof instructionContentSchema>;
export type InstructionContent = z.output<typeof instructionContentSchema>;
export type InstructionPartial = z.output<typeof instructionPartialSchema>;

/**
 * The instruction (guidebook) document: one zod schema shared by the editor's form and the API
 * (docs/style.md 3). Field names are docs/product.md §3's, odd spellings included; they are the API contract.
 *
 * ## API contract (src/pages/api/instruction, all JSON, errors are `{ message }`)
 *
 * Instruction as answered: `_id, nameInstruction, address, addressUrl, code, token, isFree,
 * boxes [{ id, title, paragraph, imageUrl }], manualBoxes [{ id, paragraph, imageUrl }], phone,
 * whatsapp, viber, telegram, facebook, instagram, wifiName, wifiPassword, wifiSecurity,
 * selectedHouseRules, textGreating, photoGreating, hostName, selectedTheme, taxiLink, rentCarLink,
 * foodLink, parkingLink, brandingTitle, coverImage, secretsPolicy, secretsPin, revealHoursBefore, timeZone,
 * checkInTime, checkOutTime, checkoutSteps, places, extras, extrasOnPublicLink, channelRules, language, translations, version,
 * updatedAt` (ISO string), plus `firstColor, secondColor, isRounded, isSinglePage` when they were
 * ever sent. `language` and `translations`: docs/decisions/021 and src/lib/shared/translations.ts
 * (POST takes the browser's `language`, "de-AT", and stores the list's language it is in, else `en`).
 *
 * `checkInTime` and `checkOutTime` are the property's usual times, "HH:MM" (24 h) where the property
 * is (`timeZone`), or '' for none; `checkoutSteps` is what guests do before leaving, plain-text lines
 * (at most 20 of at most 200 characters; empty lines are dropped).
 *
 * - `GET /api/instruction` → `Instruction[]` of the signed-in host, newest first.
 * - `POST /api/instruction` (optional partial content) → 201 `{ message: 'Guidebook created',
 *   instruction }`; the rest comes from the host's auto-fill settings, `photoGreating` ← picture,
 *   `hostName` ← name.
 *   Free plan and 3 guidebooks already → 403 `{ message: messages.instruction.outOfFree }`.
 * - `GET /api/instruction/:id` → `Instruction`.
 * - `PUT /api/instruction/:id` (whole content + the `version` it was loaded at) → `{ message:
 *   'Guidebook saved', instruction }` with `version` + 1; a stale `version` → 409 `{ message:
 *   messages.instruction.staleVersion }` (the editor then offers to keep its edits on the latest
 *   version, docs/product.md §4 Editor). A place whose `mapUrl` spells its point stores that point
 *   as `lat`/`lng`, whatever the body says (docs/product/places.md). `_id`, `token`,
 *   `isFree`, `user` in the body are ignored. An empty or blank `nameInstruction` → 400 `{ message:
 *   'Give the guidebook a name.' }`, in POST too (a POST without the field gets the default name).
 * - `POST /api/instruction/:id` (duplicate) → 201 `{ message, instruction }`: new `_id`, new token,
 *   counts toward the Free limit.
 * - `DELETE /api/instruction/:id` → `{ message: 'Guidebook moved to the trash' }`.
 * - `PATCH /api/instruction/:id` `{ code }` ('' allowed) → `{ message, instruction }`.
 * - `GET /api/instruction/preview/:token` (public) → `GuestInstruction`: the content plus `token`,
 *   `user` (owner id) and `premium`; no `_id`, `isFree`, `version`, `updatedAt`.
 * - `PATCH /api/instruction/preview/:token` (owner) → `{ message: 'Link Updated', instruction }`
 *   with a new token; the old one answers 404 at once.
 * - Someone else's id or token → 404 `{ message: 'Guidebook not found' }`. A guidebook made on a
 *   paid plan (`isFree: false`) while the host has no plan → 403 for PUT, duplicate, code, link.
 *
 * Contact fields (`whatsapp`, `viber`, `telegram`, `facebook`, `instagram`) take what hosts type (a
 * number, a handle) or a link to that service, and are stored and answered as the link
 * (src/lib/shared/contact-links.ts); anything else → 400 with a message saying what to type.
 *
 * Rich text (`paragraph`, `textGreating`) is HTML from the editor; the server keeps only p, br,
 * strong, em, u, s, ul, ol, li, a[href http(s)/mailto/tel] and the two marker spans below, and
 * stores the result (docs/security.md 16). The renderer replaces the markers with the lock-box code and
 * the address link.
 *
 * Every field declares its kind (`image`, `richText`, `link`, `plain`, `secret`, and whether it is
 * translatable) where it is defined (docs/style.md 16, docs/decisions/018-field-kinds.md); the
 * upload-ownership check, the sanitiser and the editor's unsaved-change check walk those kinds
 * (schemas/field-kinds.ts). The schema lives in schemas/instruction/; this module is its one entry point.
 */
import type { InstructionContent } from './instruction/content.ts';

export { ADDRESS_MARKER, field, isAllowedUrl, link, LINK_SCHEMES, LOCKBOX_MARKER, MARKER_NAMES, MAX_ADDRESS, MAX_MEDIA_PATH, MAX_PHONE, MAX_RICH, MAX_TEXT, MAX_URL, mediaPath, richText, singleLine, VIBER_SCHEMES } from './instruction/fields.ts';
export type { MarkerName } from './instruction/fields.ts';
export { CLOCK_TIME, clockTime, DEFAULT_REMINDER_HOURS, DEFAULT_REVEAL_HOURS, isTimeZone, MAX_REMINDER_HOURS, MAX_REVEAL_HOURS, MIN_REMINDER_HOURS, NEW_PIN_DIGITS, newPinProblem, PIN_PATTERN, SECRETS_POLICIES, WIFI_SECURITY } from './instruction/access.ts';
export type { SecretsPolicy, WifiSecurity } from './instruction/access.ts';
export { contactField } from './instruction/contacts.ts';
export { boxSchema, manualBoxSchema, MAX_BOXES, MAX_CHECKOUT_STEPS, MAX_MANUAL_BOXES } from './instruction/steps.ts';
export type { Box, ManualBox } from './instruction/steps.ts';
export { MAX_PLACE_NOTE, MAX_PLACES, placeSchema } from './instruction/places.ts';
export type { Place } from './instruction/places.ts';
export { EXTRA_APPROVALS, EXTRA_KINDS, extraSchema, publicLinkExtras, MAX_EXTRA_DESCRIPTION, MAX_EXTRA_PRICE, MAX_EXTRAS, MAX_PER_STAY } from './instruction/extras.ts';
export type { Extra, ExtraApproval, ExtraKind } from './instruction/extras.ts';
export { channelRulesSchema, DEFAULT_CHANNEL_RULES, defaultChannelRulesSchema, EXTRAS_OFFERS } from './instruction/channel-rules.ts';
export type { ChannelRule, ChannelRules } from './instruction/channel-rules.ts';
export {
  arrivalReminderSchema,
  changeCodeSchema,
  DEFAULT_PMS_GUEST_MAIL,
  MAX_LINK_DAYS,
  MIN_LINK_DAYS,
  pmsGuestMailSchema,
  DEFAULT_INSTRUCTION_NAME,
  INSTRUCTION_DEFAULTS,
  instructionContentSchema,
  instructionFields,
  instructionPartialSchema,
  saveInstructionSchema,
  translatableFieldPaths,
} from './instruction/content.ts';
export type { ArrivalReminder, InstructionContent, PmsGuestMail, InstructionContentInput, InstructionPartial } from './instruction/content.ts';
export {
  browserLanguageSchema,
  keptTranslations,
  languageSchema,
  markerCounts,
  markerProblem,
  patternOfKey,
  sourceHash,
  translatableFieldsOf,
  translationIssues,
  translationMessage,
  translationSchema,
  translationsSchema,
  withoutRetiredTranslations,
} from './instruction/translations.ts';
export type { TranslatableField, Translation, TranslationIssue, Translations } from './instruction/translations.ts';

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
  /** Owner id (docs/product.md §3). */
  user: string;
  /** The owner is on Premium: branding title and theme apply (docs/product.md §4 "Guest preview"). */
  premium: boolean;
  /**
   * Which secrets this answer leaves out because the secrets policy gates them (`code`
   * and `wifiPassword` are '' then, `secretsPin` always is); null when nothing is gated.
   */
  gatedSecrets: { code: boolean; wifiPassword: boolean } | null;
};

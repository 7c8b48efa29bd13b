/**
 * Auto-fill settings (docs/product.md §3 "User settings", §2 "Settings"): the defaults a new guidebook starts
 * from, optionally applied to the existing ones. The fields reuse the instruction validators.
 *
 * - `GET /api/settings` → `Settings` (these defaults until the host saves).
 * - `PUT /api/settings` (Settings) → `{ message: 'Settings Updated successfully', settings }`.
 * - `PUT /api/settings/updateExistingInstructions` `{ dataSettings, applyToExistingInstruction }`
 *   → `{ message, updated }`: saves the settings and copies the chosen groups into every guidebook
 *   of the host in one transaction (each one's `version` goes up, so an open editor gets a 409).
 */
import { z } from 'zod';
import { DEFAULT_HOUSE_RULES } from '../house-rules.ts';
import type { FieldChange } from '../revision-changes.ts';
import { DEFAULT_CHANNEL_RULES, defaultChannelRulesSchema, instructionFields } from './instruction.ts';

/** docs/product.md §9: "Default welcome message text exists". */
export const DEFAULT_WELCOME_MESSAGE =
  '<p>Welcome! We are delighted to have you as our guest. Everything you need for your stay is in this guide. If anything is missing, just send us a message and we will help right away.</p>';

export const settingsSchema = z.object(
  {
    textGreating: instructionFields.textGreating.default(DEFAULT_WELCOME_MESSAGE),
    phone: instructionFields.phone.default(''),
    whatsapp: instructionFields.whatsapp.default(''),
    viber: instructionFields.viber.default(''),
    telegram: instructionFields.telegram.default(''),
    facebook: instructionFields.facebook.default(''),
    instagram: instructionFields.instagram.default(''),
    taxiLink: instructionFields.taxiLink.default(''),
    rentCarLink: instructionFields.rentCarLink.default(''),
    foodLink: instructionFields.foodLink.default(''),
    parkingLink: instructionFields.parkingLink.default(''),
    selectedHouseRules: instructionFields.selectedHouseRules.default(() => [...DEFAULT_HOUSE_RULES]),
    checkInTime: instructionFields.checkInTime.default(''),
    checkOutTime: instructionFields.checkOutTime.default(''),
    checkoutSteps: instructionFields.checkoutSteps.default(() => []),
    /** Places every guidebook may recommend (the bakery of a town with five flats): added, never replacing. */
    places: instructionFields.places.default(() => []),
    /** Extras every guidebook may offer (a breakfast basket): added, never replacing. */
    extras: instructionFields.extras.default(() => []),
    /** What each channel's guests are offered (docs/decisions/028 §10): all or no extras, the feedback question or not. */
    channelRules: defaultChannelRulesSchema.default(() => structuredClone(DEFAULT_CHANNEL_RULES)),
  },
  { error: 'The settings must be an object.' },
);

export type SettingsInput = z.input<typeof settingsSchema>;
export type Settings = z.output<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** The "Apply to existing guidebooks" toggles and the fields each one copies (docs/product.md §3). */
export const APPLY_GROUPS = {
  greeting: ['textGreating'],
  houseRules: ['selectedHouseRules'],
  contact: ['phone', 'whatsapp', 'viber', 'telegram'],
  socials: ['facebook', 'instagram'],
  checkout: ['checkInTime', 'checkOutTime', 'checkoutSteps'],
  redirection: ['taxiLink', 'rentCarLink', 'foodLink', 'parkingLink'],
  places: ['places'],
  extras: ['extras'],
  channels: ['channelRules'],
} as const satisfies Record<string, ReadonlyArray<keyof Settings>>;

export type ApplyGroup = keyof typeof APPLY_GROUPS;

export const applyFlagsSchema = z.object(
  {
    greeting: z.boolean().default(false),
    houseRules: z.boolean().default(false),
    contact: z.boolean().default(false),
    socials: z.boolean().default(false),
    checkout: z.boolean().default(false),
    redirection: z.boolean().default(false),
    places: z.boolean().default(false),
    extras: z.boolean().default(false),
    channels: z.boolean().default(false),
  },
  { error: 'Choose which sections to apply.' },
);

export type ApplyFlags = z.output<typeof applyFlagsSchema>;

/** `POST /api/settings/apply-preview`: what `updateExistingInstructions` with the same body would change. */
export interface ApplyPreview {
  /** The guidebooks that would change, each with its changes (guidebooks already matching are left out). */
  guidebooks: Array<{ _id: string; nameInstruction: string; changes: FieldChange[] }>;
  /** Per field and kind, in how many guidebooks ("WhatsApp removed: 2"). */
  counts: Array<FieldChange & { guidebooks: number }>;
  /** The counts in words: "WhatsApp will be removed from 2 guidebooks; Taxi link will change in 3". */
  summary: string;
  /** Filled fields kept because their default is empty (cleared only with `clearEmptyFields`). */
  keptFilled: number;
}

/** `POST /api/settings/undo-apply { batchId }`: takes one "Apply to existing" back. */
export const undoApplySchema = z.object({ batchId: z.string({ error: 'Say which change to undo.' }).min(1, 'Say which change to undo.').max(64, 'Say which change to undo.') }, { error: 'Say which change to undo.' });

export const updateExistingSchema = z.object(
  {
    dataSettings: settingsSchema,
    applyToExistingInstruction: applyFlagsSchema,
    /**
     * An empty default (no WhatsApp, no taxi link) clears a guidebook's filled field only when this
     * is true; otherwise the guidebook keeps what it has.
     */
    clearEmptyFields: z.boolean({ error: 'Say whether to clear fields left empty (true or false).' }).default(false),
  },
  { error: 'The settings must be an object.' },
);

/**
 * Extras (docs/product/extras-and-orders.md, docs/decisions/020-extras-and-the-money-flow.md): what a guest can
 * buy or ask for from the guidebook: a late check-out, an early check-in, or an item (an airport
 * transfer, a breakfast basket). Prices are in the currency's minor units and belong to the
 * published page; what may be bought for a stay is asked separately (availability). Every field
 * declares its kind (docs/style.md 16).
 */
import { z } from 'zod';
import { CURRENCY_CODES, MIN_CHARGE, formatPrice } from '../../currencies.ts';
import { clockTime } from './access.ts';
import { field, singleLine, visibleLength } from './fields.ts';
import { namedList } from './named-list.ts';

export const EXTRA_KINDS = ['late-checkout', 'early-checkin', 'item'] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];

/** instant: paid (or asked for) and confirmed at once; host: the host accepts first (a card is only authorised until then). */
export const EXTRA_APPROVALS = ['instant', 'host'] as const;
export type ExtraApproval = (typeof EXTRA_APPROVALS)[number];

export const MAX_EXTRAS = 20;
export const MAX_EXTRA_DESCRIPTION = 1_000;
/** In minor units: 1,000,000.00 in a two-decimal currency. */
export const MAX_EXTRA_PRICE = 100_000_000;
export const MAX_PER_STAY = 20;

export const extraSchema = z
  .object({
    /** The editor's timestamp, as for steps and places. */
    id: field.plain(z.number({ error: 'Each extra needs a numeric id.' }).int('Each extra needs a numeric id.').min(0).max(Number.MAX_SAFE_INTEGER)),
    kind: field.plain(z.enum(EXTRA_KINDS, { error: 'Choose late check-out, early check-in or an item.' })).default('item'),
    title: field.plain(singleLine('The title').refine((title) => title !== '', 'The title is required.'), { translatable: true, label: (extra) => `Extra ${extra} title` }),
    description: field
      .richText('The description', { translatable: true, label: (extra) => `Extra ${extra} description` })
      .refine((html) => visibleLength(html) <= MAX_EXTRA_DESCRIPTION, `The description can be at most ${MAX_EXTRA_DESCRIPTION.toLocaleString('en')} characters.`)
      .default(''),
    /** Minor units; 0 is free, on request. */
    price: field.plain(
      z
        .number({ error: 'The price must be a number.' })
        .int('The price must be a whole number of cents.')
        .min(0, 'The price cannot be negative.')
        .max(MAX_EXTRA_PRICE, 'The price is too high.'),
    ),
    currency: field.plain(z.enum(CURRENCY_CODES, { error: 'Choose one of the currencies.' })).default('eur'),
    imageUrl: field.image('An extra photo', { named: (extra) => `The photo of extra ${extra}` }).default(''),
    approval: field.plain(z.enum(EXTRA_APPROVALS, { error: 'Approval is instant or by the host.' })).default('instant'),
    /** Off: kept in the guidebook, not offered. */
    active: field.plain(z.boolean({ error: 'Active is true or false.' })).default(true),
    /** A late check-out: until when ("HH:MM" where the property is). */
    lateCheckoutUntil: field.plain(clockTime('The latest check-out')).default(''),
    /** An early check-in: from when. */
    earlyCheckinFrom: field.plain(clockTime('The earliest check-in')).default(''),
    maxPerStay: field.plain(
      z
        .number({ error: 'The most per stay must be a number.' })
        .int('The most per stay must be a whole number.')
        .min(1, 'The most per stay is at least 1.')
        .max(MAX_PER_STAY, `The most per stay is at most ${MAX_PER_STAY}.`),
    ).default(1),
  })
  .superRefine((extra, context) => {
    if (extra.kind === 'late-checkout' && extra.lateCheckoutUntil === '') context.addIssue({ code: 'custom', path: ['lateCheckoutUntil'], message: 'A late check-out needs the latest check-out time.' });
    if (extra.kind === 'early-checkin' && extra.earlyCheckinFrom === '') context.addIssue({ code: 'custom', path: ['earlyCheckinFrom'], message: 'An early check-in needs the earliest check-in time.' });
    if (extra.price > 0 && extra.price < MIN_CHARGE[extra.currency]) {
      context.addIssue({ code: 'custom', path: ['price'], message: `A price is free or at least ${formatPrice(MIN_CHARGE[extra.currency], extra.currency)} (the smallest card payment).` });
    }
  });

export type Extra = z.output<typeof extraSchema>;

/**
 * Whether the guidebook's public link offers its item extras too (off by default): a guest there
 * has no stay, so gives a name and an e-mail, and late check-out and early check-in, which need a
 * stay's dates, stay on the stay links (docs/decisions/020, public-link orders).
 */
export const extrasOnPublicLinkSchema = field.plain(z.boolean({ error: 'Offering extras on the public link is true or false.' }));

/** The extras a public link offers when the host allows it: the active items (no stay, so no timed extra). */
export const publicLinkExtras = (extras: readonly Extra[]): Extra[] => extras.filter((extra) => extra.active && extra.kind === 'item');

/** At most MAX_EXTRAS, a bad one named; one currency for all; one late check-out and one early check-in at most. */
export const extrasSchema = namedList(extraSchema, { noun: 'Extra', plural: 'extras', nameKey: 'title', max: MAX_EXTRAS })
  .refine((extras) => new Set(extras.map((extra) => extra.currency)).size <= 1, 'All extras need the same currency.')
  .refine((extras) => extras.filter((extra) => extra.kind === 'late-checkout').length <= 1, 'A guidebook can offer one late check-out.')
  .refine((extras) => extras.filter((extra) => extra.kind === 'early-checkin').length <= 1, 'A guidebook can offer one early check-in.');

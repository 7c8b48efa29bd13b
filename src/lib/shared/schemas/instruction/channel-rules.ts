/**
 * What each channel's guests are offered (docs/decisions/028-teams.md §10): per channel, and for
 * the guidebook's public link, whether extras are offered (all, none, or the extras chosen by id)
 * and whether the feedback question is asked. Part of the guidebook's document, edited and
 * versioned with it, and an Auto-Fill default (where extras are all or none: ids name one
 * guidebook's extras). The server reads it through one function, `rulesFor`
 * (src/lib/server/guidebook/channel-rules.ts).
 */
import { z } from 'zod';
import { CHANNEL_NAMES, type RuleAudience } from '../../channels.ts';
import { messages } from '../../messages.ts';
import { field } from './fields.ts';
import { MAX_EXTRAS } from './extras.ts';

const text = messages.channels;

export const EXTRAS_OFFERS = ['all', 'none'] as const;
type ExtrasOffer = (typeof EXTRAS_OFFERS)[number];

export interface ChannelRule {
  /** `all` the active extras, `none`, or those whose ids are listed (an id no extra has offers nothing). */
  extras: ExtrasOffer | number[];
  /** Whether "Was this guidebook helpful?" is asked. */
  feedback: boolean;
}

export type ChannelRules = Record<RuleAudience, ChannelRule>;

const ON = { extras: 'all', feedback: true } as const;

/**
 * The channels' published rules: Airbnb wants optional fees paid through Airbnb and its guests'
 * reviews left on Airbnb, so its guests get no extras and no question; every other channel, and
 * the public link (whose extras stay behind `extrasOnPublicLink`), all of both.
 */
export const DEFAULT_CHANNEL_RULES: Record<RuleAudience, { extras: ExtrasOffer; feedback: boolean }> = {
  direct: ON,
  airbnb: { extras: 'none', feedback: false },
  booking: ON,
  vrbo: ON,
  other: ON,
  link: ON,
};

/** Who a rule speaks of, as messages name them: "Airbnb guests", "guests on the public link". */
const who = (audience: RuleAudience) => (audience === 'link' ? 'guests on the public link' : `${CHANNEL_NAMES[audience]} guests`);

const extraIds = z
  .array(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER))
  .max(MAX_EXTRAS)
  .transform((ids) => [...new Set(ids)]);

function ruleSchema(audience: RuleAudience, { byId }: { byId: boolean }) {
  const fallback = DEFAULT_CHANNEL_RULES[audience];
  const offers = byId
    ? z.union([z.enum(EXTRAS_OFFERS), extraIds], { error: text.extrasInvalid(who(audience)) })
    : z.enum(EXTRAS_OFFERS, { error: text.extrasAllOrNone(who(audience)) });
  return z
    .object(
      {
        extras: field.plain(offers).default(fallback.extras),
        feedback: field.plain(z.boolean({ error: text.feedbackInvalid(who(audience)) })).default(fallback.feedback),
      },
      { error: text.ruleInvalid(who(audience)) },
    )
    .default(() => ({ ...fallback }));
}

function rulesSchema(options: { byId: boolean }) {
  const rule = (audience: RuleAudience) => ruleSchema(audience, options);
  return z.object(
    { direct: rule('direct'), airbnb: rule('airbnb'), booking: rule('booking'), vrbo: rule('vrbo'), other: rule('other'), link: rule('link') },
    { error: text.rulesInvalid },
  );
}

/** The guidebook's rules: extras by id allowed. */
export const channelRulesSchema = rulesSchema({ byId: true });

/** Auto-Fill's defaults: all or none (an id names an extra of one guidebook only). */
export const defaultChannelRulesSchema = rulesSchema({ byId: false });

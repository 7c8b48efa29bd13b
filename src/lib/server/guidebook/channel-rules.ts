import type { RuleAudience } from '@shared/channels.ts';
import { publicLinkExtras, type Extra, type InstructionContent } from '@shared/schemas/instruction.ts';

/** What one channel's guests (or the public link's) are offered now. */
export interface GuestRules {
  /** The active extras offered, in the host's order (on the public link: items only, and only when the host offers extras there). */
  extras: Extra[];
  /** Whether "Was this guidebook helpful?" is asked, and answered. */
  feedback: boolean;
}

/**
 * The one answer to "what may this guest be offered" (docs/decisions/028-teams.md §10): the stay
 * page's extras and feedback sections, the guest extras API (an extra not offered answers 404 as an
 * unknown one does), public-link orders and the feedback API all ask it, for a stay's channel or
 * `link` (the guidebook's own page, which has no stay). The public link's extras stay behind
 * `extrasOnPublicLink` as before (docs/decisions/020); its rule chooses among them. Orders already
 * placed are not read through it: a later change of rules leaves them as they are.
 */
export function rulesFor(content: Pick<InstructionContent, 'channelRules' | 'extras' | 'extrasOnPublicLink'>, audience: RuleAudience): GuestRules {
  const rule = content.channelRules[audience];
  const offerable = audience === 'link' ? (content.extrasOnPublicLink ? publicLinkExtras(content.extras) : []) : content.extras.filter((extra) => extra.active);
  const chosen = rule.extras;
  const extras = chosen === 'all' ? offerable : chosen === 'none' ? [] : offerable.filter((extra) => chosen.includes(extra.id));
  return { extras, feedback: rule.feedback };
}

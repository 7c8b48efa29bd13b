import { ExternalLink } from 'lucide-react';
import { AIRBNB_FEES_URL, AIRBNB_REVIEWS_URL, CHANNEL_NAMES, RULE_AUDIENCES, type RuleAudience } from '@shared/channels.ts';
import { messages } from '@shared/messages.ts';
import type { ChannelRule, ChannelRules, Extra } from '@shared/schemas/instruction.ts';

const text = messages.channels;

interface Props {
  rules: ChannelRules;
  onChange: (rules: ChannelRules) => void;
  /** The guidebook's extras, to choose among; null where extras are all or none (Auto-Fill's defaults). */
  extras: readonly Extra[] | null;
  /** The guidebook offers extras on its public link at all (`extrasOnPublicLink`); true in Auto-Fill. */
  publicLinkOn: boolean;
  readOnly: boolean;
  /** Prefix of the controls' ids (unique on the page). */
  idPrefix: string;
}

type Offer = 'all' | 'none' | 'chosen';
const offerOf = (rule: ChannelRule): Offer => (Array.isArray(rule.extras) ? 'chosen' : rule.extras);
const linkClass = 'inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300';

/**
 * "Guests by channel" (docs/decisions/028-teams.md §10): one row per channel and one for the public
 * link, each with its extras (all, none, or chosen ones) and whether the feedback question is asked;
 * beside Airbnb, why its guests start with neither, linked to Airbnb's own rules. Used by the editor
 * and by Auto-Fill (where extras are all or none).
 */
export function ChannelRulesList({ rules, onChange, extras, publicLinkOn, readOnly, idPrefix }: Props) {
  const set = (audience: RuleAudience, rule: Partial<ChannelRule>) => onChange({ ...rules, [audience]: { ...rules[audience], ...rule } });
  return (
    <ul className="grid gap-3" aria-label={text.title}>
      {RULE_AUDIENCES.map((audience) => (
        <RuleRow key={audience} audience={audience} rule={rules[audience]} set={(rule) => set(audience, rule)} extras={extras} publicLinkOn={publicLinkOn} readOnly={readOnly} id={`${idPrefix}-${audience}`} />
      ))}
    </ul>
  );
}

interface RowProps {
  audience: RuleAudience;
  rule: ChannelRule;
  set: (rule: Partial<ChannelRule>) => void;
  extras: readonly Extra[] | null;
  publicLinkOn: boolean;
  readOnly: boolean;
  id: string;
}

function RuleRow({ audience, rule, set, extras, publicLinkOn, readOnly, id }: RowProps) {
  const name = CHANNEL_NAMES[audience];
  const who = audience === 'link' ? 'guests on the public link' : `${name} guests`;
  const offer = offerOf(rule);
  // The public link offers items only (decision 020); a stay link every active extra.
  const offerable = extras?.filter((extra) => extra.active && (audience !== 'link' || extra.kind === 'item')) ?? null;
  const noteId = `${id}-note`;
  const note = audience === 'airbnb' ? <AirbnbWhy id={noteId} /> : audience === 'link' ? <p id={noteId} className="text-sm text-muted sm:col-span-3">{publicLinkOn ? text.publicLinkItems : text.publicLinkOff}</p> : null;
  return (
    <li className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-center sm:p-4" data-testid={`channel-rule-${audience}`}>
      <p id={`${id}-name`} className="font-semibold text-ink">
        {name}
      </p>
      <div className="min-w-0">
        <label htmlFor={`${id}-extras`} className="sr-only">
          {`${text.extrasLabel} for ${who}`}
        </label>
        <select
          id={`${id}-extras`}
          className="field-input appearance-auto py-2"
          value={offer}
          disabled={readOnly}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => {
            const next = event.target.value as Offer;
            set({ extras: next === 'chosen' ? (offerable ?? []).map((extra) => extra.id) : next });
          }}
        >
          <option value="all">{text.all}</option>
          <option value="none">{text.none}</option>
          {offerable ? <option value="chosen">{text.chosen}</option> : null}
        </select>
      </div>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-ink">
        <input type="checkbox" className="size-4 accent-brand-600" checked={rule.feedback} disabled={readOnly} onChange={(event) => set({ feedback: event.target.checked })} aria-describedby={`${id}-feedback-hint`} />
        {text.feedbackLabel}
        <span className="sr-only">{` from ${who}`}</span>
        <span id={`${id}-feedback-hint`} className="sr-only">
          {text.feedbackHint}
        </span>
      </label>
      {Array.isArray(rule.extras) && offerable ? <ChosenExtras legend={text.chosenLegend(who)} chosen={rule.extras} offerable={offerable} readOnly={readOnly} set={(ids) => set({ extras: ids })} /> : null}
      {note}
    </li>
  );
}

function ChosenExtras({ legend, chosen, offerable, readOnly, set }: { legend: string; chosen: readonly number[]; offerable: readonly Extra[]; readOnly: boolean; set: (ids: number[]) => void }) {
  return (
    <fieldset className="min-w-0 sm:col-span-3">
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      {offerable.length === 0 ? <p className="text-sm text-muted">{text.noExtras}</p> : null}
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {offerable.map((extra) => (
          <label key={extra.id} className="flex min-w-0 cursor-pointer items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-brand-600"
              checked={chosen.includes(extra.id)}
              disabled={readOnly}
              onChange={(event) => set(event.target.checked ? [...chosen, extra.id] : chosen.filter((id) => id !== extra.id))}
            />
            <span className="min-w-0 break-words">{extra.title || 'Untitled extra'}</span>
          </label>
        ))}
      </div>
      {offerable.length > 0 && !offerable.some((extra) => chosen.includes(extra.id)) ? <p className="mt-1 text-sm text-muted">{text.noneChosen}</p> : null}
    </fieldset>
  );
}

function AirbnbWhy({ id }: { id: string }) {
  return (
    <p id={id} className="text-sm text-muted sm:col-span-3">
      {text.airbnbWhy}{' '}
      <a href={AIRBNB_FEES_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {text.airbnbFees}
        <ExternalLink className="size-3.5" aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      {' · '}
      <a href={AIRBNB_REVIEWS_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {text.airbnbReviews}
        <ExternalLink className="size-3.5" aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

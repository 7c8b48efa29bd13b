import { ArrowDown, ArrowUp, Plus, ScrollText, X } from 'lucide-react';
import { useRef } from 'react';
import { findHouseRule, HOUSE_RULES, type HouseRule } from '../../../../../lib/shared/house-rules.ts';
import { moveItem } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';

interface Props {
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}

/** The rule's icon: a constant of ours (house-rules.ts), never user input, hence safe as markup. */
function RuleIcon({ rule, className = 'size-5' }: { rule: HouseRule; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: rule.icon }}
    />
  );
}

const ICON_BUTTON =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink disabled:pointer-events-none disabled:opacity-35';

/**
 * SPEC §3 House rules: pick any of the 16 and put them in the order guests read them (new
 * guidebooks start with 2, 1, 3, 4, 5). Picked rules are an ordered list with move and remove
 * buttons; the others wait below, one tap to add.
 */
export function HouseRulesPicker({ selected, onChange }: Props) {
  const { readOnly, announce } = useEditorContext();
  const list = useRef<HTMLOListElement>(null);
  const more = useRef<HTMLUListElement>(null);
  const rules = selected.map(findHouseRule).filter((rule): rule is HouseRule => rule !== undefined);
  const available = HOUSE_RULES.filter((rule) => !selected.includes(rule.id));

  function focusIn(selector: string) {
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(selector)?.focus());
  }

  function move(index: number, delta: -1 | 1) {
    const rule = rules[index];
    const to = index + delta;
    if (!rule || to < 0 || to >= rules.length) return;
    onChange(moveItem(selected, index, to));
    announce(`${rule.name} moved to position ${to + 1} of ${rules.length}.`);
    const edge = (delta === -1 && to === 0) || (delta === 1 && to === rules.length - 1);
    focusIn(`[data-rule="${rule.id}"] [data-move="${edge ? -delta : delta}"]`);
  }

  function remove(index: number) {
    const rule = rules[index];
    if (!rule) return;
    onChange(selected.filter((id) => id !== rule.id));
    announce(`${rule.name} removed.`);
    const neighbour = rules[index + 1] ?? rules[index - 1];
    if (neighbour) focusIn(`[data-rule="${neighbour.id}"] [data-remove]`);
  }

  function add(rule: HouseRule, index: number) {
    onChange([...selected, rule.id]);
    announce(`${rule.name} added as rule ${selected.length + 1}.`);
    // The pressed button goes away: the focus moves to the next rule to add, else to the new rule.
    requestAnimationFrame(() => {
      const buttons = more.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)];
      if (next) next.focus();
      else list.current?.querySelector<HTMLElement>(`[data-rule="${rule.id}"] [data-remove]`)?.focus();
    });
  }

  return (
    <Section id="house-rules" title="House rules" icon={ScrollText} description="Pick the rules that apply and put them in the order guests should read them.">
      <h3 className="mb-2 text-sm font-semibold text-ink">Shown to guests ({rules.length})</h3>
      {rules.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-4 text-center text-sm text-muted">No house rules picked.</p>
      ) : (
        <ol ref={list} className="grid gap-2" aria-label="Picked house rules">
          {rules.map((rule, index) => (
            <li key={rule.id} data-rule={rule.id} className="flex min-w-0 items-center gap-2 rounded-xl border border-line bg-canvas/50 py-1.5 pl-3 pr-1.5">
              <span className="w-5 shrink-0 text-right text-sm font-semibold tabular-nums text-muted">{index + 1}</span>
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:text-brand-300">
                <RuleIcon rule={rule} className="size-[18px]" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-ink">{rule.name}</span>
                <span className="hidden truncate text-xs text-muted sm:block">{rule.text}</span>
              </span>
              {readOnly ? null : (
                <>
                  <button type="button" data-move={-1} className={ICON_BUTTON} aria-label={`Move ${rule.name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </button>
                  <button type="button" data-move={1} className={ICON_BUTTON} aria-label={`Move ${rule.name} down`} disabled={index === rules.length - 1} onClick={() => move(index, 1)}>
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </button>
                  <button type="button" data-remove className={ICON_BUTTON} aria-label={`Remove ${rule.name}`} onClick={() => remove(index)}>
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ol>
      )}

      {available.length > 0 && !readOnly ? (
        <>
          <h3 className="mb-2 mt-5 text-sm font-semibold text-ink">More rules</h3>
          <ul ref={more} className="grid gap-2 sm:grid-cols-2" aria-label="House rules to add">
            {available.map((rule, index) => (
              <li key={rule.id} className="min-w-0">
                <button
                  type="button"
                  className="flex w-full items-center gap-2.5 rounded-xl border border-dashed border-line px-3 py-2 text-left text-sm text-ink hover:border-brand-300 hover:bg-brand-50"
                  onClick={() => add(rule, index)}
                >
                  <RuleIcon rule={rule} className="size-[18px] shrink-0 text-muted" />
                  <span className="min-w-0 flex-1 truncate">{rule.name}</span>
                  <Plus className="size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                  <span className="sr-only">(add)</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { findHouseRule, HOUSE_RULES, type HouseRule } from '@shared/house-rules.ts';
import { StrokeIcon } from '../../../components/ui/StrokeIcon.tsx';

interface Props {
  value: readonly number[];
  onChange: (value: number[]) => void;
  /** Shows the picked rules only (a guidebook the plan does not let its owner edit). */
  readOnly?: boolean;
  /** Says each change to screen-reader users, where the screen has a live region (the editor). */
  announce?: (message: string) => void;
}

const ICON_BUTTON =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink disabled:pointer-events-none disabled:opacity-35';

/**
 * docs/product.md §2/§3 house rules, in the editor and in the auto-fill settings: pick any of the 16 and put
 * them in the order guests read them. Picked rules are an ordered list with move and remove
 * buttons (keyboard and touch alike); the others wait below, one tap to add. The focus follows
 * what the user acted on, since the pressed button may move or go away.
 */
export function HouseRulesPicker({ value, onChange, readOnly = false, announce = () => {} }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const rules = value.map(findHouseRule).filter((rule): rule is HouseRule => rule !== undefined);
  const available = HOUSE_RULES.filter((rule) => !value.includes(rule.id));

  // After the list has re-rendered: the button asked for, as a `data-focus` key.
  useEffect(() => {
    if (!focusTarget) return;
    root.current?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]:not(:disabled)`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  function move(index: number, delta: -1 | 1) {
    const rule = rules[index];
    const to = index + delta;
    if (!rule || to < 0 || to >= rules.length) return;
    const next = rules.map(({ id }) => id);
    next.splice(index, 1);
    next.splice(to, 0, rule.id);
    onChange(next);
    announce(`${rule.name} moved to position ${to + 1} of ${rules.length}.`);
    // At either end the arrow just used is disabled: stay on the same rule's other arrow.
    const edge = to === 0 || to === rules.length - 1;
    setFocusTarget(`${rule.id}:${(edge ? -delta : delta) < 0 ? 'up' : 'down'}`);
  }

  function remove(index: number) {
    const rule = rules[index];
    if (!rule) return;
    onChange(value.filter((id) => id !== rule.id));
    announce(`${rule.name} removed.`);
    const neighbour = rules[index + 1] ?? rules[index - 1];
    setFocusTarget(neighbour ? `${neighbour.id}:remove` : 'more');
  }

  function add(rule: HouseRule, index: number) {
    onChange([...value, rule.id]);
    announce(`${rule.name} added as rule ${value.length + 1}.`);
    // The pressed button goes away: the focus moves to the next rule to add, else to the new rule.
    const after = available[index + 1] ?? available[index - 1];
    setFocusTarget(after ? `${after.id}:add` : `${rule.id}:remove`);
  }

  return (
    <div ref={root}>
      <h3 className="mb-2 text-sm font-semibold text-ink">Shown to guests ({rules.length})</h3>
      {rules.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-4 text-center text-sm text-muted">No house rules picked.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Picked house rules">
          {rules.map((rule, index) => (
            <li key={rule.id} className="flex min-w-0 items-center gap-2 rounded-xl border border-line bg-canvas/50 py-1.5 pl-3 pr-1.5">
              <span className="w-5 shrink-0 text-right text-sm font-semibold tabular-nums text-muted">{index + 1}</span>
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:text-brand-300">
                <StrokeIcon markup={rule.icon} className="size-[18px]" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-ink">{rule.name}</span>
                <span className="hidden truncate text-xs text-muted sm:block">{rule.text}</span>
              </span>
              {readOnly ? null : (
                <>
                  <button type="button" data-focus={`${rule.id}:up`} className={ICON_BUTTON} aria-label={`Move ${rule.name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </button>
                  <button type="button" data-focus={`${rule.id}:down`} className={ICON_BUTTON} aria-label={`Move ${rule.name} down`} disabled={index === rules.length - 1} onClick={() => move(index, 1)}>
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </button>
                  <button type="button" data-focus={`${rule.id}:remove`} className={ICON_BUTTON} aria-label={`Remove ${rule.name}`} onClick={() => remove(index)}>
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
          <h3 className="mb-2 mt-5 text-sm font-semibold text-ink" tabIndex={-1} data-focus="more">
            More rules
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="House rules to add">
            {available.map((rule, index) => (
              <li key={rule.id} className="min-w-0">
                <button
                  type="button"
                  data-focus={`${rule.id}:add`}
                  className="flex w-full items-center gap-2.5 rounded-xl border border-dashed border-line px-3 py-2 text-left text-sm text-ink hover:border-brand-300 hover:bg-brand-50"
                  onClick={() => add(rule, index)}
                >
                  <StrokeIcon markup={rule.icon} className="size-[18px] shrink-0 text-muted" />
                  <span className="sr-only">Add </span>
                  <span className="min-w-0 flex-1 truncate">{rule.name}</span>
                  <Plus className="size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

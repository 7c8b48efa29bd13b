import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { findHouseRule, HOUSE_RULES, houseRuleSvg, type HouseRule } from '../../../../lib/shared/house-rules.ts';

interface Props {
  value: readonly number[];
  onChange: (value: number[]) => void;
}

/** The rule's icon; the markup is our own constant (src/lib/shared/house-rules.ts), never user input. */
function RuleIcon({ rule }: { rule: HouseRule }) {
  return <span className="inline-flex size-5 shrink-0 [&>svg]:size-5" aria-hidden="true" dangerouslySetInnerHTML={{ __html: houseRuleSvg(rule, 20) }} />;
}

const iconButton =
  'inline-flex size-9 shrink-0 sm:size-10 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink disabled:pointer-events-none disabled:opacity-30';

/**
 * SPEC §2/§3 house rules picker: pick among the 16 rules and put them in the order guests read
 * them. Reordering uses buttons (keyboard and touch alike); focus follows the rule that moved.
 */
export function HouseRulesPicker({ value, onChange }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const selected = value.map(findHouseRule).filter((rule): rule is HouseRule => rule !== undefined);
  const available = HOUSE_RULES.filter((rule) => !value.includes(rule.id));

  useEffect(() => {
    if (!focusKey) return;
    rootRef.current?.querySelector<HTMLElement>(`[data-focus-key="${focusKey}"]:not(:disabled)`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  function move(index: number, delta: -1 | 1) {
    const next = [...value];
    const [id] = next.splice(index, 1);
    next.splice(index + delta, 0, id!);
    onChange(next);
    const atEdge = index + delta === 0 || index + delta === next.length - 1;
    // At the top "up" is disabled: keep focus on the same rule's other arrow.
    setFocusKey(`${id}:${atEdge ? (delta < 0 ? 'down' : 'up') : delta < 0 ? 'up' : 'down'}`);
  }

  function remove(index: number) {
    const next = value.filter((_, at) => at !== index);
    onChange(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocusKey(neighbour === undefined ? 'add-heading' : `${neighbour}:remove`);
  }

  function add(rule: HouseRule) {
    onChange([...value, rule.id]);
    const after = available[available.indexOf(rule) + 1] ?? available[available.indexOf(rule) - 1];
    setFocusKey(after ? `${after.id}:add` : `${rule.id}:remove`);
  }

  return (
    <div ref={rootRef} className="grid gap-6">
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink">Your rules, in the order guests see them</h3>
        {selected.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line px-4 py-5 text-center text-sm text-muted">No rules picked. Add some below.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Picked house rules">
            {selected.map((rule, index) => (
              <li key={rule.id} className="flex items-center gap-2 rounded-xl border border-line bg-canvas py-1.5 pl-2.5 pr-1 sm:gap-3 sm:pl-3 sm:pr-1.5">
                <span className="w-5 shrink-0 text-right text-sm font-semibold tabular-nums text-muted">{index + 1}.</span>
                <span className="text-brand-700 dark:text-brand-300">
                  <RuleIcon rule={rule} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-ink">{rule.name}</span>
                  <span className="hidden text-xs text-muted sm:block">{rule.text}</span>
                </span>
                <span className="flex shrink-0">
                  <button type="button" className={iconButton} data-focus-key={`${rule.id}:up`} disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${rule.name} up`}>
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    data-focus-key={`${rule.id}:down`}
                    disabled={index === selected.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move ${rule.name} down`}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </button>
                  <button type="button" className={`${iconButton} hover:text-red-700 dark:hover:text-red-400`} data-focus-key={`${rule.id}:remove`} onClick={() => remove(index)} aria-label={`Remove ${rule.name}`}>
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>

      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink" tabIndex={-1} data-focus-key="add-heading">
          Add rules
        </h3>
        {available.length === 0 ? (
          <p className="text-sm text-muted">All 16 rules are picked.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {available.map((rule) => (
              <li key={rule.id}>
                <button
                  type="button"
                  data-focus-key={`${rule.id}:add`}
                  onClick={() => add(rule)}
                  className="flex min-h-12 w-full items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2 text-left text-sm font-medium text-ink transition-colors hover:border-brand-300 hover:bg-brand-50"
                >
                  <span className="text-muted">
                    <RuleIcon rule={rule} />
                  </span>
                  <span className="flex-1">
                    <span className="sr-only">Add </span>
                    {rule.name}
                  </span>
                  <Plus className="size-4 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

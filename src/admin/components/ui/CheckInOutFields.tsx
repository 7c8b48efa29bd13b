import { Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MAX_CHECKOUT_STEPS, MAX_TEXT } from '@shared/schemas/instruction.ts';
import { FieldMessages } from '../../../components/ui/FieldMessages.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';

export interface CheckInOutValues {
  /** "HH:MM" or ''. */
  checkInTime: string;
  checkOutTime: string;
  checkoutSteps: string[];
}

export type CheckInOutErrors = Partial<Record<keyof CheckInOutValues, string>>;

interface Props {
  /** Prefix of the inputs' ids ("editor" → `editor-checkInTime`, `editor-checkoutSteps-0`), so a message can lead to its field. */
  idPrefix: string;
  value: CheckInOutValues;
  onChange: (change: Partial<CheckInOutValues>) => void;
  errors?: CheckInOutErrors;
  /** Shows the values only: no adding or removing (a guidebook its owner's plan does not let them edit). */
  readOnly?: boolean;
}

const REMOVE_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink disabled:pointer-events-none disabled:opacity-35';

/**
 * The property's usual check-in and check-out times and the host's check-out list, in the editor
 * and in the auto-fill settings alike: two time fields and one line of text per step, added and
 * removed with buttons. Steps left empty are dropped on save (schemas/instruction.ts).
 */
export function CheckInOutFields({ idPrefix, value, onChange, errors = {}, readOnly = false }: Props) {
  const id = (...path: Array<string | number>) => [idPrefix, ...path].join('-');
  // After the list re-renders, the input or button asked for (the pressed one may be gone).
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    if (focusTarget === null) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const steps = value.checkoutSteps;
  const full = steps.length >= MAX_CHECKOUT_STEPS;
  const stepsHintId = id('checkoutSteps', 'hint');

  function add() {
    onChange({ checkoutSteps: [...steps, ''] });
    setFocusTarget(id('checkoutSteps', steps.length));
  }

  function remove(index: number) {
    onChange({ checkoutSteps: steps.filter((_, at) => at !== index) });
    setFocusTarget(steps.length > 1 ? id('checkoutSteps', Math.min(index, steps.length - 2)) : id('checkoutSteps', 'add'));
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={id('checkInTime')} name="checkInTime" label="Check-in from" type="time" value={value.checkInTime} onChange={(event) => onChange({ checkInTime: event.target.value })} error={errors.checkInTime} />
        <TextField id={id('checkOutTime')} name="checkOutTime" label="Check-out by" type="time" value={value.checkOutTime} onChange={(event) => onChange({ checkOutTime: event.target.value })} error={errors.checkOutTime} />
      </div>
      <fieldset className="grid min-w-0" aria-describedby={errors.checkoutSteps ? `${stepsHintId} ${id('checkoutSteps', 'error')}` : stepsHintId}>
        <legend className="field-label">Check-out steps</legend>
        <p id={stepsHintId} className="-mt-1 mb-2 text-sm text-muted">
          What guests do before leaving, one line each (at most {MAX_CHECKOUT_STEPS}).
        </p>
        <div className="grid gap-2">
          {steps.map((step, index) => (
            <div key={index} className="flex items-center gap-1">
              <label htmlFor={id('checkoutSteps', index)} className="sr-only">
                Check-out step {index + 1}
              </label>
              <input
                id={id('checkoutSteps', index)}
                name="checkoutSteps"
                className="field-input"
                value={step}
                maxLength={MAX_TEXT}
                placeholder={index === 0 ? 'Strip the beds' : index === 1 ? 'Leave the keys in the box' : ''}
                aria-invalid={errors.checkoutSteps ? true : undefined}
                onChange={(event) => onChange({ checkoutSteps: steps.map((item, at) => (at === index ? event.target.value : item)) })}
              />
              {readOnly ? null : (
                <button type="button" className={REMOVE_BUTTON} aria-label={`Remove check-out step ${index + 1}`} onClick={() => remove(index)}>
                  <X className="size-4" aria-hidden="true" />
                </button>
              )}
            </div>
          ))}
        </div>
        {readOnly ? null : (
          <button id={id('checkoutSteps', 'add')} type="button" className="btn-secondary mt-2 justify-self-start" onClick={add} disabled={full}>
            <Plus className="size-4" aria-hidden="true" />
            Add check-out step
          </button>
        )}
        <FieldMessages id={id('checkoutSteps')} error={errors.checkoutSteps} />
      </fieldset>
    </div>
  );
}

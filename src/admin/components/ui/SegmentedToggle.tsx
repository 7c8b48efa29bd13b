import { ToggleGroup } from 'radix-ui';
import type { ReactNode } from 'react';

export interface Segment<Value extends string> {
  value: Value;
  content: ReactNode;
  /** When the visible content does not name the choice (an icon, a label hidden on phones). */
  label?: string;
}

interface Props<Value extends string> {
  value: Value;
  onChange: (value: Value) => void;
  segments: readonly Segment<Value>[];
  /** Names the group for assistive technology. */
  label: string;
  className: string;
  itemClassName: string;
}

/**
 * A choice of two or three, one always chosen (cards ↔ table, monthly ↔ yearly). A single-choice
 * Radix ToggleGroup is a radiogroup to assistive technology, with arrow-key movement.
 */
export function SegmentedToggle<Value extends string>({ value, onChange, segments, label, className, itemClassName }: Props<Value>) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        // Radix lets the pressed item be pressed again to clear it; one stays chosen.
        const chosen = segments.find((segment) => segment.value === next);
        if (chosen) onChange(chosen.value);
      }}
      aria-label={label}
      className={className}
    >
      {segments.map((segment) => (
        <ToggleGroup.Item key={segment.value} value={segment.value} className={itemClassName} aria-label={segment.label}>
          {segment.content}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/TextField.tsx';

interface Props extends Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'step' | 'value' | 'onChange'> {
  value: number;
  onChange: (value: number) => void;
}

/**
 * A whole number typed in a form ("Most per stay", "Hours before check-in"). An emptied field is
 * NaN in the form, so the save's check names it, and it shows empty, not 0 or "NaN".
 */
export function WholeNumberField({ value, onChange, ...field }: Props) {
  return (
    <TextField
      {...field}
      type="number"
      inputMode="numeric"
      step={1}
      value={Number.isFinite(value) ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
    />
  );
}

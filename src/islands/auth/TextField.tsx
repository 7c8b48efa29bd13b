import { useState, type ComponentProps } from 'react';
import { TextField as Field } from '../../components/ui/TextField.tsx';

interface Props extends Omit<ComponentProps<typeof Field>, 'type' | 'end' | 'inputClassName'> {
  id: string;
  name: string;
  type?: 'text' | 'email' | 'password';
}

/**
 * The account forms' field: the dashboard's TextField (label, input, hint and error wired for
 * screen readers), with a Show/Hide button on passwords. The hint gives way to the error.
 */
export default function TextField({ label, type = 'text', error, hint, ...rest }: Props) {
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <Field
      spellCheck={type === 'text' ? undefined : false}
      autoCapitalize={type === 'text' ? undefined : 'none'}
      {...rest}
      label={label}
      type={isPassword && revealed ? 'text' : type}
      error={error}
      hint={error ? undefined : hint}
      inputClassName={isPassword ? 'pr-20' : undefined}
      end={
        isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((shown) => !shown)}
            aria-controls={rest.id}
            // The name starts with the visible word (WCAG 2.5.3) and says what happens next.
            aria-label={`${revealed ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            className="absolute inset-y-1.5 right-1.5 rounded-lg px-3 text-xs font-semibold text-brand-800 hover:bg-brand-50"
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        ) : null
      }
    />
  );
}

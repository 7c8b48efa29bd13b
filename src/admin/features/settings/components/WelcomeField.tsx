import { useId } from 'react';
import { describedBy, FieldMessages } from '../../../components/ui/FieldMessages.tsx';

/** Plain-text characters; the stored HTML (≤ 10 000) has room for the paragraph tags around them. */
const MAX_WELCOME_CHARS = 8000;

interface Props {
  value: string;
  /** The stored message carries formatting from the editor that a plain edit here would drop. */
  formatted: boolean;
  error?: string | undefined;
  onChange: (text: string) => void;
}

/** SPEC §2 Settings: the default welcome message, as plain paragraphs. */
export function WelcomeField({ value, formatted, error, onChange }: Props) {
  const id = useId();
  const hint = `Leave an empty line between paragraphs.${formatted ? ' This message has bold text, lists or links from the editor: editing it here keeps the words but not that formatting.' : ''}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Welcome message
      </label>
      <textarea
        id={id}
        name="textGreating"
        rows={6}
        maxLength={MAX_WELCOME_CHARS}
        className="field-input min-h-40 resize-y leading-relaxed"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

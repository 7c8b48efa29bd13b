import { useState } from 'react';
import { contactAsTyped, contactLink, type ContactKind } from '@shared/contact-links.ts';
import { messages } from '@shared/messages.ts';
import { MAX_URL } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../components/ui/TextField.tsx';

/** Labels say what hosts type, the same in the editor and Auto-Fill. */
const TEXTS: Record<ContactKind, { label: string; placeholder: string }> = {
  whatsapp: { label: 'WhatsApp number', placeholder: '+385 91 555 0101' },
  viber: { label: 'Viber number', placeholder: '+385 91 555 0101' },
  telegram: { label: 'Telegram username', placeholder: '@yourname' },
  facebook: { label: 'Facebook page', placeholder: 'yourpage' },
  instagram: { label: 'Instagram handle', placeholder: '@yourname' },
};

interface Props {
  kind: ContactKind;
  value: string;
  onChange: (value: string) => void;
  /** The save refused this field: its message shows until the value reads right. */
  refused?: boolean;
  /** The input's id (the editor scrolls to fields by id) or form name (Auto-Fill). */
  id?: string;
  name?: string;
}

/**
 * A contact channel as hosts type it (a number, a handle), with the link guests will open under
 * it as the host types, so they see what guests will tap; used by the editor and Auto-Fill. What is wrong shows
 * once the host has left the field (a number half typed is no mistake yet) or the save refused
 * it, and goes as soon as the value reads right.
 *
 * A stored link shows as the host typed it (`contactAsTyped`: the number, the handle) without
 * changing the form's value: the form keeps the link until the host types, so opening a
 * guidebook is no unsaved change. What the host types goes to the form as typed.
 */
export function ContactLinkField({ kind, value, onChange, refused = false, id, name }: Props) {
  const { label, placeholder } = TEXTS[kind];
  const [left, setLeft] = useState(false);
  // `value` as last seen and what the field shows for it; a value from outside (a load, a reset)
  // shows in its typed form, one the host just typed shows as typed.
  const [shown, setShown] = useState(() => ({ value, text: contactAsTyped(kind, value) }));
  let current = shown;
  if (shown.value !== value) {
    current = { value, text: value === shown.text ? value : contactAsTyped(kind, value) };
    setShown(current);
  }
  const text = current.text;
  const result = contactLink(kind, text);
  const numberOnly = kind === 'whatsapp' || kind === 'viber';
  return (
    // A long link wraps inside its column instead of widening it.
    <div className="min-w-0 [overflow-wrap:anywhere]">
      <TextField
        {...(id ? { id } : {})}
        name={name ?? kind}
        label={label}
        type={numberOnly ? 'tel' : 'text'}
        inputMode={numberOnly ? 'tel' : 'text'}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={placeholder}
        maxLength={MAX_URL}
        value={text}
        onChange={(event) => {
          setShown({ value: event.target.value, text: event.target.value });
          onChange(event.target.value);
        }}
        onBlur={() => setLeft(true)}
        hint={result.ok && result.link ? messages.contactLinks.opens(result.link) : undefined}
        error={!result.ok && (left || refused) ? result.message : undefined}
      />
    </div>
  );
}

// The stay dialog's choices: the guest's language, the channel the stay was booked on, and the host's note.
import { CHANNEL_NAMES, CHANNELS, type Channel } from '@shared/channels.ts';
import { STAY_LANGUAGES } from '@shared/languages.ts';
import { messages } from '@shared/messages.ts';
import { MAX_HOST_NOTE } from '@shared/schemas/stay.ts';
import { describedBy, FieldMessages } from '../../../../components/ui/FieldMessages.tsx';
import { languageName } from '../model/stay-form.ts';

/** The guest's language: a choice of the one list, or the guidebook's. */
export function LanguageSelect({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  // The languages of the one list (src/lib/shared/languages.ts); a language set elsewhere (the
  // API takes any tag) stays choosable even when it is not one of the list's.
  const codes: readonly string[] = value && !(STAY_LANGUAGES as readonly string[]).includes(value) ? [value, ...STAY_LANGUAGES] : STAY_LANGUAGES;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Language (optional)
      </label>
      <select
        id={id}
        className="field-input appearance-auto"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
      >
        <option value="">Same as the guidebook</option>
        {codes.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

/** Where the stay was booked (docs/decisions/028-teams.md §10): what its guest is offered follows that channel's rule. */
export function ChannelSelect({ id, value, onChange }: { id: string; value: Channel; onChange: (value: Channel) => void }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {messages.channels.stayChannel}
      </label>
      <select id={id} className="field-input appearance-auto" value={value} onChange={(event) => onChange(event.target.value as Channel)} aria-describedby={`${id}-hint`}>
        {CHANNELS.map((channel) => (
          <option key={channel} value={channel}>
            {CHANNEL_NAMES[channel]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {messages.channels.stayChannelHint}
      </p>
    </div>
  );
}

/** The host's own note on a stay (`hostNote`): plain text, never shown to the guest. */
export function NoteField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Note (optional)
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={MAX_HOST_NOTE}
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
      />
      <FieldMessages id={id} hint="For you and your team; the guest never sees it." error={error} />
    </div>
  );
}

import { useMemo, useState } from 'react';
import { isTimeZone } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { timeZoneNames } from '../../../../lib/time-zones.ts';
import { fieldId } from '../../model/editor-form.ts';

/** "14:03" where the property is, so the host can tell at a glance the zone is the right one. */
function clockIn(zone: string): string | null {
  if (!isTimeZone(zone)) return null;
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
}

/**
 * The property's IANA time zone: a text field the browser completes from a list of every zone it
 * knows (a datalist: typing "zag" offers Europe/Zagreb), checked against the same rule as the API.
 */
export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const id = fieldId('timeZone');
  const names = useMemo(() => timeZoneNames(), []);
  const [touched, setTouched] = useState(false);
  const clock = clockIn(value);
  const error = touched && value.trim() !== '' && !clock ? 'Choose a time zone from the list (like Europe/Zagreb).' : undefined;
  return (
    <div>
      <TextField
        id={id}
        label="Property’s time zone"
        list={`${id}-list`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Europe/Zagreb"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          setTouched(true);
          onChange(value.trim());
        }}
        error={error}
        hint={
          clock
            ? `Check-in and check-out times are in this zone. It is ${clock} there now.`
            : value.trim() === ''
              ? 'Check-in and check-out times are in this zone; left empty, they are in UTC.'
              : 'Check-in and check-out times are in this zone.'
        }
      />
      <datalist id={`${id}-list`}>
        {names.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </div>
  );
}

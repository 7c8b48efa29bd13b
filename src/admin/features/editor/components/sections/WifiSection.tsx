import { Wifi } from 'lucide-react';
import { MAX_TEXT, WIFI_SECURITY, type WifiSecurity } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { bindText, fieldId, type SectionProps } from '../../model/editor-form.ts';
import { Section } from '../common/Section.tsx';

const SECURITY_LABELS: Record<WifiSecurity, string> = { WPA: 'WPA / WPA2 / WPA3', WEP: 'WEP', nopass: 'None (open network)' };

/** docs/product.md §2 Editor "Wi-Fi information": name, password and the security type the QR code needs. */
export function WifiSection({ form, patch }: SectionProps) {
  const open = form.wifiSecurity === 'nopass';
  return (
    <Section id="wifi" title="Wi-Fi" icon={Wifi} description="Guests can copy the password or scan a QR code to join.">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...bindText({ form, patch }, 'wifiName')} label="Network name" autoComplete="off" maxLength={MAX_TEXT} />
        <div>
          <label htmlFor={fieldId('wifiSecurity')} className="field-label">
            Security
          </label>
          <select
            id={fieldId('wifiSecurity')}
            className="field-input appearance-auto"
            value={form.wifiSecurity}
            onChange={(event) => patch({ wifiSecurity: event.target.value as WifiSecurity })}
          >
            {WIFI_SECURITY.map((value) => (
              <option key={value} value={value}>
                {SECURITY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <TextField {...bindText({ form, patch }, 'wifiPassword')} label="Password" autoComplete="off" spellCheck={false} maxLength={MAX_TEXT} disabled={open} hint={open ? 'An open network needs no password.' : undefined} />
        </div>
      </div>
    </Section>
  );
}

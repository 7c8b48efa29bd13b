import { Clock } from 'lucide-react';
import type { ApplyFlags, Settings } from '@shared/schemas/settings.ts';
import { CheckInOutFields, type CheckInOutErrors, type CheckInOutValues } from '../../../components/ui/CheckInOutFields.tsx';
import { SettingsSection } from './SettingsSection.tsx';

interface Props {
  value: CheckInOutValues;
  onChange: (value: CheckInOutValues) => void;
  errors: CheckInOutErrors;
  /** The section's "Apply to existing" toggle (the `checkout` group). */
  apply: ApplyFlags['checkout'];
  onApplyChange: (apply: boolean) => void;
}

/**
 * Auto-Fill's check-in and check-out times and check-out steps: new guidebooks start from them,
 * and "Apply to existing" copies all three into every guidebook (the `checkout` group).
 */
export function CheckInOutSettings({ value, onChange, errors, apply, onApplyChange }: Props) {
  return (
    <SettingsSection
      title="Check-in and check-out"
      description="Your usual times, and the list guests follow before leaving."
      icon={Clock}
      applies="these times and check-out steps"
      apply={apply}
      onApplyChange={onApplyChange}
    >
      <CheckInOutFields idPrefix="settings" value={value} onChange={(change) => onChange({ ...value, ...change })} errors={errors} />
    </SettingsSection>
  );
}

/** The section's fields out of the saved settings (a fresh list, never the settings' own). */
export function pickCheckInOut({ checkInTime, checkOutTime, checkoutSteps }: Settings): CheckInOutValues {
  return { checkInTime, checkOutTime, checkoutSteps: [...checkoutSteps] };
}

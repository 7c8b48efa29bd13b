import { useId } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import type { LockDeviceView } from '@shared/schemas/locks.ts';
import { useAssign } from '../api/locks.ts';

const since = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Seam's warnings in the host's words (docs/product/locks.md); one not known here is not shown. */
const WARNINGS: Record<string, string> = {
  third_party_integration_detected: 'Another system also programs this lock',
  keypad_disconnected: 'Keypad not connected',
  device_has_low_battery: 'Battery low',
  low_battery: 'Battery low',
};

/** "Online codes · backup codes", "Offline codes", or why it takes none. */
function codesLine(lock: LockDeviceView): string {
  if (!lock.onlineCodes && !lock.offlineCodes) return 'This lock cannot take codes from Porchlight (Seam reports no keypad codes)';
  const parts = [lock.onlineCodes ? 'Online codes' : 'Offline codes', lock.backupPool ? 'backup codes' : ''];
  return parts.filter(Boolean).join(' · ');
}

/**
 * One lock (docs/product/locks.md): its name and model, Online or "Offline since …", the codes it
 * takes, its warnings, and the guidebook it opens (a select; one lock per guidebook; none once the
 * plan no longer includes smart locks, `lapsed`).
 */
export function LockRow({ lock, guidebooks, lapsed = false }: { lock: LockDeviceView; guidebooks: Array<{ id: string; name: string }>; lapsed?: boolean }) {
  const id = useId();
  const assign = useAssign(lock.id);
  const takesCodes = lock.onlineCodes || lock.offlineCodes;
  const warnings = [...new Set(lock.warnings.map((code) => WARNINGS[code]).filter(Boolean))];

  function choose(value: string) {
    assign.mutate(
      { instructionId: value || null },
      { onSuccess: ({ message }) => toast.success(message), onError: (failure) => toast.error(errorMessage(failure, 'The lock could not be assigned. Please try again.')) },
    );
  }

  return (
    <li className="grid gap-3 border-t border-line py-4 first:border-t-0 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span id={`${id}-name`} className="font-semibold text-ink [overflow-wrap:anywhere]">
            {lock.name}
          </span>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${lock.online ? 'bg-brand-50 text-brand-900 dark:text-brand-200' : 'bg-amber-100 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100'}`}>
            {lock.online ? 'Online' : lock.offlineSince ? `Offline since ${since.format(lock.offlineSince)}` : 'Offline'}
          </span>
        </p>
        {lock.model ? <p className="text-sm text-muted">{lock.model}</p> : null}
        <p className="text-sm text-muted">{codesLine(lock)}</p>
        {warnings.map((warning) => (
          <p key={warning} className="text-sm font-medium text-amber-800 dark:text-amber-300">
            {warning}
          </p>
        ))}
      </div>
      {takesCodes && !lapsed ? (
        <div className="grid gap-1">
          <label htmlFor={`${id}-guidebook`} className="text-sm font-medium text-ink">
            Guidebook
          </label>
          <select id={`${id}-guidebook`} className="field-input appearance-auto py-2" value={lock.guidebookIds[0] ?? ''} aria-describedby={`${id}-name`} disabled={assign.isPending} onChange={(event) => choose(event.target.value)}>
            <option value="">None</option>
            {guidebooks.map((guidebook) => (
              <option key={guidebook.id} value={guidebook.id}>
                {guidebook.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </li>
  );
}

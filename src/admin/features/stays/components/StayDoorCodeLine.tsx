import { KeyRound } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { Stay } from '@shared/schemas/stay.ts';
import { CodeSwitch } from '../../../components/locks/CodeSwitch.tsx';
import { useCan } from '../../../lib/team-role.ts';

/**
 * The stay card's door code (docs/product/locks.md, "What the host sees"): its state, the notes of
 * an offline code (its whole hours, its first-use rule, an earlier code still running), and "Turn
 * door code off" / "on" for a member who may (`lockCodes.retry`). Nothing on a guidebook without a
 * lock; never the digits.
 */
export function StayDoorCodeLine({ stay, guidebookId }: { stay: Stay; guidebookId: string }) {
  const can = useCan();
  if (!stay.doorCode) return null;
  const calm = stay.doorCode === 'set' || stay.doorCode === 'setting' || stay.doorCode === 'off';
  return (
    <div className="mt-1.5 grid gap-1.5" data-testid="stay-door-code">
      <p className={`flex items-start gap-2 text-sm ${calm ? 'text-ink' : 'font-medium text-amber-900 dark:text-amber-200'}`}>
        <KeyRound className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
        <span>{messages.locks.stayCode[stay.doorCode]}</span>
      </p>
      {(stay.doorCodeNotes ?? []).map((note) => (
        <p key={note} className="ml-6 text-sm text-muted [overflow-wrap:anywhere]">
          {note}
        </p>
      ))}
      {can('lockCodes.retry') ? (
        <div className="ml-6">
          <CodeSwitch guidebookId={guidebookId} stayId={stay._id} off={stay.doorCode === 'off'} />
        </div>
      ) : null}
    </div>
  );
}

import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Instruction, SecretsPolicy } from '@shared/schemas/instruction.ts';
import { ArrivalReminderSetting } from './ArrivalReminderSetting.tsx';
import { PmsGuestMailSetting } from './PmsGuestMailSetting.tsx';

/** The saved guidebook as the Stays view needs it: stays are read and written against the server's copy. */
export interface StaysGuidebook {
  id: string;
  name: string;
  timeZone: string;
  secretsPolicy: SecretsPolicy;
  revealHoursBefore: number;
  /** The usual check-in and check-out times ("HH:MM" or ''): a new stay starts at them. */
  checkInTime: string;
  checkOutTime: string;
}

/**
 * What the route draws in the Stays tab (the stays feature's view: features do not import each
 * other, the route composes them), with a note from the editor when there is one to make.
 */
export type RenderStays = (content: { guidebook: StaysGuidebook; notice: ReactNode; reminder: ReactNode; guestMail: (label: string) => ReactNode }) => ReactNode;

const GUEST_ACCESS_KEYS = ['secretsPolicy', 'secretsPin', 'revealHoursBefore', 'timeZone'] as const;

/**
 * The editor's Stays tab: one guest link per booking. Stays follow the saved guidebook (its time zone and
 * secrets policy are the server's), so unsaved Guest access changes are pointed out here.
 */
export function StaysTab({
  saved,
  form,
  patch,
  readOnly,
  render,
}: {
  saved: Instruction;
  form: Instruction;
  patch: (change: Partial<Instruction>) => void;
  readOnly: boolean;
  render: RenderStays | undefined;
}) {
  if (!render) return null;
  const unsaved = GUEST_ACCESS_KEYS.some((key) => saved[key] !== form[key]);
  const notice = unsaved ? (
    <p className="flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Your Guest access settings are not saved yet: stays use the saved ones
        {form.timeZone !== saved.timeZone ? ` (times in ${saved.timeZone || 'UTC'})` : ''} until you save the guidebook.
      </span>
    </p>
  ) : null;
  return (
    <>
      {render({
        guidebook: {
          id: saved._id,
          name: saved.nameInstruction,
          timeZone: saved.timeZone,
          secretsPolicy: saved.secretsPolicy,
          revealHoursBefore: saved.revealHoursBefore,
          checkInTime: saved.checkInTime,
          checkOutTime: saved.checkOutTime,
        },
        notice,
        // Part of the guidebook's content (saved with it), shown by the stays it is about.
        reminder: <ArrivalReminderSetting value={form.arrivalReminder} saved={saved.arrivalReminder} readOnly={readOnly} onChange={(arrivalReminder) => patch({ arrivalReminder })} />,
        // Drawn by the view only when the guidebook is mapped to a booking system (its label).
        guestMail: (label) => <PmsGuestMailSetting label={label} value={form.pmsGuestMail} saved={saved.pmsGuestMail} readOnly={readOnly} onChange={(pmsGuestMail) => patch({ pmsGuestMail })} />,
      })}
    </>
  );
}

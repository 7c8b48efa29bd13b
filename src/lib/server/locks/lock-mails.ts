import type { MailMessage } from '../platform/mail/compose-mail.ts';

/**
 * The host's mails about a stay's door code (docs/decisions/030-smart-locks.md §7, §12), to the
 * team's contact address: never the digits. Seam's reasons are our own words for its error codes,
 * never Seam's message text.
 */

const REASONS: Record<string, string> = {
  device_offline: 'the lock is offline',
  igloohome_bridge_offline: 'the lock is offline',
  hub_disconnected: "the lock's hub is disconnected",
  account_disconnected: "the lock's account is disconnected",
  august_device_slots_full: "the lock's code slots are full",
  hubitat_no_free_positions_available: "the lock's code slots are full",
  august_lock_missing_keypad: 'the lock has no keypad connected',
  duplicate_code_on_device: 'the lock already holds the same code',
  empty_backup_access_code_pool: "the lock's backup codes are used up",
};

/** Our words for Seam's first known error code on the code. */
export function reasonOf(errorCodes: string): string {
  const known = errorCodes.split(',').find((code) => REASONS[code] !== undefined);
  return known ? REASONS[known]! : 'the lock did not confirm the code';
}

const plain = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

export interface CodeMailFacts {
  to: string;
  guest: string;
  guidebook: string;
  lock: string;
  /** "Fri 12 Mar 15:00", in the guidebook's zone. */
  checkIn: string;
  reason: string;
  arrivalsUrl: string;
}

/** The deadline passed: a backup code from the lock is the guest's, or no code could be had (§7). */
export function codeDeadlineMail(kind: 'fallback' | 'failed', facts: CodeMailFacts): MailMessage {
  const guest = plain(facts.guest) || 'Your guest';
  const body =
    kind === 'fallback'
      ? [`The lock did not confirm ${guest}'s code (Seam says: ${facts.reason}). A backup code from the lock is in use: ${guest} sees it on the stay link now, and it works until check-out.`]
      : [
          `No code could be set on ${plain(facts.lock)} for ${guest} (Seam says: ${facts.reason}). ${guest}'s stay link says you are arranging the door code.`,
          '',
          `Set a code on the lock, then type it on Arrivals so ${guest} sees it, or give ${guest} a key.`,
        ];
  return {
    to: facts.to,
    subject: `Door code for ${guest}, ${plain(facts.guidebook)}, ${facts.checkIn}`.slice(0, 150),
    text: ['Hello,', '', ...body, '', 'See it on Arrivals:', facts.arrivalsUrl, '', '— Porchlight', ''].join('\n'),
  };
}

import { ROLE_NAMES } from '@shared/team-roles.ts';
import type { InvitedRole } from '@shared/schemas/invitation.ts';
import type { Config } from '../../platform/config.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/** A name as one plain line (a typed name never becomes HTML, nor breaks the mail's lines). */
const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim().slice(0, 120);

/**
 * The invitation (docs/decisions/028-teams.md §7): who invites, to which team, in which role, and
 * the link, built from APP_URL (docs/security.md 11). Nothing else: no guidebook's content, no
 * door code. Plain text only.
 */
export function invitationMail(config: Pick<Config, 'appUrl'>, { to, inviter, team, role, token }: { to: string; inviter: string; team: string; role: InvitedRole; token: string }): MailMessage {
  const url = new URL(`/invite/${token}`, config.appUrl).href;
  const who = oneLine(inviter) || 'A Porchlight host';
  const text = [
    'Hello,',
    '',
    `${who} invited you to join the team "${oneLine(team)}" on Porchlight as ${ROLE_NAMES[role]}.`,
    '',
    'Open this link to accept, signing in or creating an account with this e-mail address:',
    url,
    '',
    'The link works for 7 days and only once. If you did not expect it, ignore this email.',
    '',
    '— Porchlight',
    '',
  ].join('\n');
  return { to, subject: `${who} invited you to ${oneLine(team)} on Porchlight`, text };
}

/** The owner's note when someone accepts ("Ana joined as Editor"). */
export function joinedMail({ to, member, team, role }: { to: string; member: string; team: string; role: InvitedRole }): MailMessage {
  const text = ['Hello,', '', `${oneLine(member)} accepted your invitation and joined "${oneLine(team)}" as ${ROLE_NAMES[role]}.`, '', '— Porchlight', ''].join('\n');
  return { to, subject: `${oneLine(member)} joined as ${ROLE_NAMES[role]}`, text };
}

/** "a…@example.com": the invited address as a person signed in with another one is told it. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at <= 0 ? '…' : `${email[0]}…${email.slice(at)}`;
}

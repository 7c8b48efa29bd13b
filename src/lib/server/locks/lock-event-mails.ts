import type { MailMessage } from '../platform/mail/compose-mail.ts';

/**
 * The host's mails about what happened outside Porchlight (docs/decisions/030-smart-locks.md §3,
 * §8, §12), to the team's contact address, each once per occurrence: a code deleted in the lock's
 * own app (made again, or left failed the second time within a day), a lock offline, a lock
 * removed, an account that needs its password again; and the week's notice before a lapsed plan's
 * accounts are disconnected (§14). Never the digits.
 */

const plain = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

function mail(to: string, subject: string, body: string[], link: { label: string; url: string }): MailMessage {
  return { to, subject: plain(subject).slice(0, 150), text: ['Hello,', '', ...body, '', `${link.label}:`, link.url, '', '— Porchlight', ''].join('\n') };
}

export interface OutsideMailFacts {
  to: string;
  guest: string;
  lock: string;
  /** "Fri 12 Mar 15:00", in the guidebook's zone. */
  checkIn: string;
  arrivalsUrl: string;
}

/** A stay's code deleted outside Porchlight (§8): set again, or, the second time within 24 hours, not. */
export function codeOutsideMail(kind: 'recreated' | 'again', facts: OutsideMailFacts): MailMessage {
  const guest = plain(facts.guest) || 'Your guest';
  const lock = plain(facts.lock);
  const body =
    kind === 'recreated'
      ? [
          `${guest}'s code was deleted from ${lock} outside Porchlight, in the lock's own app or on the lock. Porchlight set it again, because ${guest} arrives on ${facts.checkIn}.`,
          '',
          `If you deleted it on purpose, delete it again: a second deletion within a day is taken as yours, and Porchlight leaves it.`,
        ]
      : [`${guest}'s code was deleted from ${lock} outside Porchlight a second time within a day, so Porchlight did not set it again. ${guest}'s stay link says you are arranging the door code.`, '', `Try again or type a code on Arrivals, or give ${guest} a key.`];
  return mail(facts.to, `Door code for ${guest} deleted on ${lock}`, body, { label: 'See it on Arrivals', url: facts.arrivalsUrl });
}

export interface LockMailFacts {
  to: string;
  lock: string;
  /** "Fri 12 Mar 10:02". */
  since: string;
  /** The arrivals of the next 7 days on it: "Dana, Fri 12 Mar". */
  arrivals: string[];
  locksUrl: string;
}

function arrivalsLine(arrivals: string[]): string[] {
  return arrivals.length === 0 ? ['No arrival in the next 7 days uses it.'] : [`Arrivals of the next 7 days on it: ${arrivals.map(plain).join('; ')}.`];
}

/** A lock offline (§3): codes cannot be set on it while it is. */
export function lockOfflineMail(facts: LockMailFacts): MailMessage {
  const lock = plain(facts.lock);
  const body = [`${lock} is offline since ${facts.since}: door codes cannot be set on it while it is. Check its Wi-Fi bridge and batteries.`, '', ...arrivalsLine(facts.arrivals)];
  return mail(facts.to, `${lock} is offline`, body, { label: 'See it on Smart locks', url: facts.locksUrl });
}

/** A lock removed from its account at Seam (§3): it opens no guidebook any more. */
export function lockGoneMail(facts: LockMailFacts): MailMessage {
  const lock = plain(facts.lock);
  const body = [`${lock} was removed from its lock account, so Porchlight can no longer set door codes on it, and it no longer opens a guidebook.`, '', ...arrivalsLine(facts.arrivals)];
  return mail(facts.to, `${lock} was removed`, body, { label: 'Choose another lock on Smart locks', url: facts.locksUrl });
}

/** A lock account that needs its password again (§3). */
export function accountDisconnectedMail(facts: Omit<LockMailFacts, 'lock'> & { account: string }): MailMessage {
  const account = plain(facts.account);
  const body = [`Your ${account} lock account was disconnected on ${facts.since} and needs its password again: door codes cannot be set on its locks until it is reconnected.`, '', ...arrivalsLine(facts.arrivals)];
  return mail(facts.to, `${account} lock account needs its password again`, body, { label: 'Reconnect it on Smart locks', url: facts.locksUrl });
}

/** A team whose plan no longer includes smart locks (§14): its lock accounts are disconnected on `on`, a week on. */
export function lapseMail(facts: { to: string; accounts: string[]; on: string; locksUrl: string }): MailMessage {
  const accounts = facts.accounts.map(plain).join(', ');
  const body = [
    `Your team's plan no longer includes smart locks, so Porchlight will disconnect your lock accounts (${accounts}) on ${facts.on}. Door codes already on your locks work until their stays end; no new code is made.`,
    '',
    'To keep them connected, and give every stay its own code again, upgrade to Premium before then. You can also disconnect them yourself now.',
  ];
  return mail(facts.to, `Your lock accounts will be disconnected on ${facts.on}`, body, { label: 'Upgrade or disconnect on Smart locks', url: facts.locksUrl });
}

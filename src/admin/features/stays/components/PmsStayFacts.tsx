import type { ReactNode } from 'react';
import { CHANNEL_NAMES } from '@shared/channels.ts';
import { messages } from '@shared/messages.ts';
import type { Stay } from '@shared/schemas/stay.ts';
import { guestCountText, stayTime } from '../model/stay-format.ts';

/** One read-only fact: its term, and the value beside it (a phone too has the width for both). */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3 sm:grid-cols-[7rem_minmax(0,1fr)]">
      <dt className="text-muted">{term}</dt>
      <dd className="text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * What a booking system's stay holds that only the system changes (docs/decisions/029-pms-connectors.md
 * §8): the guest, their e-mail, phone and count, the dates and the channel, read-only, with where to
 * change them and how to remove the stay (deleting it here would only be refused).
 */
export function PmsStayFacts({ stay, label }: { stay: Stay; label: string }) {
  const guests = guestCountText(stay.guestCount);
  return (
    <div className="rounded-xl border border-line p-4 text-sm" data-testid="stay-from-pms">
      <dl className="grid gap-2">
        <Fact term="Guest">{stay.guestName || 'No name'}</Fact>
        {stay.guestEmail ? <Fact term="Email">{stay.guestEmail}</Fact> : null}
        {stay.guestPhone ? <Fact term="Phone">{stay.guestPhone}</Fact> : null}
        {guests ? <Fact term="Guests">{guests}</Fact> : null}
        <Fact term="Check-in">
          <time dateTime={stay.checkInAt}>{stayTime(stay.checkInAt, stay.timeZone)}</time>
        </Fact>
        <Fact term="Check-out">
          <time dateTime={stay.checkOutAt}>{stayTime(stay.checkOutAt, stay.timeZone)}</time>
        </Fact>
        <Fact term={messages.channels.stayChannel}>{CHANNEL_NAMES[stay.channel]}</Fact>
      </dl>
      <p className="mt-3 text-muted">{messages.stays.fromPms(label)}</p>
      <p className="mt-2 text-muted">
        <span className="font-semibold text-ink">To remove it: </span>
        {messages.stays.deleteFromPms(label)}
      </p>
    </div>
  );
}

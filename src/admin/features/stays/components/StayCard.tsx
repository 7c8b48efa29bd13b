import { BellRing, BookOpen, CalendarClock, Eye, Link2, MailCheck, Pencil, QrCode, RefreshCw, ShoppingBag, Trash2, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { CHANNEL_NAMES } from '@shared/channels.ts';
import { messages } from '@shared/messages.ts';
import type { Stay } from '@shared/schemas/stay.ts';
import { copyLink } from '../../../lib/guest-link.ts';
import { amountOf, STATUS, whatOf } from '../../../lib/order-view.ts';
import { StayDoorCodeLine } from './StayDoorCodeLine.tsx';
import { guestCountText, guestLabel, linkMailedText, nights, openedText, overlapText, reminderText, revealText, stayTime } from '../model/stay-format.ts';

interface Props {
  stay: Stay;
  /** The door code is gated: say whether it was viewed, even before the first time. */
  gated: boolean;
  /** The heading level of the stay's name under its group's heading. */
  level: 3 | 4;
  /** Each null for a role that may not (docs/product.md §6 Team roles); so is "Copy link" without the link. */
  onShare: ((stay: Stay) => void) | null;
  onEdit: ((stay: Stay) => void) | null;
  onDelete: ((stay: Stay) => void) | null;
}

const iconButton = 'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-brand-50 hover:text-ink';

/**
 * One stay: the guest, where it came from (a calendar, a booking system), where it was booked, the dates where the property is (its zone named), whether the gated code
 * was viewed, and the link's actions (copy; QR code and mail in the share dialog), with edit and
 * delete beside the name (no delete for a booking system's stay: its dialog says how to remove it).
 */
export function StayCard({ stay, gated, level, onShare, onEdit, onDelete }: Props) {
  const titleId = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  const name = guestLabel(stay);
  const count = nights(stay);
  const viewed = revealText(stay.reveals, stay.timeZone);
  const reminded = reminderText(stay.reminderSentAt, stay.timeZone);
  const mailed = linkMailedText(stay.linkMailedAt, stay.timeZone);
  const overlapping = overlapText(stay);
  const guests = guestCountText(stay.guestCount);
  // A booking system's stay cannot be deleted here (the next read would bring it back): its dialog says how to remove it.
  const remove = stay.pms ? null : onDelete;
  const { id: guidebookId = '' } = useParams();
  return (
    <li aria-labelledby={titleId} className="card p-4 sm:p-5" data-testid="stay">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <Heading id={titleId} className={`min-w-0 break-words font-display text-base font-bold ${stay.guestName ? 'text-ink' : 'text-muted'}`}>
            {name}
          </Heading>
          {stay.pms ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900 dark:bg-violet-400/15 dark:text-violet-200" data-testid="stay-source">
              <RefreshCw className="size-3" aria-hidden="true" />
              From {stay.pms.label}
            </span>
          ) : stay.source === 'calendar' ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900 dark:bg-sky-400/15 dark:text-sky-200">
              <RefreshCw className="size-3" aria-hidden="true" />
              From calendar
            </span>
          ) : null}
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-ink ring-1 ring-line" data-testid="stay-channel">
            <span className="sr-only">{messages.channels.stayChannel} </span>
            {CHANNEL_NAMES[stay.channel]}
          </span>
          {stay.status === 'ended' ? (
            <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800 dark:bg-stone-700 dark:text-stone-100">Link closed</span>
          ) : null}
        </div>
        {/* Centred on the name's first line, without pushing the card's content down. */}
        <div className="-my-2 -mr-2 flex shrink-0 gap-0.5">
          {onEdit ? (
            <button type="button" className={iconButton} aria-haspopup="dialog" aria-label={`Edit stay of ${name}`} title="Edit" onClick={() => onEdit(stay)}>
              <Pencil className="size-4" aria-hidden="true" />
            </button>
          ) : null}
          {remove ? (
            <button
              type="button"
              className={`${iconButton} hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/50 dark:hover:text-red-400`}
              aria-haspopup="dialog"
              aria-label={`Delete stay of ${name}`}
              title="Delete"
              onClick={() => remove(stay)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>

      <p className="mt-2 flex items-start gap-2 text-sm text-ink">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
        <span>
          <time dateTime={stay.checkInAt}>{stayTime(stay.checkInAt, stay.timeZone)}</time>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> to </span>
          <time dateTime={stay.checkOutAt}>{stayTime(stay.checkOutAt, stay.timeZone)}</time>
          <span className="block text-muted">
            {count === 1 ? '1 night' : `${count} nights`} · {stay.timeZone} time
            {guests ? ` · ${guests}` : null}
          </span>
          {/* The guest's address and phone on a line of their own: an address breaks only where it must. */}
          {stay.guestEmail || stay.guestPhone ? (
            <span className="block text-muted [overflow-wrap:anywhere]">{[stay.guestEmail, stay.guestPhone].filter(Boolean).join(' · ')}</span>
          ) : null}
        </span>
      </p>

      {overlapping ? (
        <p className="mt-2 flex items-start gap-2 rounded-lg bg-amber-50 px-2.5 py-1.5 text-sm font-medium text-amber-950 dark:bg-amber-950/50 dark:text-amber-100" data-testid="stay-overlap">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{overlapping}</span>
        </p>
      ) : null}

      <p className={`mt-1.5 flex items-start gap-2 text-sm ${stay.opens.count > 0 ? 'text-ink' : 'text-muted'}`}>
        <BookOpen className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
        <span>{openedText(stay)}</span>
      </p>

      {viewed || gated ? (
        <p className={`mt-1.5 flex items-start gap-2 text-sm ${viewed ? 'text-ink' : 'text-muted'}`}>
          <Eye className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
          <span>{viewed ?? 'Code not viewed yet'}</span>
        </p>
      ) : null}

      <StayDoorCodeLine stay={stay} guidebookId={guidebookId} />

      {mailed ? (
        <p className="mt-1.5 flex items-start gap-2 text-sm text-ink">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
          <time dateTime={stay.linkMailedAt ?? undefined}>{mailed}</time>
        </p>
      ) : null}
      {reminded ? (
        <p className="mt-1.5 flex items-start gap-2 text-sm text-ink">
          <BellRing className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
          <time dateTime={stay.reminderSentAt ?? undefined}>{reminded}</time>
        </p>
      ) : null}

      {stay.orders.length > 0 ? <StayOrders stay={stay} name={name} /> : null}

      {stay.url || onShare ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {stay.url ? (
            <button type="button" className="btn-secondary px-3.5 py-2" onClick={() => void copyLink(stay.url)}>
              <Link2 className="size-4" aria-hidden="true" />
              Copy link<span className="sr-only"> of {name}</span>
            </button>
          ) : null}
          {onShare ? (
            <button type="button" className="btn-secondary px-3.5 py-2" aria-haspopup="dialog" onClick={() => onShare(stay)}>
              <QrCode className="size-4" aria-hidden="true" />
              Share<span className="sr-only"> the link of {name}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The extras this stay's guest ordered, each with its amount and state; deciding and refunding happen on the Orders screen. */
function StayOrders({ stay, name }: { stay: Stay; name: string }) {
  const { id = '' } = useParams();
  const waiting = stay.orders.some((order) => order.status === 'requested');
  return (
    <div className="mt-2 flex items-start gap-2 text-sm">
      <ShoppingBag className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
      <div className="min-w-0">
        <ul aria-label={`Extras ordered by ${name}`} className="grid gap-1">
          {stay.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-ink">
              <span>{whatOf(order)}</span>
              <span className="text-muted">· {amountOf(order)}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[order.status].className}`}>{STATUS[order.status].label}</span>
            </li>
          ))}
        </ul>
        <Link to={`/dashboard/orders?guidebook=${encodeURIComponent(id)}`} className="mt-1 inline-block font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
          {waiting ? 'Approve or decline' : 'See in Orders'}
          <span className="sr-only"> the extras of {name}</span>
        </Link>
      </div>
    </div>
  );
}

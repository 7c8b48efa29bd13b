import { CalendarPlus, Plus } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import type { SecretsPolicy } from '@shared/schemas/instruction.ts';
import type { Stay, StayGroup as StayGroupName, StayOrdersChoice, StaysPage } from '@shared/schemas/stay.ts';
import { errorMessage } from '@shared/api-client.ts';
import { effectiveTimeZone, stayTimesOf } from '@shared/time-zone.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { LoadingStatus } from '../../../components/ui/LoadingStatus.tsx';
import { useDeleteStay } from '../api/delete-stay.ts';
import { DeleteStayDialog } from './DeleteStayDialog.tsx';
import { useStayGroup } from '../api/get-stays.ts';
import { CalendarPanel } from './CalendarPanel.tsx';
import { PolicyNote } from './PolicyNote.tsx';
import { StayDialog } from './StayDialog.tsx';
import { StayGroup } from './StayGroup.tsx';
import { StayShareDialog } from './StayShareDialog.tsx';
import { GuestDataRequest } from './GuestDataRequest.tsx';
import { IconBadge } from '../../../components/ui/IconBadge.tsx';
import { useCan } from '../../../lib/team-role.ts';

export interface StaysViewProps {
  /** The saved guidebook: stays are read and written against the server's copy. */
  guidebook: { id: string; name: string; timeZone: string; secretsPolicy: SecretsPolicy; revealHoursBefore: number; checkInTime: string; checkOutTime: string };
  /** A note from the place showing the view (the editor's unsaved Guest access). */
  notice?: ReactNode;
  /** The reminder before arrival's setting, where the place can change the guidebook (the editor). */
  reminder?: ReactNode;
  /** The booking system's guest mails' setting, drawn when the guidebook is mapped to one (the editor). */
  guestMail?: (label: string) => ReactNode;
  /** Under the policy note: how to change it, where the place offers a way. */
  policyAction?: ReactNode;
  /** In the editor the view names itself (an h2); on its own screen the page's h1 does. */
  titled?: boolean;
}

/**
 * The stays of one guidebook, in the editor's Stays tab and on its own screen
 * from the options panel. Current, upcoming and past stays with their links, the booking
 * calendar beside them, and the add/edit, share and delete dialogs.
 */
export function StaysView({ guidebook, notice, reminder, guestMail, policyAction, titled = false }: StaysViewProps) {
  const groups = [
    { name: 'current', title: 'Current', query: useStayGroup(guidebook.id, 'current') },
    { name: 'upcoming', title: 'Upcoming', query: useStayGroup(guidebook.id, 'upcoming') },
    { name: 'past', title: 'Past', query: useStayGroup(guidebook.id, 'past') },
  ] as const;
  const firstPage: StaysPage | undefined = groups.find((group) => group.query.data)?.query.data?.pages[0];
  const failed = groups.find((group) => group.query.isError && !group.query.data)?.query;
  const remove = useDeleteStay(guidebook.id);
  const [editing, setEditing] = useState<{ stay: Stay | null; key: number } | null>(null);
  const [sharing, setSharing] = useState<Stay | null>(null);
  const [deleting, setDeleting] = useState<Stay | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);
  const zone = effectiveTimeZone(guidebook.timeZone);
  const gated = guidebook.secretsPolicy !== 'always';
  const level = titled ? 3 : 2;
  // docs/product.md §6 Team roles: a Cleaner reads the stays; changing them and the calendar is the others'.
  const can = useCan();
  const writes = can('stays.write');

  const edit = (stay: Stay | null) => setEditing({ stay, key: Date.now() });

  async function confirmDelete(stay: Stay, orders: StayOrdersChoice | undefined) {
    try {
      const { message } = await remove.mutateAsync({ stayId: stay._id, orders });
      deleted.current = true;
      toast.success(message || messages.stays.deleted);
    } catch (error) {
      toast.error(errorMessage(error, messages.stays.deleteFailed));
    }
    setDeleting(null);
  }

  const addButton = !writes ? null : (
    <button ref={addRef} type="button" className="btn-primary" aria-haspopup="dialog" onClick={() => edit(null)}>
      <Plus className="size-4" aria-hidden="true" />
      Add stay
    </button>
  );
  const intro = `Each booking gets its own link: the guidebook, greeting the guest by name with their dates. Times are in ${zone}.`;

  return (
    <div className="grid gap-5">
      {titled ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h2 className="font-display text-xl font-bold text-ink sm:text-2xl">Stays</h2>
            <p className="mt-1 max-w-2xl text-sm text-muted">{intro}</p>
          </div>
          {addButton}
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="min-w-0 max-w-2xl flex-1 basis-64 text-sm text-muted">{intro}</p>
          {addButton}
        </div>
      )}
      {notice}
      <PolicyNote policy={guidebook.secretsPolicy} hours={guidebook.revealHoursBefore} action={policyAction} />
      {firstPage?.pms && guestMail ? guestMail(firstPage.pms.label) : null}
      {reminder}

      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          {failed ? (
            <LoadError message={errorMessage(failed.error, messages.stays.loadFailed)} onRetry={() => groups.forEach((group) => void group.query.refetch())} />
          ) : groups.some((group) => group.query.isPending) ? (
            <LoadingStatus>Loading stays…</LoadingStatus>
          ) : groups.every((group) => totalOf(group.name, group.query.data?.pages) === 0) ? (
            <EmptyStays onAdd={writes ? () => edit(null) : null} />
          ) : (
            groups.map(({ name, title, query }) => (
              <StayGroup
                key={name}
                title={title}
                stays={query.data?.pages.flatMap((page) => page.stays) ?? []}
                total={totalOf(name, query.data?.pages)}
                hasMore={query.hasNextPage}
                loadingMore={query.isFetchingNextPage}
                moreFailed={query.isFetchNextPageError}
                onShowMore={() => void query.fetchNextPage()}
                level={level}
                gated={gated}
                onShare={can('stays.link') ? setSharing : null}
                onEdit={writes ? edit : null}
                onDelete={writes ? setDeleting : null}
              />
            ))
          )}
          {can('guestData.manage') ? <GuestDataRequest level={level} /> : null}
        </div>
        {firstPage && can('calendar.write') ? <CalendarPanel guidebookId={guidebook.id} calendar={firstPage.calendar} zone={zone} level={level} /> : null}
      </div>

      {editing ? (
        <StayDialog key={editing.key} open onOpenChange={(open) => (open ? undefined : setEditing(null))} guidebookId={guidebook.id} zone={zone} times={stayTimesOf(guidebook)} stay={editing.stay} />
      ) : null}
      {sharing ? <StayShareDialog open onOpenChange={(open) => (open ? undefined : setSharing(null))} guidebookId={guidebook.id} stay={sharing} /> : null}
      <DeleteStayDialog
        stay={deleting}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        busy={remove.isPending}
        onConfirm={(stay, orders) => void confirmDelete(stay, orders)}
        onCloseAutoFocus={(event) => {
          // The deleted stay's button is gone: the focus goes to "Add stay", not to the page's start.
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          addRef.current?.focus();
        }}
      />
    </div>
  );
}

/** A group's total as its own first page counted it (each group is read on its own). */
function totalOf(name: StayGroupName, pages: readonly StaysPage[] | undefined): number {
  return pages?.[0]?.counts[name] ?? 0;
}

function EmptyStays({ onAdd }: { onAdd: (() => void) | null }) {
  return (
    <div className="card flex flex-col items-start gap-3 p-6 sm:p-8">
      <IconBadge icon={CalendarPlus} className="size-11 rounded-xl" iconClassName="size-5" />
      <p className="max-w-prose text-ink">{messages.stays.empty}</p>
      <p className="max-w-prose text-sm text-muted">A stay is one booking: its guest gets a link of their own, with their name and dates on the guidebook.</p>
      {onAdd ? (
        <button type="button" className="btn-secondary mt-1" aria-haspopup="dialog" onClick={onAdd}>
          <Plus className="size-4" aria-hidden="true" />
          Add your first stay
        </button>
      ) : null}
    </div>
  );
}

import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useMe } from '../../../lib/auth.ts';
import { useCan } from '../../../lib/team-role.ts';
import { isLocked, serverMessage, showsFreeBadge } from '../access.ts';
import { useCreateInstruction } from '../api/create-instruction.ts';
import { useInstructions, type InstructionSummary } from '../api/get-instructions.ts';
import { useViewMode } from '../hooks/use-view-mode.ts';
import { EmptyState } from './EmptyState.tsx';
import { InstructionCard } from './InstructionCard.tsx';
import { InstructionTable } from './InstructionTable.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { NoTeamCard } from './NoTeamCard.tsx';
import { OptionsPanel } from './OptionsPanel.tsx';
import { OutOfFree, PlanUsage } from './PlanUsage.tsx';
import { ViewToggle } from './ViewToggle.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';

/** "Your Guidebooks" (one noun in the UI): the dashboard's index. */
export function InstructionsScreen() {
  useDocumentTitle('Your Guidebooks');
  const navigate = useNavigate();
  const list = useInstructions();
  const me = useMe();
  const create = useCreateInstruction();
  // docs/product.md §6 Team roles: an Editor or a Cleaner works in the guidebooks granted to them.
  const can = useCan();
  const creates = can('guidebook.create');
  const [view, setView] = useViewMode();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  // Until the plan is known nothing is offered that it might forbid; a failed read counts as Free.
  const plan = me.data?.plan ?? (me.isError ? 'free' : undefined);
  const instructions = list.data ?? [];
  const selected = instructions.find((item) => item._id === selectedId) ?? null;
  const locked = (instruction: InstructionSummary) => isLocked(plan ?? 'free', instruction);
  const free = (instruction: InstructionSummary) => showsFreeBadge(plan ?? 'free', instruction);

  async function onCreate() {
    try {
      const { instruction } = await create.mutateAsync();
      toast.success(messages.instruction.created);
      navigate(`/dashboard/edit/${encodeURIComponent(instruction._id)}`);
    } catch (error) {
      toast.error(serverMessage(error, messages.instruction.createFailed));
    }
  }

  // docs/product.md §2: "More" on the guidebook whose panel is open closes it.
  function onMore(id: string) {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelectedId((current) => (current === id ? null : id));
  }

  /** Back to the "More" that opened the panel; when its guidebook was deleted, to the page. */
  function returnFocus() {
    const opener = openerRef.current;
    if (opener?.isConnected) opener.focus();
    else document.getElementById('main')?.focus();
  }
  const ready = list.isSuccess && plan !== undefined;

  // docs/product.md §6 Switching teams: in no team, the way to guidebooks of one's own.
  if (me.data && !me.data.team) {
    return (
      <>
        <PageHeader title="Your Guidebooks" description="One guidebook per property, ready to share with your guests." />
        <NoTeamCard otherTeams={me.data.teams.length} />
      </>
    );
  }
  // A Cleaner works in the stays of the guidebooks granted to them: the list says which, read only.
  const cleaner = me.data?.team?.role === 'cleaner';
  const description =
    cleaner && ready && instructions.length > 0
      ? `Read only: the stays of ${instructions.map((item) => item.nameInstruction || 'Untitled guidebook').join(', ')}. Open one to see who arrives when.`
      : 'One guidebook per property, ready to share with your guests.';

  return (
    <>
      <PageHeader
        title="Your Guidebooks"
        description={description}
        actions={
          <>
            {can('guidebook.trash') ? (
              <Link to="/dashboard/trash" className="btn-secondary">
                <Trash2 className="size-4" aria-hidden="true" />
                Trash
              </Link>
            ) : null}
            {creates ? (
              <button type="button" className="btn-primary" onClick={() => void onCreate()} disabled={create.isPending}>
                <Plus className="size-4" aria-hidden="true" />
                {create.isPending ? 'Creating…' : 'New Guidebook'}
              </button>
            ) : null}
          </>
        }
      />

      {ready && creates ? <OutOfFree plan={plan} count={instructions.length} /> : null}

      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        {ready && creates ? <PlanUsage plan={plan} count={instructions.length} /> : <span />}
        <ViewToggle mode={view} onChange={setView} />
      </div>

      <div className="mb-4">
        <LoadingBar active={list.isFetching || me.isPending} />
      </div>

      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !ready ? (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,15rem),1fr))] gap-5" aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <div key={key} className="card h-80 animate-pulse bg-surface motion-reduce:animate-none" />
          ))}
        </div>
      ) : instructions.length === 0 ? (
        <EmptyState onCreate={creates ? () => void onCreate() : null} creating={create.isPending} />
      ) : view === 'table' ? (
        <InstructionTable instructions={instructions} isLocked={locked} isFree={free} selectedId={selectedId} onMore={onMore} />
      ) : (
        // As many columns as fit cards of 15rem: the sidebar makes the content narrow at 768-1024 px.
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,15rem),1fr))] gap-5" aria-label="Your guidebooks">
          {instructions.map((instruction) => (
            <li key={instruction._id}>
              <InstructionCard instruction={instruction} locked={locked(instruction)} free={free(instruction)} selected={instruction._id === selectedId} onMore={onMore} />
            </li>
          ))}
        </ul>
      )}

      <OptionsPanel instruction={selected} locked={selected ? locked(selected) : false} free={selected ? free(selected) : false} onClose={() => setSelectedId(null)} returnFocus={returnFocus} />
    </>
  );
}

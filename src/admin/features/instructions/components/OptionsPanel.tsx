import { CalendarDays, ChartColumn, Copy, KeyRound, Link2, RefreshCw, Share2, Trash2, X, type LucideIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { offeredLanguages } from '@shared/translations.ts';
import { LOCKED_EXPLANATION } from '../access.ts';
import { GuestPageLink } from '../../../components/sharing/GuestPageLink.tsx';
import { ShareDialog } from '../../../components/sharing/ShareDialog.tsx';
import type { InstructionSummary } from '../api/get-instructions.ts';
import { useStaysAhead, type StaysAhead } from '../api/get-stays-ahead.ts';
import { useInstructionActions } from '../hooks/use-instruction-actions.ts';
import { ChangeCodeDialog } from './ChangeCodeDialog.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { EditAction } from './EditAction.tsx';
import { PanelSummary } from './PanelSummary.tsx';
import { useCan } from '../../../lib/team-role.ts';
import { PremiumBadge } from '../../../components/ui/PremiumBadge.tsx';
import { PlansLink } from '../../../components/billing/PlansLink.tsx';

interface Props {
  /** The guidebook the panel is open for; null when closed. */
  instruction: InstructionSummary | null;
  locked: boolean;
  /** Says "Free guidebook" (access.ts `showsFreeBadge`: only while the host has no paid plan). */
  free: boolean;
  onClose: () => void;
  /** Where focus goes when the panel closes (the "More" that opened it, while it still exists). */
  returnFocus: () => void;
}

type Confirm = 'delete' | 'regenerate' | null;

const row =
  'flex min-h-12 w-full items-center gap-3 rounded-xl px-3.5 py-2.5 text-left text-[0.9375rem] font-medium text-ink transition-colors hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:text-muted aria-disabled:hover:bg-transparent disabled:opacity-60';

/**
 * docs/product.md §2 "More": a side sheet at the right with the guidebook's options. A Radix Dialog, so focus
 * is trapped and returns to the "More" button; Escape and a click outside close it.
 */
export function OptionsPanel({ instruction, locked, free, onClose, returnFocus }: Props) {
  const actions = useInstructionActions();
  // Each option only for a role that may (docs/product.md §6 Team roles); the server refuses the rest.
  const can = useCan();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [codeOpen, setCodeOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const explanationId = useId();

  // Asked each time the delete confirmation opens: how many guests' stay links it ends.
  const staysAhead = useStaysAhead(instruction?._id ?? '', instruction !== null && confirm === 'delete');
  const open = instruction !== null;
  const confirmation = (kind: Exclude<Confirm, null>) => ({ open: confirm === kind, onOpenChange: (next: boolean) => setConfirm(next ? kind : null) });
  const name = instruction?.nameInstruction || 'Untitled guidebook';

  function onOpenChange(next: boolean) {
    if (!next) {
      setConfirm(null);
      setCodeOpen(false);
      setShareOpen(false);
      onClose();
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/40 backdrop-blur-[1px]" />
        <Dialog.Content
          // The panel has no Dialog.Trigger (each card has its own "More"), so Radix cannot find the opener.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[calc(100vw-3rem)] max-w-sm flex-col border-l border-line bg-surface text-ink shadow-2xl outline-none">
          {instruction ? (
            <>
              <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
                <div className="min-w-0">
                  <Dialog.Title className="font-display text-xl font-bold">Options</Dialog.Title>
                  <Dialog.Description className="mt-0.5 truncate text-sm text-muted">{name}</Dialog.Description>
                </div>
                <Dialog.Close className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink" aria-label="Close options">
                  <X className="size-5" aria-hidden="true" />
                </Dialog.Close>
              </div>

              <div className="flex-1 overflow-y-auto px-3 py-4">
                <PanelSummary instruction={instruction} name={name} free={free} seesSecrets={can('secrets.read')} />

                <ul className="grid gap-1">
                  {can('guidebook.edit') ? (
                    <li>
                      <EditAction id={instruction._id} name={name} locked={locked} className={row} badgeClassName="ml-auto" onNavigate={onClose} />
                    </li>
                  ) : null}
                  {can('secrets.read') ? (
                    <>
                      <li>
                        <GuestPageLink token={instruction.token} className={row} label="Preview" />
                      </li>
                      <li>
                        <button type="button" className={row} onClick={() => void actions.copyLink(instruction.token)}>
                          <Link2 className="size-4" aria-hidden="true" />
                          Copy link
                        </button>
                      </li>
                    </>
                  ) : null}
                  <li hidden={!can('guidebook.share')}>
                    {/* Open to locked guidebooks too: their guest link keeps working, sharing only hands it out. */}
                    <button type="button" className={row} aria-haspopup="dialog" onClick={() => setShareOpen(true)}>
                      <Share2 className="size-4" aria-hidden="true" />
                      Share
                      <span className="ml-auto text-xs font-normal text-muted">QR code, poster, email</span>
                    </button>
                  </li>
                  <li hidden={!can('stays.read')}>
                    {/* Stays: a guest link per booking. Open on every plan: a stay changes no guidebook content. */}
                    <Link to={`/dashboard/stays/${encodeURIComponent(instruction._id)}`} className={row} onClick={onClose}>
                      <CalendarDays className="size-4" aria-hidden="true" />
                      Stays
                      <span className="ml-auto text-xs font-normal text-muted">Guest links, calendar</span>
                    </Link>
                  </li>
                  <li hidden={!can('insights.read')}>
                    {/* What guests opened and read: open on every plan, like reading the guidebook. */}
                    <Link to={`/dashboard/insights/${encodeURIComponent(instruction._id)}`} className={row} onClick={onClose}>
                      <ChartColumn className="size-4" aria-hidden="true" />
                      Insights
                      <span className="ml-auto text-xs font-normal text-muted">Opens, sections read</span>
                    </Link>
                  </li>
                  <Action
                    hidden={!can('guidebook.create')}
                    icon={Copy}
                    locked={locked}
                    describedBy={explanationId}
                    busy={actions.pending.duplicate}
                    onClick={async () => {
                      if (await actions.duplicate(instruction._id)) onClose();
                    }}
                  >
                    Duplicate
                  </Action>
                  <Action hidden={!can('guidebook.lock')} icon={KeyRound} locked={locked} describedBy={explanationId} onClick={() => setCodeOpen(true)}>
                    Change Code
                  </Action>
                  <Action hidden={!can('guidebook.relink')} icon={RefreshCw} locked={locked} describedBy={explanationId} onClick={() => setConfirm('regenerate')}>
                    Regenerate link
                  </Action>
                </ul>

                {locked ? (
                  <p id={explanationId} className="mx-2 mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-ink">
                    {LOCKED_EXPLANATION}{' '}
                    <PlansLink onClick={onClose} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
                      See plans
                    </PlansLink>
                  </p>
                ) : null}
              </div>

              <div className="border-t border-line px-3 py-3" hidden={!can('guidebook.trash')}>
                <button type="button" className={`${row} text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50`} onClick={() => setConfirm('delete')}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </button>
              </div>

              <ShareDialog open={shareOpen} onOpenChange={setShareOpen} guidebook={{ id: instruction._id, name, token: instruction.token, secretsPolicy: instruction.secretsPolicy, languages: offeredLanguages(instruction) }} />
              <ChangeCodeDialog
                open={codeOpen}
                onOpenChange={setCodeOpen}
                currentCode={instruction.code}
                busy={actions.pending.changeCode}
                onSubmit={async (code) => {
                  if (await actions.changeCode(instruction._id, code)) setCodeOpen(false);
                }}
              />
              <ConfirmDialog
                {...confirmation('regenerate')}
                title={messages.instruction.regenerateTitle}
                description={messages.instruction.regenerateText}
                confirmLabel="Regenerate"
                busy={actions.pending.regenerate}
                onConfirm={async () => {
                  await actions.regenerate(instruction.token);
                  setConfirm(null);
                }}
              />
              <ConfirmDialog
                {...confirmation('delete')}
                title={messages.instruction.deleteTitle(name)}
                description={deleteText(staysAhead)}
                confirmLabel="Delete"
                danger
                busy={actions.pending.remove}
                waiting={staysAhead.isPending}
                onConfirm={async () => {
                  const deleted = await actions.remove(instruction._id);
                  setConfirm(null);
                  if (deleted) onClose();
                }}
              />
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** What deleting ends, with the stays that have not ended once the server counted them (docs/product.md §2). */
function deleteText(staysAhead: { isPending: boolean; data?: StaysAhead }): string {
  if (staysAhead.isPending) return messages.instruction.checkingStays;
  const { current = 0, upcoming = 0 } = staysAhead.data ?? {};
  return current + upcoming > 0 ? messages.instruction.deleteWithStaysText(current, upcoming) : messages.instruction.deleteText;
}

interface ActionProps {
  /** Left out for a role that may not (docs/product.md §6 Team roles). */
  hidden?: boolean;
  icon: LucideIcon;
  locked: boolean;
  describedBy: string;
  busy?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** One option; locked ones stay focusable but do nothing and say why (docs/product.md §5 "Premium"). */
function Action({ hidden = false, icon: Icon, locked, describedBy, busy = false, onClick, children }: ActionProps) {
  return (
    <li hidden={hidden}>
      <button
        type="button"
        className={row}
        aria-disabled={locked || undefined}
        aria-describedby={locked ? describedBy : undefined}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={locked ? undefined : onClick}
      >
        <Icon className="size-4" aria-hidden="true" />
        {children}
        {locked ? <PremiumBadge className="ml-auto" /> : null}
      </button>
    </li>
  );
}

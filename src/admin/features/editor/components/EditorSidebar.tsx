import { ArrowLeft, CalendarDays, Check, Eye, History, Languages, LoaderCircle, PencilLine, Save, Share2 } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import type { SecretsPolicy } from '@shared/schemas/instruction.ts';
import { LogoMark } from '../../../../components/ui/LogoMark.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { ShareDialog } from '../../../components/sharing/ShareDialog.tsx';
import { GuestPageLink } from '../../../components/sharing/GuestPageLink.tsx';
import { BackToDashboard } from './common/BackToDashboard.tsx';

/** Edit the guidebook, translate it, preview it as guests see it, or hand out its stays' links, one per booking. */
export type EditorView = 'edit' | 'translate' | 'preview' | 'stays' | 'history';

interface Props {
  /** The guidebook's id and saved name: what the share dialog's QR, poster and mail use. */
  id: string;
  savedName: string;
  name: string;
  token: string;
  /** The saved secrets policy: the share dialog says when the public link carries no door code. */
  secretsPolicy: SecretsPolicy;
  /** The languages the saved guidebook offers, main first: the share dialog's choice. */
  languages: readonly string[];
  view: EditorView;
  onViewChange: (view: EditorView) => void;
  onSave: () => void;
  saving: boolean;
  dirty: boolean;
  /** Saved here, and nothing changed since: Save says "Saved". */
  saved: boolean;
  readOnly: boolean;
}

/** Where the sidebar's section links lead (the ids of the editor's sections). */
const SECTIONS = [
  ['check-in-steps', 'Check-in steps'],
  ['contact', 'Contact information'],
  ['wifi', 'Wi-Fi'],
  ['house-rules', 'House rules'],
  ['places', 'Recommendations'],
  ['extras', 'Extras'],
  ['channels', 'Guests by channel'],
  ['welcome', 'Welcome message'],
  ['additional-info', 'Additional info'],
  ['cover', 'Cover photo'],
  ['branding', 'Branding title'],
  ['address', 'Address'],
  ['links', 'Redirection links'],
  ['lock-box', 'Lock-box code'],
  ['check-in-out', 'Check-in and check-out'],
  ['guest-access', 'Guest access'],
] as const;

const WIDE = '(min-width: 1024px)';

const VIEWS = [
  { value: 'edit', label: 'Edit', icon: PencilLine },
  { value: 'translate', label: 'Languages', icon: Languages },
  { value: 'preview', label: 'Preview', icon: Eye },
  { value: 'stays', label: 'Stays', icon: CalendarDays },
  { value: 'history', label: 'History', icon: History },
] as const;

function ViewToggle({ view, onViewChange, wide }: Pick<Props, 'view' | 'onViewChange'> & { wide: boolean }) {
  // In the sidebar each view is an icon over its word, three to a row (five words do not fit its
  // 16rem side by side; the second row's two share it); in the top bar of a
  // screen narrower than 640 px the icons alone, the words staying for screen readers and as the
  // tooltip, so the bar fits 320 px (five icons: tighter padding below 400 px).
  const item = wide
    ? 'flex flex-1 basis-[30%] flex-col items-center justify-center gap-0.5 rounded-xl px-1 py-1.5 text-xs font-semibold text-muted transition-colors hover:text-ink data-[state=on]:bg-surface data-[state=on]:text-ink data-[state=on]:shadow-sm'
    : 'flex flex-1 items-center justify-center gap-1.5 rounded-full px-1 py-1.5 min-[400px]:px-2 text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=on]:bg-surface data-[state=on]:text-ink data-[state=on]:shadow-sm sm:px-3';
  const label = wide ? undefined : 'max-sm:sr-only';
  return (
    <ToggleGroup.Root
      type="single"
      value={view}
      // A single toggle can be switched off by pressing it again: one view is always shown.
      onValueChange={(value) => value && onViewChange(value as EditorView)}
      aria-label="View"
      className={`flex border border-line bg-canvas p-0.5 ${wide ? 'w-full flex-wrap gap-y-0.5 rounded-2xl' : 'rounded-full'}`}
    >
      {VIEWS.map(({ value, label: text, icon: Icon }) => (
        <ToggleGroup.Item key={value} value={value} className={item} title={wide ? undefined : text}>
          <Icon className={wide ? 'size-4' : 'size-4 sm:hidden'} aria-hidden="true" />
          <span className={label}>{text}</span>
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

/** Save, "Saving…", then "Saved" with a check until the next change (docs/product.md §4 Editor): the editor stays open. */
function SaveButton({ onSave, saving, saved, readOnly, compact }: Pick<Props, 'onSave' | 'saving' | 'saved' | 'readOnly'> & { compact: boolean }) {
  const Icon = saving ? LoaderCircle : saved ? Check : Save;
  return (
    <button type="button" className={`btn-primary ${compact ? 'px-3.5 sm:px-4' : 'w-full'}`} onClick={onSave} disabled={saving || readOnly} aria-keyshortcuts="Control+S Meta+S">
      <Icon className={`size-4 ${saving ? 'animate-spin' : ''}`} aria-hidden="true" />
      <span className={compact ? 'max-[359px]:sr-only' : undefined}>{saving ? 'Saving…' : saved ? messages.editor.saved : 'Save'}</span>
    </button>
  );
}

function jump(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  // No hash in the address: the section is scrolled to and its heading takes the focus.
  event.preventDefault();
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  const heading = document.getElementById(`${id}-title`);
  heading?.setAttribute('tabindex', '-1');
  heading?.focus({ preventScroll: true });
}

/**
 * docs/product.md §2 Editor sidebar: Dashboard, the Preview/Edit toggle and Save. A column on the left from
 * 1024 px (with links to each section); a bar across the top on smaller screens.
 */
export function EditorSidebar({ id, savedName, name, token, secretsPolicy, languages, view, onViewChange, onSave, saving, dirty, saved, readOnly }: Props) {
  const wide = useMediaQuery(WIDE);
  const [shareOpen, setShareOpen] = useState(false);
  const status = readOnly ? 'Read only' : dirty ? 'Unsaved changes' : saved ? messages.editor.saved : 'No unsaved changes';
  // Sharing hands out the saved guidebook: the link, its QR code, poster and mail read the server's copy.
  const share = token ? <ShareDialog open={shareOpen} onOpenChange={setShareOpen} guidebook={{ id, name: savedName || 'Untitled guidebook', token, secretsPolicy, languages }} openStays={() => onViewChange('stays')} /> : null;

  if (!wide) {
    return (
      <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-line bg-surface/95 px-3 py-2 backdrop-blur">
        <Link to="/dashboard" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-brand-50" aria-label="Dashboard">
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <ViewToggle view={view} onViewChange={onViewChange} wide={false} />
        <div className="ml-auto flex items-center gap-2">
          {dirty && !readOnly ? <span className="size-2 shrink-0 rounded-full bg-brand-500" title={status} aria-hidden="true" /> : null}
          {token ? (
            <button type="button" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-brand-50" aria-label="Share" aria-haspopup="dialog" onClick={() => setShareOpen(true)}>
              <Share2 className="size-5" aria-hidden="true" />
            </button>
          ) : null}
          <SaveButton onSave={onSave} saving={saving} saved={saved} readOnly={readOnly} compact />
        </div>
        {share}
      </header>
    );
  }

  return (
    <aside className="fixed inset-y-0 left-0 z-30 flex w-64 flex-col border-r border-line bg-surface" aria-label="Editor">
      <div className="flex items-center gap-2 px-5 pb-3 pt-5">
        <LogoMark className="size-7" />
        <span className="font-display text-lg font-bold text-ink">Porchlight</span>
      </div>
      {/* A column no wider than the sidebar: a long guidebook name is cut short, not widening it. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 px-4">
        <BackToDashboard className="btn-ghost justify-start px-3" />
        <div className="rounded-xl border border-line bg-canvas/60 p-3">
          <p className="truncate text-sm font-semibold text-ink" title={name}>
            {name}
          </p>
          <p className={`mt-0.5 flex items-center gap-1.5 text-xs ${dirty && !readOnly ? 'text-brand-700 dark:text-brand-300' : 'text-muted'}`}>
            {dirty && !readOnly ? <span className="size-1.5 rounded-full bg-brand-500" aria-hidden="true" /> : <Check className="size-3" aria-hidden="true" />}
            {status}
          </p>
        </div>
        <ViewToggle view={view} onViewChange={onViewChange} wide />
        <SaveButton onSave={onSave} saving={saving} saved={saved} readOnly={readOnly} compact={false} />
        {token ? (
          <GuestPageLink token={token} className="btn-ghost justify-start px-3 text-sm" />
        ) : null}
        {token ? (
          <button type="button" className="btn-ghost -mt-2 justify-start px-3 text-sm" aria-haspopup="dialog" onClick={() => setShareOpen(true)}>
            <Share2 className="size-4" aria-hidden="true" />
            Share
          </button>
        ) : null}
        {share}
      </div>
      {view === 'edit' ? (
        <nav aria-label="Sections" className="mt-4 min-h-0 flex-1 overflow-y-auto border-t border-line px-4 py-3">
          <ul className="grid gap-0.5">
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} onClick={(event) => jump(event, id)} className="block rounded-lg px-3 py-1.5 text-sm text-muted hover:bg-brand-50 hover:text-ink">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </aside>
  );
}

import { AlertTriangle, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { errorMessage } from '@shared/api-client.ts';
import type { Instruction } from '@shared/schemas/instruction.ts';
import { useMe } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useInstruction } from '../api/get-instruction.ts';
import { BackToDashboard } from './common/BackToDashboard.tsx';
import type { EditorView } from './EditorSidebar.tsx';
import { EditorWorkspace, type KeptEdits } from './EditorWorkspace.tsx';
import type { RenderStays } from './StaysTab.tsx';

/**
 * /dashboard/edit/:id (docs/product.md §2 Editor). A spinner until the guidebook and the account's plan are
 * known, a danger message when the guidebook cannot be loaded, then the workspace. The layout
 * hides its sidebar and top bar here; the editor brings its own. The route hands in the Stays
 * tab's content (`renderStays`), from a feature the editor may not import.
 */
export function EditorScreen({ renderStays }: { renderStays?: RenderStays } = {}) {
  const { id = '' } = useParams();
  const instruction = useInstruction(id);
  const me = useMe();
  const [generation, setGeneration] = useState(0);
  const [reloading, setReloading] = useState(false);
  // The view the next workspace opens on: after a restore, the History the host restored from.
  const [startView, setStartView] = useState<EditorView>('edit');
  // After a stale save, "Keep my changes": the next workspace starts from the latest version the
  // edits were put on (the one the host was shown), whatever the cache holds by then.
  const [kept, setKept] = useState<{ latest: Instruction; edits: KeptEdits } | null>(null);
  useDocumentTitle('Editor');

  async function reloadLatest(view: EditorView = 'edit') {
    setReloading(true);
    const result = await instruction.refetch();
    setReloading(false);
    // A fresh workspace: the form, the snapshot and the version all come from the new copy.
    if (result.isSuccess) {
      setKept(null);
      setStartView(view);
      setGeneration((value) => value + 1);
    }
  }

  function keepEdits(latest: Instruction, edits: KeptEdits) {
    setKept({ latest, edits });
    setGeneration((value) => value + 1);
  }

  // A copy cached by an earlier visit may be stale: the form starts only from a fresh one.
  const fresh = instruction.isFetchedAfterMount || !instruction.isFetching;
  if (instruction.isPending || me.isPending || (!fresh && !instruction.isError)) {
    return (
      <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted">
        <LoaderCircle className="size-8 animate-spin text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <span>Loading guidebook…</span>
      </div>
    );
  }

  if (instruction.isError) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-4">
        <div role="alert" className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-100">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{messages.editor.loadFailed}</p>
            <p className="mt-1 text-sm">{errorMessage(instruction.error, String(instruction.error))}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <BackToDashboard className="btn-secondary" />
          <button type="button" className="btn-primary" onClick={() => void instruction.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }

  // docs/product.md §4 Instruction access: without a plan only free guidebooks can be edited (the server
  // answers 403 to a save anyway). An unknown plan (the account call failed) counts as none.
  const plan = me.data?.plan ?? 'free';
  const readOnly = plan === 'free' && !instruction.data.isFree;

  return (
    <EditorWorkspace
      key={generation}
      instruction={kept?.latest ?? instruction.data}
      kept={kept?.edits}
      premium={plan === 'premium'}
      readOnly={readOnly}
      onReloadLatest={(view) => void reloadLatest(view)}
      onKeepEdits={keepEdits}
      startView={startView}
      reloading={reloading}
      renderStays={renderStays}
    />
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import type { Box, Extra, Instruction, ManualBox, Place, Translations } from '@shared/schemas/instruction.ts';
import { ApiError, errorMessage } from '@shared/api-client.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useMe } from '../../../lib/auth.ts';
import type { GuidebookLanguage } from '@shared/languages.ts';
import { offeredLanguages } from '@shared/translations.ts';
import { useSaveInstruction } from '../api/save-instruction.ts';
import { useAnnouncer } from '../../../hooks/use-announcer.ts';
import { useUnsavedChanges } from '../hooks/use-unsaved-changes.ts';
import { comparable, namedCardHeading, startingForm, TRANSLATION_FIELD_PREFIX, validateForm, type FormIssue } from '../model/editor-form.ts';
import { EditorContext, type EditorContextValue } from './common/editor-context.ts';
import { SortableArea } from '../../../components/sortable/SortableArea.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ConflictAlert, ReadOnlyNotice, SaveErrorAlert, ValidationAlert } from './EditorAlerts.tsx';
import { EditorForm } from './EditorForm.tsx';
import { EditorSidebar, type EditorView } from './EditorSidebar.tsx';
import { PreviewPane } from './preview/PreviewPane.tsx';
import { HistoryTab } from './history/HistoryTab.tsx';
import { StaysTab, type RenderStays } from './StaysTab.tsx';
import { TranslateView } from './translate/TranslateView.tsx';

interface Props {
  /** The guidebook as loaded: the form starts from it and "unsaved" means "differs from it". */
  instruction: Instruction;
  premium: boolean;
  readOnly: boolean;
  /** Loads the guidebook again into a new workspace, opened on `view` (Edit by default). */
  onReloadLatest: (view?: EditorView) => void;
  /** The view this workspace opens on. */
  startView?: EditorView;
  reloading: boolean;
  /** The Stays tab's content, composed by the route from the stays feature. */
  renderStays?: RenderStays | undefined;
}

/**
 * The editor once the guidebook is loaded (docs/product.md §2, §4 Editor): the form, the save with its
 * version check, the unsaved-changes guard and the preview. Mounted afresh for every load, so
 * "Reload latest" starts over from the server's copy.
 */
export function EditorWorkspace({ instruction, premium, readOnly, onReloadLatest, startView = 'edit', reloading, renderStays }: Props) {
  const navigate = useNavigate();
  const start = useMemo(() => startingForm(instruction), [instruction]);
  const [form, setForm] = useState<Instruction>(start);
  const [view, setView] = useState<EditorView>(startView);
  const [issues, setIssues] = useState<FormIssue[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  // The card a refusal names, found in the form as it was sent (the host may reorder afterwards).
  const [saveErrorTarget, setSaveErrorTarget] = useState<string | null>(null);
  const [liveMessage, announce] = useAnnouncer();
  // The alerts sit above the form; Save may be pressed far below them: they take the focus. Each
  // is rendered at once (flushSync), then focused: a save's answer arrives outside any event, and
  // a focus left to the next frame could run before React has rendered the alert (on a busy phone).
  const issuesRef = useRef<HTMLDivElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  const saveErrorRef = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);
  const save = useSaveInstruction();

  const loaded = useMemo(() => comparable(start), [start]);
  const dirty = comparable(form) !== loaded;
  const { blocker, allowNextNavigation } = useUnsavedChanges(dirty && !readOnly);
  useDocumentTitle(`Edit ${form.nameInstruction || 'guidebook'}`);

  const patch = useCallback((change: Partial<Instruction>) => setForm((current) => ({ ...current, ...change })), []);
  const updateBoxes = useCallback((change: (boxes: Box[]) => Box[]) => setForm((current) => ({ ...current, boxes: change(current.boxes) })), []);
  const updateManualBoxes = useCallback(
    (change: (boxes: ManualBox[]) => ManualBox[]) => setForm((current) => ({ ...current, manualBoxes: change(current.manualBoxes) })),
    [],
  );
  const updatePlaces = useCallback((change: (places: Place[]) => Place[]) => setForm((current) => ({ ...current, places: change(current.places) })), []);
  const updateExtras = useCallback((change: (extras: Extra[]) => Extra[]) => setForm((current) => ({ ...current, extras: change(current.extras) })), []);
  const setTranslations = useCallback((change: (form: Instruction) => Translations) => setForm((current) => ({ ...current, translations: change(current) })), []);
  const setLanguage = useCallback((language: GuidebookLanguage) => setForm((current) => ({ ...current, language })), []);
  // The server says whether it can draft by machine (TRANSLATE_URL); the flag is absent otherwise.
  const machine = useMe().data?.machineTranslation === true;

  function submit() {
    if (readOnly || save.isPending) return;
    const result = validateForm(form, instruction);
    if (!result.ok) {
      // Problems only in translations are fixed in the Languages view: the host stays there.
      const inTranslations = view === 'translate' && result.issues.every((issue) => issue.fieldId?.startsWith(TRANSLATION_FIELD_PREFIX));
      flushSync(() => {
        setIssues(result.issues);
        setView(inTranslations ? 'translate' : 'edit');
      });
      issuesRef.current?.focus();
      return;
    }
    setIssues([]);
    setSaveError(null);
    save.mutate(result.body, {
      onSuccess: () => {
        toast.success(messages.instruction.updated);
        allowNextNavigation();
        void navigate('/dashboard');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          flushSync(() => setConflict(error.message));
          conflictRef.current?.focus();
          return;
        }
        const message = errorMessage(error, messages.editor.saveFailed);
        if (error instanceof ApiError && (error.status === 403 || error.status === 400)) {
          flushSync(() => {
            setSaveError(message);
            setSaveErrorTarget(namedCardHeading(message, form));
          });
          saveErrorRef.current?.focus();
        }
        toast.error(message);
      },
    });
  }

  // Ctrl/⌘+S saves, as in every editor.
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        submitRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Sharing hands out the saved guidebook, so its languages are the saved ones.
  const savedLanguages = useMemo(() => offeredLanguages(instruction), [instruction]);
  const context = useMemo<EditorContextValue>(() => ({ readOnly, premium, announce, saved: instruction }), [readOnly, premium, announce, instruction]);

  return (
    <EditorContext.Provider value={context}>
      <SortableArea>
        <div className="lg:pl-64">
          <EditorSidebar
            id={instruction._id}
            savedName={instruction.nameInstruction}
            name={form.nameInstruction}
            token={form.token}
            secretsPolicy={instruction.secretsPolicy}
            languages={savedLanguages}
            view={view}
            onViewChange={setView}
            onSave={submit}
            saving={save.isPending}
            dirty={dirty}
            readOnly={readOnly}
          />
          <div className="mx-auto grid w-full max-w-6xl gap-5 px-3 py-5 sm:px-6 sm:py-8">
            <h1 className="sr-only">Edit guidebook: {form.nameInstruction}</h1>
            {readOnly ? <ReadOnlyNotice /> : null}
            {conflict ? <ConflictAlert ref={conflictRef} message={conflict} onReload={() => onReloadLatest()} reloading={reloading} /> : null}
            {saveError ? <SaveErrorAlert ref={saveErrorRef} message={saveError} target={saveErrorTarget} /> : null}
            {issues.length > 0 ? <ValidationAlert ref={issuesRef} issues={issues} /> : null}

            <div hidden={view !== 'edit'}>
              <EditorForm form={form} patch={patch} updateBoxes={updateBoxes} updateManualBoxes={updateManualBoxes} updatePlaces={updatePlaces} updateExtras={updateExtras} issues={issues} />
            </div>
            {view === 'translate' ? <TranslateView form={form} setTranslations={setTranslations} setLanguage={setLanguage} machine={machine} /> : null}
            {view === 'preview' ? <PreviewPane form={form} premium={premium} /> : null}
            {view === 'stays' ? <StaysTab saved={instruction} form={form} patch={patch} readOnly={readOnly} render={renderStays} /> : null}
            {view === 'history' ? <HistoryTab saved={instruction} dirty={dirty} premium={premium} readOnly={readOnly} onRestored={() => onReloadLatest('history')} /> : null}
          </div>
        </div>
        <div aria-live="polite" aria-atomic="true" className="sr-only">
          {liveMessage}
        </div>
        <ConfirmDialog
          open={blocker.state === 'blocked'}
          onOpenChange={(open) => {
            // Closing by "Leave" proceeds; any other way (Stay, Escape) stays.
            if (!open && !leaving.current && blocker.state === 'blocked') blocker.reset();
            leaving.current = false;
          }}
          title={messages.editor.leaveTitle}
          description={messages.instruction.unsavedChanges}
          cancelLabel="Stay"
          confirmLabel="Leave"
          danger
          onConfirm={() => {
            leaving.current = true;
            blocker.proceed?.();
          }}
        />
      </SortableArea>
    </EditorContext.Provider>
  );
}

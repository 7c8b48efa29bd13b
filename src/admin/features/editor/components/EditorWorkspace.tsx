import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { MAX_MANUAL_BOXES, type Instruction } from '@shared/schemas/instruction.ts';
import { ApiError, errorMessage } from '@shared/api-client.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useMe } from '../../../lib/auth.ts';
import { offeredLanguages } from '@shared/translations.ts';
import { useSaveInstruction } from '../api/save-instruction.ts';
import { useAnnouncer } from '../../../hooks/use-announcer.ts';
import { useFormUpdates } from '../hooks/use-form-updates.ts';
import { useSaveShortcut } from '../hooks/use-save-shortcut.ts';
import { useStaleSave } from '../hooks/use-stale-save.ts';
import { useUnsavedChanges } from '../hooks/use-unsaved-changes.ts';
import { comparable, namedCardHeading, newManualBox, startingForm, TRANSLATION_FIELD_PREFIX, validateForm, type FormIssue } from '../model/editor-form.ts';
import { EditorContext, type EditorContextValue } from './common/editor-context.ts';
import { SortableArea } from '../../../components/sortable/SortableArea.tsx';
import { AnswerQuestionNote } from './AnswerQuestionNote.tsx';
import { ConflictPanel } from './ConflictPanel.tsx';
import { KeptNotice, ReadOnlyNotice, SaveErrorAlert, ValidationAlert } from './EditorAlerts.tsx';
import { EditorForm } from './EditorForm.tsx';
import { EditorSidebar, type EditorView } from './EditorSidebar.tsx';
import { LeavePrompt } from './LeavePrompt.tsx';
import { PreviewPane } from './preview/PreviewPane.tsx';
import { HistoryTab } from './history/HistoryTab.tsx';
import { StaysTab, type RenderStays } from './StaysTab.tsx';
import { TranslateView } from './translate/TranslateView.tsx';

/** A workspace started from the latest version with the host's edits kept on it (after a stale save). */
export interface KeptEdits {
  /** The form to start from: the latest version with the edits on it. */
  form: Instruction;
  /** What changed elsewhere, said above the form until the next save. */
  theirs: readonly string[];
  view: EditorView;
}

interface Props {
  /** The guidebook as loaded: the form starts from it and "unsaved" means "differs from it". */
  instruction: Instruction;
  /** Given after "Keep my changes": the form starts from these edits instead. */
  kept?: KeptEdits | null | undefined;
  premium: boolean;
  readOnly: boolean;
  /** Loads the guidebook again into a new workspace, opened on `view` (Edit by default). */
  onReloadLatest: (view?: EditorView) => void;
  /** Opens a new workspace on `latest` with the host's edits on it. */
  onKeepEdits: (latest: Instruction, kept: KeptEdits) => void;
  /** The view this workspace opens on. */
  startView?: EditorView;
  reloading: boolean;
  /** The Stays tab's content, composed by the route from the stays feature. */
  renderStays?: RenderStays | undefined;
}

/**
 * The editor once the guidebook is loaded (docs/product.md §2, §4 Editor): the form, the save with its
 * version check, the unsaved-changes guard and the preview. A save keeps the editor open: what the
 * server saved becomes the copy the form is compared with. Mounted afresh for every load, so
 * discarding the edits after a stale save starts over from the server's copy.
 */
export function EditorWorkspace({ instruction, kept = null, premium, readOnly, onReloadLatest, onKeepEdits, startView = 'edit', reloading, renderStays }: Props) {
  // The server's copy the form is compared with: the one loaded, then each one saved.
  const [saved, setSaved] = useState<Instruction>(instruction);
  const start = useMemo(() => startingForm(saved), [saved]);
  const [form, setForm] = useState<Instruction>(() => kept?.form ?? start);
  const [view, setView] = useState<EditorView>(kept?.view ?? startView);
  const [issues, setIssues] = useState<FormIssue[]>([]);
  const [keptNotice, setKeptNotice] = useState<readonly string[] | null>(kept?.theirs ?? null);
  // A save went through and nothing changed since: the editor says "Saved".
  const [savedHere, setSavedHere] = useState(false);
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
  const keptRef = useRef<HTMLDivElement>(null);
  const save = useSaveInstruction();

  const loaded = useMemo(() => comparable(start), [start]);
  const dirty = comparable(form) !== loaded;
  const { blocker } = useUnsavedChanges(dirty && !readOnly);
  const { stale, refuse, retry, clear } = useStaleSave(saved._id, start, form);
  // The edits kept after a stale save, on the latest version: the focus starts on what says so.
  useEffect(() => {
    if (kept) keptRef.current?.focus();
  }, [kept]);
  useDocumentTitle(`Edit ${form.nameInstruction || 'guidebook'}`);

  const { patch, updateBoxes, updateManualBoxes, updatePlaces, updateExtras, setTranslations, setLanguage } = useFormUpdates(setForm);
  // The server says whether it can draft by machine (TRANSLATE_URL); the flag is absent otherwise.
  const machine = useMe().data?.machineTranslation === true;
  // "Add the answer" without a suggested section: a new Additional info item (docs/decisions/031 §13).
  const addAnswerItem = useCallback(() => updateManualBoxes((boxes) => (boxes.length >= MAX_MANUAL_BOXES ? boxes : [...boxes, newManualBox(boxes)])), [updateManualBoxes]);

  function submit() {
    if (readOnly || save.isPending) return;
    const result = validateForm(form, saved);
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
    // The form as it was sent, to tell whether the host typed on while it saved.
    const sent = comparable(form);
    save.mutate(result.body, {
      onSuccess: ({ instruction: answer }) => {
        toast.success(messages.instruction.updated);
        setSaved(answer);
        // The server's copy replaces the form (it trimmed, sanitised and linked what was typed),
        // unless the host typed on while it saved: then those edits stay, unsaved.
        setForm((current) => (comparable(current) === sent ? startingForm(answer) : { ...current, version: answer.version }));
        setSavedHere(true);
        clear();
        setKeptNotice(null);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          flushSync(() => refuse(error.message));
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

  useSaveShortcut(submit);

  // Sharing hands out the saved guidebook, so its languages are the saved ones.
  const savedLanguages = useMemo(() => offeredLanguages(saved), [saved]);
  const context = useMemo<EditorContextValue>(() => ({ readOnly, premium, announce, saved }), [readOnly, premium, announce, saved]);

  return (
    <EditorContext.Provider value={context}>
      <SortableArea>
        <div className="lg:pl-64">
          <EditorSidebar
            id={saved._id}
            savedName={saved.nameInstruction}
            name={form.nameInstruction}
            token={form.token}
            secretsPolicy={saved.secretsPolicy}
            languages={savedLanguages}
            view={view}
            onViewChange={setView}
            onSave={submit}
            saving={save.isPending}
            dirty={dirty}
            saved={savedHere && !dirty}
            readOnly={readOnly}
          />
          <div className="mx-auto grid w-full max-w-6xl gap-5 px-3 py-5 sm:px-6 sm:py-8">
            <h1 className="sr-only">Edit guidebook: {form.nameInstruction}</h1>
            {readOnly ? <ReadOnlyNotice /> : null}
            {stale ? (
              <ConflictPanel
                ref={conflictRef}
                message={stale.message}
                conflict={stale.panel}
                onKeep={(chosen) => stale.latest && onKeepEdits(stale.latest, { form: chosen.form, theirs: chosen.theirs, view })}
                onDiscard={() => onReloadLatest(view)}
                onRetry={retry}
                reloading={reloading}
              />
            ) : null}
            {keptNotice ? <KeptNotice ref={keptRef} theirs={keptNotice} onDismiss={() => setKeptNotice(null)} /> : null}
            {saveError ? <SaveErrorAlert ref={saveErrorRef} message={saveError} target={saveErrorTarget} /> : null}
            {issues.length > 0 ? <ValidationAlert ref={issuesRef} issues={issues} /> : null}

            <div hidden={view !== 'edit'}>
              <EditorForm form={form} patch={patch} updateBoxes={updateBoxes} updateManualBoxes={updateManualBoxes} updatePlaces={updatePlaces} updateExtras={updateExtras} issues={issues} />
              <AnswerQuestionNote guidebookId={saved._id} saved={savedHere} readOnly={readOnly} addItem={addAnswerItem} />
            </div>
            {view === 'translate' ? <TranslateView form={form} setTranslations={setTranslations} setLanguage={setLanguage} machine={machine} /> : null}
            {view === 'preview' ? <PreviewPane form={form} premium={premium} /> : null}
            {view === 'stays' ? <StaysTab saved={saved} form={form} patch={patch} readOnly={readOnly} render={renderStays} /> : null}
            {view === 'history' ? <HistoryTab saved={saved} dirty={dirty} premium={premium} readOnly={readOnly} onRestored={() => onReloadLatest('history')} /> : null}
          </div>
        </div>
        <div aria-live="polite" aria-atomic="true" className="sr-only">
          {liveMessage}
        </div>
        <LeavePrompt blocker={blocker} />
      </SortableArea>
    </EditorContext.Provider>
  );
}

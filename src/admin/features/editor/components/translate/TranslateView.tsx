import { Bot, Languages, LoaderCircle, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@shared/api-client.ts';
import { GUIDEBOOK_LANGUAGES, isGuidebookLanguage, languageName, MAX_GUIDEBOOK_LANGUAGES, type GuidebookLanguage } from '@shared/languages.ts';
import type { Instruction, Translations } from '@shared/schemas/instruction.ts';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog.tsx';
import { useDraftTranslations, type DraftAnswer } from '../../api/draft-translations.ts';
import { fieldId } from '../../model/editor-form.ts';
import {
  addableLanguages,
  addLanguage,
  confirmTranslation,
  draftsToReview,
  groupedFields,
  leftToTranslate,
  mergeDrafts,
  removeLanguage,
  translationLanguages,
  writeTranslation,
} from '../../model/translations-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';
import { TranslationField } from './TranslationField.tsx';

interface Props {
  form: Instruction;
  setTranslations: (change: (form: Instruction) => Translations) => void;
  setLanguage: (language: GuidebookLanguage) => void;
  /** The server drafts by machine (GET /api/users/me): otherwise the button is absent. */
  machine: boolean;
}

const LANGUAGE_ID = fieldId('language');
const ADD_ID = fieldId('translations', 'add');

/**
 * docs/product.md §2 Editor "Languages": the main language, the language bar (add, switch, "N left",
 * remove) and, for the language chosen, every field to translate beside its main text.
 */
export function TranslateView({ form, setTranslations, setLanguage, machine }: Props) {
  const { readOnly, announce } = useEditorContext();
  const languages = translationLanguages(form);
  const [active, setActive] = useState<string | null>(languages[0] ?? null);
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const addable = addableLanguages(form);
  const current = active && languages.includes(active as (typeof languages)[number]) ? active : null;

  function choose(language: string) {
    setActive(language);
    announce(`Translating into ${languageName(language)}: ${progressWords(leftToTranslate(form, language), draftsToReview(form, language))}.`);
  }

  function add() {
    const language = adding || addable[0];
    if (!language) return;
    setTranslations((latest) => addLanguage(latest, language));
    setAdding('');
    setActive(language);
    announce(`${languageName(language)} added. Translating into ${languageName(language)}.`);
  }

  function remove(language: string) {
    setTranslations((latest) => removeLanguage(latest, language));
    if (current === language) setActive(null);
    announce(`${languageName(language)} removed.`);
  }

  return (
    <div className="grid gap-5">
      <Section id="languages" title="Languages" icon={Languages} description="Translate the guidebook for guests who read another language. Fields you leave empty show the main text.">
        <fieldset disabled={readOnly} className="m-0 grid min-w-0 gap-4 border-0 p-0">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={LANGUAGE_ID} className="field-label">
                Guidebook language
              </label>
              <select id={LANGUAGE_ID} className="field-input" value={form.language} onChange={(event) => isGuidebookLanguage(event.target.value) && setLanguage(event.target.value)}>
                {/* A language the guidebook is translated into cannot also be its main one (docs/decisions/021). */}
                {GUIDEBOOK_LANGUAGES.filter((tag) => tag === form.language || !languages.includes(tag)).map((tag) => (
                  <option key={tag} value={tag}>
                    {languageName(tag)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ADD_ID} className="field-label">
                Add a language
              </label>
              <div className="flex gap-2">
                <select id={ADD_ID} className="field-input min-w-0 flex-1" value={adding || addable[0] || ''} onChange={(event) => setAdding(event.target.value)} disabled={addable.length === 0}>
                  {addable.map((tag) => (
                    <option key={tag} value={tag}>
                      {languageName(tag)}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn-secondary shrink-0" onClick={add} disabled={addable.length === 0}>
                  <Plus className="size-4" aria-hidden="true" />
                  Add
                </button>
              </div>
              {addable.length === 0 ? <p className="mt-1.5 text-sm text-muted">A guidebook can have {MAX_GUIDEBOOK_LANGUAGES} languages, counting its main one.</p> : null}
            </div>
          </div>

          {languages.length > 0 ? (
            <ul aria-label="Translations" className="flex flex-wrap gap-2">
              {languages.map((language) => {
                const left = leftToTranslate(form, language);
                const drafts = draftsToReview(form, language);
                const done = left === 0 && drafts === 0;
                const on = language === current;
                return (
                  <li key={language} className={`flex items-center rounded-full border ${on ? 'border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-brand-900/40' : 'border-line bg-surface'}`}>
                    <button type="button" aria-pressed={on} onClick={() => choose(language)} className="flex min-h-10 items-center gap-2 rounded-l-full py-1.5 pl-4 pr-2 text-sm font-semibold text-ink">
                      {languageName(language)}
                      <span className={`rounded-full px-2 py-0.5 text-xs ${done ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100' : left === 0 ? 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100' : 'bg-canvas text-muted'}`}>
                        {progressWords(left, drafts)}
                      </span>
                    </button>
                    <button type="button" className="mr-1 inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink" aria-label={`Remove ${languageName(language)}`} onClick={() => setRemoving(language)}>
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-sm text-muted">No translations yet. Guests read the guidebook in {languageName(form.language)}.</p>
          )}
        </fieldset>
      </Section>

      {current ? <LanguageFields key={current} form={form} language={current} setTranslations={setTranslations} machine={machine} /> : null}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing ? languageName(removing) : ''}?`}
        description="Its translations go when you save. Guests who read it see the main text."
        confirmLabel="Remove"
        danger
        onConfirm={() => {
          if (removing) remove(removing);
          setRemoving(null);
        }}
      />
    </div>
  );
}

function LanguageFields({ form, language, setTranslations, machine }: { form: Instruction; language: string; setTranslations: Props['setTranslations']; machine: boolean }) {
  const { readOnly, announce } = useEditorContext();
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<DraftAnswer | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);
  const draft = useDraftTranslations();
  const entries = form.translations[language] ?? {};
  const left = leftToTranslate(form, language);
  const drafts = draftsToReview(form, language);
  const name = languageName(language);
  const titleId = `translate-${language}-title`;

  function runDraft() {
    setResult(null);
    setDraftError(null);
    draft.mutate(
      { form, language },
      {
        onSuccess: (answer) => {
          setTranslations((latest) => mergeDrafts(latest, language, answer.drafts));
          setRound((value) => value + 1);
          setResult(answer);
          const drafted = Object.keys(answer.drafts).length;
          announce(`${drafted} ${drafted === 1 ? 'field' : 'fields'} drafted${answer.failed.length > 0 ? `, ${answer.failed.length} could not be` : ''}.`);
        },
        onError: (error) => setDraftError(errorMessage(error, 'Machine translation failed. Try again later.')),
      },
    );
  }

  return (
    <section aria-labelledby={titleId} className="card grid gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-display text-lg font-bold text-ink">
            {name}
          </h2>
          <p className="text-sm text-muted">
            {left === 0 && drafts === 0 ? 'Every field is translated.' : null}
            {left > 0 ? `${left} ${left === 1 ? 'field' : 'fields'} left to translate or check. ` : null}
            {drafts > 0 ? `${drafts} machine ${drafts === 1 ? 'draft' : 'drafts'} to review: guests read the main text until you accept ${drafts === 1 ? 'it' : 'them'}.` : null}
          </p>
        </div>
        {machine ? (
          <button type="button" className="btn-secondary" onClick={runDraft} disabled={readOnly || draft.isPending || left === 0}>
            {draft.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Bot className="size-4" aria-hidden="true" />}
            {draft.isPending ? 'Drafting…' : 'Draft with machine translation'}
          </button>
        ) : null}
      </div>
      {machine ? (
        <p className="-mt-3 text-sm text-muted">Drafts the empty and out-of-date fields. Door codes, passwords, PINs, your name and addresses are never sent; place names are yours to translate.</p>
      ) : null}
      <div role="status" aria-live="polite">
        {result ? (
          <div className="rounded-xl border border-line bg-canvas/60 p-3 text-sm text-ink">
            <p className="font-semibold">
              {Object.keys(result.drafts).length} drafted by machine: check them and press Accept, or edit them. Guests see a draft once you accept it and save.
            </p>
            {result.failed.length > 0 ? (
              <>
                <p className="mt-2">Not drafted, translate these by hand:</p>
                <ul className="mt-1 list-disc pl-5">
                  {result.failed.map((failure) => (
                    <li key={failure.key}>
                      {failure.label}: {failure.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {draftError ? (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
          {draftError}
        </p>
      ) : null}
      <fieldset disabled={readOnly} className="m-0 grid min-w-0 gap-6 border-0 p-0">
        <legend className="sr-only">{name} translations</legend>
        {groupedFields(form).map((group) => (
          <div key={group.title} className="grid gap-3">
            <h3 className="font-display text-base font-bold text-ink">{group.title}</h3>
            <ul className="grid gap-4">
              {group.fields.map((field) => (
                <TranslationField
                  key={field.key}
                  field={field}
                  entry={entries[field.key]}
                  mainLanguage={form.language}
                  language={language}
                  round={round}
                  readOnly={readOnly}
                  onWrite={(text) => setTranslations((latest) => writeTranslation(latest, language, field, text))}
                  onConfirm={() => setTranslations((latest) => confirmTranslation(latest, language, field))}
                />
              ))}
            </ul>
          </div>
        ))}
      </fieldset>
    </section>
  );
}

/** What a language's chip says: "3 left · 32 to review", "32 to review", "Done". */
function progressWords(left: number, drafts: number): string {
  const parts = [left > 0 ? `${left} left` : '', drafts > 0 ? `${drafts} to review` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Done';
}

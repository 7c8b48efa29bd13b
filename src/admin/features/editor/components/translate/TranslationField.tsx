import { Bot, Check, TriangleAlert } from 'lucide-react';
import { languageName } from '@shared/languages.ts';
import { MARKER_NAMES, type Translation } from '@shared/schemas/instruction.ts';
import type { TranslatableField } from '@shared/translations.ts';
import { RichTextField } from '../../../../components/rich-text/RichTextField.tsx';
import { fieldId } from '../../model/editor-form.ts';
import { fieldState } from '../../model/translations-form.ts';
import { MainText } from './MainText.tsx';

interface Props {
  field: TranslatableField;
  entry: Translation | undefined;
  mainLanguage: string;
  language: string;
  /** Changes whenever drafts are merged: a rich-text field reads its value only when it mounts. */
  round: number;
  readOnly: boolean;
  onWrite: (text: string) => void;
  /** "Keep as is" or "Accept": the text stays and counts as current and the host's. */
  onConfirm: () => void;
}

const BADGE = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold';

/** One field in translation mode: its label, the main text, the translation and where it stands. */
export function TranslationField({ field, entry, mainLanguage, language, round, readOnly, onWrite, onConfirm }: Props) {
  const id = fieldId('translations', language, field.key);
  const state = fieldState(field, entry);
  const label = `${field.label} in ${languageName(language)}`;
  const markers = MARKER_NAMES.filter((marker) => field.text.includes(`data-marker="${marker}"`));
  const status = (
    <div id={`${id}-status`} className="flex flex-wrap items-center gap-2">
      {state === 'missing' ? <span className={`${BADGE} bg-canvas text-muted`}>Not translated — guests see the main text</span> : null}
      {state === 'outOfDate' ? (
        <>
          <span className={`${BADGE} bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100`}>
            <TriangleAlert className="size-3" aria-hidden="true" />
            May be out of date
          </span>
          <button type="button" className="btn-ghost min-h-0 px-2 py-0.5 text-xs" onClick={onConfirm} disabled={readOnly} aria-label={`Keep as is: ${field.label}`}>
            Keep as is
          </button>
        </>
      ) : null}
      {state === 'machine' ? (
        <>
          <span className={`${BADGE} bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100`}>
            <Bot className="size-3" aria-hidden="true" />
            Machine draft
          </span>
          <button type="button" className="btn-ghost min-h-0 px-2 py-0.5 text-xs" onClick={onConfirm} disabled={readOnly} aria-label={`Accept: ${field.label}`}>
            <Check className="size-3" aria-hidden="true" />
            Accept
          </button>
        </>
      ) : null}
    </div>
  );

  return (
    <li className="grid gap-2 border-t border-line pt-4 first:border-t-0 first:pt-0" data-field={field.key}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-ink">{field.label}</h4>
        {status}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <p className="field-label text-muted">Main text ({languageName(mainLanguage)})</p>
          <MainText id={`${id}-main`} text={field.text} rich={field.kind === 'richText'} lang={mainLanguage} />
        </div>
        <div>
          {field.kind === 'richText' ? (
            <RichTextField
              key={`${language}-${field.key}-${round}`}
              id={id}
              label={label}
              hint={markers.length > 0 ? 'Keep the markers of the main text: the guest page fills them in.' : undefined}
              value={entry?.text ?? ''}
              markers={markers}
              readOnly={readOnly}
              onChange={onWrite}
            />
          ) : (
            <>
              <label htmlFor={id} className="field-label">
                {label}
              </label>
              <input id={id} className="field-input" lang={language} dir="auto" value={entry?.text ?? ''} onChange={(event) => onWrite(event.target.value)} aria-describedby={`${id}-status`} />
            </>
          )}
        </div>
      </div>
    </li>
  );
}

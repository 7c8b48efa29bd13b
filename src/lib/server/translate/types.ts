import type { FieldKind } from '@shared/schemas/field-kinds.ts';

/** `html`: sanitised rich text (markers protected, the answer sanitised); `text`: plain text. */
export type TranslateFormat = 'text' | 'html';

export interface TranslateText {
  /** The caller's name for the field (its path, say `steps.2.text`); each once per call. */
  key: string;
  text: string;
  format: TranslateFormat;
  /**
   * The field's declared kind (schemas/field-kinds.ts), when the caller has it: a `secret`,
   * an `image` or a `link` is refused and the whole call with it, before anything is sent.
   */
  kind?: FieldKind;
}

export interface TranslateRequest {
  texts: readonly TranslateText[];
  /** Our language tags (`en`, `pt`): the guidebook's language and the one to draft. */
  source: string;
  target: string;
}

/** Why one text came back unusable; the rest of the call is unaffected. */
export type TranslateFailureReason = 'markers' | 'markup' | 'too-long' | 'missing';

export interface TranslateFailure {
  reason: TranslateFailureReason;
  /** For the host, next to that field. */
  message: string;
}

export interface TranslateResult {
  /** The drafts by key: plain text as plain text, HTML sanitised with its markers back. */
  translated: Map<string, string>;
  /** The texts that must not be saved, by key. */
  failed: Map<string, TranslateFailure>;
  /** How many requests went to the service. */
  requests: number;
}

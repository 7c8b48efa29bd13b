import type { TranslateConfig } from '../platform/config.ts';
import { PLACEHOLDER_TAG } from './placeholders.ts';
import type { TranslateFormat } from './types.ts';

/** One request as it goes out: everything but the method (always POST) and the signal. */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * What differs between the services, and nothing more: the client (client.ts) batches, sends,
 * checks and maps errors the same way for both.
 */
export interface ProviderAdapter {
  /** For messages and logs. */
  label: string;
  /** At most this many texts in one request. */
  maxTexts: number;
  /** The texts of one request add up to at most this, counted by `size`. */
  maxSize: number;
  size(text: string): number;
  request(texts: readonly string[], source: string, target: string, format: TranslateFormat): OutgoingRequest;
  /** The translations in the order sent, or null when the answer is not shaped as documented. */
  parse(answer: unknown, count: number): string[] | null;
  /** The service's own words on an error answer (`{ error }`, `{ message }`), for the log. */
  errorText(answer: unknown): string | undefined;
}

/** `base` + `path`, unless TRANSLATE_URL was given with the path already. */
function endpoint(base: string, path: string): string {
  return base.endsWith(path) ? base : `${base}${path}`;
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Porchlight/1.0 (machine translation)' };

function stringsOf(value: unknown, count: number): string[] | null {
  return Array.isArray(value) && value.length === count && value.every((item) => typeof item === 'string') ? value : null;
}

function field(answer: unknown, name: string): unknown {
  return answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[name] : undefined;
}

/**
 * LibreTranslate's `POST /translate`: `q` an array (its answer's `translatedText` is then an
 * array in the same order), `format` `text` or `html`, the key as `api_key` in the body. Its own
 * limits are off by default (`--char-limit`, `--batch-limit` -1) and an instance sets its own,
 * counting characters across all of `q`; ours stay well inside what public instances allow.
 */
function libreTranslate(config: TranslateConfig): ProviderAdapter {
  return {
    label: 'LibreTranslate',
    maxTexts: 25,
    maxSize: 10_000,
    // Python's len(): code points.
    size: (text) => [...text].length,
    request: (texts, source, target, format) => ({
      url: endpoint(config.url, '/translate'),
      headers: JSON_HEADERS,
      body: JSON.stringify({ q: texts, source, target, format, ...(config.apiKey ? { api_key: config.apiKey } : {}) }),
    }),
    parse: (answer, count) => stringsOf(field(answer, 'translatedText'), count),
    errorText: (answer) => (typeof field(answer, 'error') === 'string' ? (field(answer, 'error') as string) : undefined),
  };
}

/** Room for the rest of a DeepL body (languages, tag handling, brackets) within its 128 KiB. */
const DEEPL_ENVELOPE_BYTES = 1024;

/**
 * DeepL's `POST /v2/translate` as JSON: `text` an array of at most 50, the whole body at most
 * 128 KiB, `Authorization: DeepL-Auth-Key …` (the key in a form field is no longer accepted).
 * HTML goes with `tag_handling: 'html'`, and the placeholder tag is named in `ignore_tags`,
 * DeepL's own way to mark a tag as not for translation.
 */
function deepL(config: TranslateConfig): ProviderAdapter {
  return {
    label: 'DeepL',
    maxTexts: 50,
    maxSize: 128 * 1024 - DEEPL_ENVELOPE_BYTES,
    // Its share of the JSON body: the quoted, escaped string and a comma.
    size: (text) => Buffer.byteLength(JSON.stringify(text)) + 1,
    request: (texts, source, target, format) => ({
      url: endpoint(config.url, '/v2/translate'),
      headers: { ...JSON_HEADERS, authorization: `DeepL-Auth-Key ${config.apiKey ?? ''}` },
      body: JSON.stringify({
        text: texts,
        source_lang: source,
        target_lang: target,
        ...(format === 'html' ? { tag_handling: 'html', ignore_tags: [PLACEHOLDER_TAG] } : {}),
      }),
    }),
    parse: (answer, count) => {
      const translations = field(answer, 'translations');
      if (!Array.isArray(translations)) return null;
      return stringsOf(translations.map((item) => field(item, 'text')), count);
    },
    errorText: (answer) => (typeof field(answer, 'message') === 'string' ? (field(answer, 'message') as string) : undefined),
  };
}

export function adapterFor(config: TranslateConfig): ProviderAdapter {
  return config.provider === 'deepl' ? deepL(config) : libreTranslate(config);
}

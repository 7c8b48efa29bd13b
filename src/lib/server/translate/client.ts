import { messages } from '@shared/messages.ts';
import type { TranslateConfig } from '../platform/config.ts';
import { AppError, isAppError } from '../http/app-error.ts';
import { sanitizeRichText } from '../guidebook/sanitize-rich-text.ts';
import type { Logger } from '../platform/logger.ts';
import { languageName, providerLanguage, providerLanguages, type TranslateProvider } from './languages.ts';
import { markerSignature, protectMarkers, restoreMarkers, tagCount, type Protected } from './placeholders.ts';
import { adapterFor, type ProviderAdapter } from './providers.ts';
import type { TranslateFailure, TranslateFailureReason, TranslateFormat, TranslateRequest, TranslateResult, TranslateText } from './types.ts';

/** A batch of 50 short texts takes DeepL a second or two, a CPU-bound LibreTranslate longer. */
export const TRANSLATE_TIMEOUT_MS = 20_000;
/** An answer is about the size of what was sent (128 KiB at most); anything far past it is not one. */
export const MAX_ANSWER_BYTES = 1024 * 1024;
/** Kinds that are never sent: a secret stays on the server, an image or a link is not prose. */
const NEVER_SENT = new Set(['secret', 'image', 'link']);

export interface MachineTranslator {
  provider: TranslateProvider;
  /** Our language tags the service can translate from and into (the editor offers only these). */
  languages: readonly string[];
  /**
   * Drafts `texts` from `source` into `target`: one request per batch (grouped by format, within
   * the service's count and size limits), sent one after another. A text whose markers or markup
   * came back wrong is in `failed`, the others in `translated`. Throws an AppError when the
   * languages cannot be done (400, before anything is sent) or the service fails (502/503).
   */
  translateBatch(request: TranslateRequest): Promise<TranslateResult>;
}

export interface TranslatorOptions {
  /** Per request; tests shorten it. */
  timeoutMs?: number;
}

/** A text ready to go: what is sent, and what is needed to check and restore the answer. */
interface Prepared {
  key: string;
  format: TranslateFormat;
  source: string;
  sent: string;
  markers: Protected['markers'];
}

function failure(reason: TranslateFailureReason): TranslateFailure {
  const text = { markers: messages.translate.markersChanged, markup: messages.translate.markupAdded, 'too-long': messages.translate.tooLong, missing: messages.translate.missing }[reason];
  return { reason, message: text };
}

export function createTranslator(config: TranslateConfig, log: Logger, options: TranslatorOptions = {}): MachineTranslator {
  const adapter = adapterFor(config);
  const timeoutMs = options.timeoutMs ?? TRANSLATE_TIMEOUT_MS;
  // The key never reaches the log, even inside a service's own error text.
  const redact = (text: string) => (config.apiKey ? text.split(config.apiKey).join('[redacted]') : text);

  async function translateBatch({ texts, source, target }: TranslateRequest): Promise<TranslateResult> {
    refuseUnsendable(texts);
    const codes = languageCodes(config.provider, source, target);
    const result: TranslateResult = { translated: new Map(), failed: new Map(), requests: 0 };
    const ready: Prepared[] = [];
    for (const text of texts) {
      const prepared = prepare(text, result);
      if (prepared && adapter.size(prepared.sent) > adapter.maxSize) result.failed.set(text.key, failure('too-long'));
      else if (prepared) ready.push(prepared);
    }
    for (const batch of batches(ready, adapter)) {
      result.requests += 1;
      const answers = await send(batch.map((item) => item.sent), codes, batch[0]!.format);
      batch.forEach((item, index) => settle(item, answers[index]!, result));
    }
    if (result.requests > 0) {
      log.info({ provider: config.provider, source, target, texts: texts.length, requests: result.requests, failed: [...result.failed.keys()] }, 'translate: drafted');
    }
    return result;
  }

  async function send(texts: string[], codes: { source: string; target: string }, format: TranslateFormat): Promise<string[]> {
    const outgoing = adapter.request(texts, codes.source, codes.target, format);
    let status: number;
    let answer: unknown;
    let headers: Headers;
    try {
      const response = await fetch(outgoing.url, { method: 'POST', headers: outgoing.headers, body: outgoing.body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      headers = response.headers;
      answer = await readJson(response);
    } catch (error) {
      if (isAppError(error)) throw error;
      const reason = whyUnreachable(error, timeoutMs);
      log.warn({ provider: config.provider, failure: redact(reason) }, 'translate: the service could not be reached');
      throw new AppError('BAD_GATEWAY', messages.translate.noAnswer, { cause: redact(reason) });
    }
    if (status >= 200 && status < 300) {
      const translations = adapter.parse(answer, texts.length);
      if (translations) return translations;
      log.warn({ provider: config.provider, status }, 'translate: the answer was not shaped as documented');
      throw new AppError('BAD_GATEWAY', messages.translate.noAnswer, { cause: `${adapter.label}: unexpected answer` });
    }
    throw errorFor(status, adapter.errorText(answer), headers, codes);
  }

  /** The documented error statuses as our errors; what the service said goes to the log only. */
  function errorFor(status: number, said: string | undefined, headers: Headers, codes: { source: string; target: string }): AppError {
    const detail = { provider: config.provider, status, said: said === undefined ? undefined : redact(said).slice(0, 300) };
    const cause = `${adapter.label} answered ${status}`;
    if (status === 429) {
      const seconds = Math.max(1, Number(headers.get('retry-after')) || 60);
      log.warn(detail, 'translate: the service asks us to slow down');
      return new AppError('SERVICE_UNAVAILABLE', messages.translate.busy(Math.ceil(seconds / 60)), { headers: { 'retry-after': String(seconds) }, cause });
    }
    if (status === 456) {
      log.error(detail, 'translate: the quota of the translation account is used up');
      return new AppError('SERVICE_UNAVAILABLE', messages.translate.quota, { cause });
    }
    if (status === 401 || status === 403) {
      log.error(detail, 'translate: the service refused the API key (TRANSLATE_API_KEY)');
      return new AppError('BAD_GATEWAY', messages.translate.noAnswer, { cause });
    }
    // LibreTranslate names a language its models lack: "hr is not supported" for a target, the
    // detection record ("{'confidence': 100.0, 'language': 'hr'} is not supported") for a source.
    const unsupported = status === 400 && said?.includes('is not supported') ? [codes.target, codes.source].find((code) => new RegExp(`(^|\\W)${code}(\\W|$)`).test(said.split(' is not supported')[0]!)) : undefined;
    if (unsupported) {
      log.warn(detail, 'translate: the service cannot do this language');
      return new AppError('BAD_REQUEST', messages.translate.unsupported(languageName(unsupported)), { cause });
    }
    log.error(detail, 'translate: the service answered an error');
    return new AppError('BAD_GATEWAY', messages.translate.noAnswer, { cause });
  }

  return { provider: config.provider, languages: providerLanguages(config.provider), translateBatch };
}

/** A failed fetch in a few words for the log: the timeout, or undici's error and its cause. */
function whyUnreachable(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  // A refused redirect, a refused connection: fetch says "fetch failed" and the reason in `cause`.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/** A secret (or an image, a link) in the call is a caller's bug: nothing at all is sent then. */
function refuseUnsendable(texts: readonly TranslateText[]): void {
  const keys = new Set<string>();
  for (const text of texts) {
    if (text.kind && NEVER_SENT.has(text.kind)) throw new Error(`translate: refusing to send ${text.kind} field ${text.key}`);
    if (keys.has(text.key)) throw new Error(`translate: key ${text.key} given twice`);
    keys.add(text.key);
  }
}

function languageCodes(provider: TranslateProvider, source: string, target: string): { source: string; target: string } {
  if (source === target) throw new AppError('BAD_REQUEST', messages.translate.sameLanguage);
  const codes = { source: providerLanguage(provider, source, 'source'), target: providerLanguage(provider, target, 'target') };
  if (!codes.source) throw new AppError('BAD_REQUEST', messages.translate.unsupported(languageName(source)));
  if (!codes.target) throw new AppError('BAD_REQUEST', messages.translate.unsupported(languageName(target)));
  return { source: codes.source, target: codes.target };
}

/** The text as it will be sent, or null when it is settled already (empty, or unsendable as is). */
function prepare(text: TranslateText, result: TranslateResult): Prepared | null {
  if (text.text.trim() === '') {
    result.translated.set(text.key, text.text);
    return null;
  }
  if (text.format === 'text') return { key: text.key, format: 'text', source: text.text, sent: text.text, markers: [] };
  const guarded = protectMarkers(text.text);
  if (!guarded) {
    result.failed.set(text.key, failure('markers'));
    return null;
  }
  return { key: text.key, format: 'html', source: text.text, sent: guarded.text, markers: guarded.markers };
}

/** Consecutive runs of one format, each within the service's count and size per request. */
function batches(items: readonly Prepared[], adapter: ProviderAdapter): Prepared[][] {
  const out: Prepared[][] = [];
  for (const format of ['text', 'html'] as const) {
    let current: Prepared[] = [];
    let size = 0;
    for (const item of items.filter((candidate) => candidate.format === format)) {
      const itemSize = adapter.size(item.sent);
      if (current.length > 0 && (current.length >= adapter.maxTexts || size + itemSize > adapter.maxSize)) {
        out.push(current);
        current = [];
        size = 0;
      }
      current.push(item);
      size += itemSize;
    }
    if (current.length > 0) out.push(current);
  }
  return out;
}

/** Checks one answer and files it under translated or failed. */
function settle(item: Prepared, answer: string, result: TranslateResult): void {
  if (answer.trim() === '') {
    result.failed.set(item.key, failure('missing'));
    return;
  }
  if (item.format === 'text') {
    // Plain text stays plain: a service that adds tags (or unescapes `&lt;b&gt;`) is not believed.
    if (tagCount(answer) > tagCount(item.source)) result.failed.set(item.key, failure('markup'));
    else result.translated.set(item.key, answer);
    return;
  }
  const restored = restoreMarkers(answer, item.markers);
  // LibreTranslate unescapes its HTML answer, so escaped text may come back as tags: the answer is
  // sanitised as any rich text is on write, and must still hold the source's markers.
  const clean = restored === null ? null : sanitizeRichText(restored);
  if (clean?.trim() === '') result.failed.set(item.key, failure('missing'));
  else if (clean === null || markerSignature(clean) !== markerSignature(item.source)) result.failed.set(item.key, failure('markers'));
  else result.translated.set(item.key, clean);
}

/** The answer's JSON, read to MAX_ANSWER_BYTES at most; null for a body that is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new AppError('BAD_GATEWAY', messages.translate.noAnswer, { cause: `answer over ${MAX_ANSWER_BYTES} bytes` });
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

import OpenAI, { APIConnectionTimeoutError, APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { AssistantConfig } from '../platform/config-assistant.ts';
import { processSingleton } from '../platform/process-singleton.ts';

/**
 * The one `openai` client of a process (docs/decisions/031 §7; docs/security.md, the outbound
 * clients): the configured endpoint only, never an OPENAI_* variable (each option the SDK would read
 * from the environment is given, and the headers an OPENAI_CUSTOM_HEADERS would add are dropped by
 * the fetch), no retry (a guest is waiting; the passages are the fallback), one deadline for the
 * whole call, and a fetch that follows no redirect and reads at most 64 KiB of the answer.
 */

/** The most bytes of a model's answer read; past it the call fails. */
export const MODEL_BODY_LIMIT = 64 * 1024;

/** The answer's most tokens: three short sentences and the JSON around them. */
const ANSWER_TOKENS = 300;

/** The request headers sent: the SDK's others (its telemetry, an environment's custom headers) are not. */
const SENT_HEADERS = new Set(['authorization', 'content-type', 'accept']);

/** Why a call gave nothing to check: no answer in time, or a transport or HTTP failure (a status, a redirect, a body too large). */
export type CallFailure = 'timeout' | 'http';

export type ModelCall = { ok: true; content: unknown; finishReason: unknown } | { ok: false; reason: CallFailure };

class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

/** The body of `response`, at most MODEL_BODY_LIMIT bytes, as a new Response; throws past it. */
async function bounded(response: Response): Promise<Response> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MODEL_BODY_LIMIT) {
    await response.body?.cancel();
    throw new BodyTooLarge(`the model's answer declares ${declared} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const read = reader ? await reader.read() : { done: true as const, value: undefined };
    if (read.done) break;
    size += read.value.byteLength;
    if (size > MODEL_BODY_LIMIT) {
      await reader?.cancel();
      throw new BodyTooLarge(`the model's answer passed ${MODEL_BODY_LIMIT} bytes`);
    }
    chunks.push(read.value);
  }
  return new Response(new Uint8Array(Buffer.concat(chunks)), { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** fetch for the SDK: the kept headers, no redirect followed, the body bounded. */
export async function boundedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of new Headers(init?.headers)) if (SENT_HEADERS.has(name)) headers.set(name, value);
  return bounded(await fetch(input, { ...init, headers, redirect: 'error' }));
}

function clientFor(config: AssistantConfig): OpenAI {
  return new OpenAI({
    baseURL: config.url,
    // The SDK insists on a key; a local server without one gets `none`.
    apiKey: config.apiKey ?? 'none',
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    timeout: config.timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
    fetch: boundedFetch,
  });
}

const clients = processSingleton('assistant-model-client', () => new Map<string, OpenAI>());

/** The process's client for `config` (one per configuration; a test's server has one). */
function modelClient(config: AssistantConfig): OpenAI {
  const key = `${config.url}\n${config.apiKey ?? ''}\n${config.timeoutMs}`;
  let client = clients.get(key);
  if (!client) {
    client = clientFor(config);
    clients.set(key, client);
  }
  return client;
}

/** The response format of ASSISTANT_RESPONSE_FORMAT: the schema, strict; JSON only; or none sent. */
function responseFormat(config: AssistantConfig): Pick<ChatCompletionCreateParamsNonStreaming, 'response_format'> {
  if (config.responseFormat === 'none') return {};
  if (config.responseFormat === 'json_object') return { response_format: { type: 'json_object' } };
  const schema = { type: 'object', properties: { answer: { type: 'string' }, sourceIds: { type: 'array', items: { type: 'string' } } }, required: ['answer', 'sourceIds'], additionalProperties: false };
  return { response_format: { type: 'json_schema', json_schema: { name: 'guidebook_answer', strict: true, schema } } };
}

/** One Chat Completions call, no stream: the first choice's content and finish reason, or why there is none. */
export async function callModel(config: AssistantConfig, system: string, user: string): Promise<ModelCall> {
  const body: ChatCompletionCreateParamsNonStreaming = {
    model: config.model,
    temperature: 0,
    n: 1,
    stream: false,
    ...(config.tokenLimitField === 'max_tokens' ? { max_tokens: ANSWER_TOKENS } : { max_completion_tokens: ANSWER_TOKENS }),
    ...responseFormat(config),
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
  };
  try {
    const completion = await modelClient(config).chat.completions.create(body, { signal: AbortSignal.timeout(config.timeoutMs) });
    const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
    return { ok: true, content: choice?.message?.content, finishReason: choice?.finish_reason };
  } catch (error) {
    return { ok: false, reason: error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError ? 'timeout' : 'http' };
  }
}

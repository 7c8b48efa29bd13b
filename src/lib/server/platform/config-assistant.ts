import { z } from 'zod';

/**
 * The model of "Ask the guidebook" (docs/decisions/031 §2): any OpenAI-compatible Chat Completions
 * endpoint. Off without ASSISTANT_URL and ASSISTANT_MODEL, and nothing else changes; one without
 * the other stops the start. Read by config.ts (the one reader of process.env), pure.
 */

const TIMEOUT_RANGE = 'expected milliseconds from 1000 to 20000, such as 6000';

/** The variables, spread into config.ts' schema. */
export const assistantEnvShape = {
  /** The endpoint's base URL, as the SDK's baseURL (`https://api.openai.com/v1`); unset: passages only. */
  ASSISTANT_URL: z.url({ protocol: /^https?$/ }).optional(),
  ASSISTANT_API_KEY: z.string().trim().min(1).optional(),
  ASSISTANT_MODEL: z.string().trim().min(1).max(200).optional(),
  /** The whole model call, in ms. */
  ASSISTANT_TIMEOUT_MS: z.coerce.number({ error: TIMEOUT_RANGE }).int({ error: TIMEOUT_RANGE }).min(1000, { error: TIMEOUT_RANGE }).max(20_000, { error: TIMEOUT_RANGE }).default(6000),
  ASSISTANT_RESPONSE_FORMAT: z.enum(['json_schema', 'json_object', 'none']).default('json_schema'),
  ASSISTANT_TOKEN_LIMIT_FIELD: z.enum(['max_completion_tokens', 'max_tokens']).default('max_completion_tokens'),
};

interface AssistantEnv {
  ASSISTANT_URL?: string | undefined;
  ASSISTANT_API_KEY?: string | undefined;
  ASSISTANT_MODEL?: string | undefined;
  ASSISTANT_TIMEOUT_MS: number;
  ASSISTANT_RESPONSE_FORMAT: AssistantConfig['responseFormat'];
  ASSISTANT_TOKEN_LIMIT_FIELD: AssistantConfig['tokenLimitField'];
}

export interface AssistantConfig {
  /** ASSISTANT_URL without its trailing slash. */
  url: string;
  /** ASSISTANT_API_KEY; undefined for a local server that wants none (the client then sends `none`). */
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  responseFormat: 'json_schema' | 'json_object' | 'none';
  tokenLimitField: 'max_completion_tokens' | 'max_tokens';
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The model's configuration, or undefined (passages only); a string is the start's error line. The
 * URL carries the key: https, or plain http to a loopback address (a model server on the same
 * machine; the key never leaves it), in every NODE_ENV.
 */
export function assistantConfigOf(env: AssistantEnv): AssistantConfig | string | undefined {
  const { ASSISTANT_URL: url, ASSISTANT_MODEL: model } = env;
  if (!url && !model) return env.ASSISTANT_API_KEY ? 'ASSISTANT_API_KEY: only with ASSISTANT_URL and ASSISTANT_MODEL' : undefined;
  if (!url) return 'ASSISTANT_URL: required with ASSISTANT_MODEL (the Chat Completions endpoint, such as https://api.openai.com/v1)';
  if (!model) return 'ASSISTANT_MODEL: required with ASSISTANT_URL (the model’s name)';
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !LOOPBACK.includes(parsed.hostname)) return 'ASSISTANT_URL: expected an https URL (plain http only to a loopback address)';
  if (parsed.username || parsed.password) return 'ASSISTANT_URL: no user or password in the URL (ASSISTANT_API_KEY is the key)';
  return {
    url: url.replace(/\/+$/, ''),
    apiKey: env.ASSISTANT_API_KEY,
    model,
    timeoutMs: env.ASSISTANT_TIMEOUT_MS,
    responseFormat: env.ASSISTANT_RESPONSE_FORMAT,
    tokenLimitField: env.ASSISTANT_TOKEN_LIMIT_FIELD,
  };
}

/** The start's log line: the origin and the model, never the key. */
export function assistantStartLine(config: AssistantConfig | undefined): string {
  return config ? `Ask the guidebook: answers written by ${config.model} at ${new URL(config.url).origin}` : 'Ask the guidebook: passages only (no ASSISTANT_URL)';
}

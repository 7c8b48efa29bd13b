import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/lib/server/platform/config.ts';

/**
 * The model's configuration (docs/decisions/031 §2, docs/security.md 46): off without the
 * variables, URL and model together, https or loopback http, the bounds of each option, and the
 * SDK's own OPENAI_* variables never read.
 */
const base = { NODE_ENV: 'production' };

function startError(env: Record<string, string>): string {
  try {
    parseConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('the model of "Ask the guidebook"', () => {
  it('is off without ASSISTANT_URL and ASSISTANT_MODEL, whatever OPENAI_* says', () => {
    expect(parseConfig({ ...base, OPENAI_BASE_URL: 'https://api.openai.com/v1', OPENAI_API_KEY: 'sk-env' }).assistant).toBeUndefined();
  });

  it('takes the endpoint, key and model, with the defaults of §2', () => {
    const config = parseConfig({ ...base, ASSISTANT_URL: 'https://api.openai.com/v1/', ASSISTANT_API_KEY: 'sk-test', ASSISTANT_MODEL: 'gpt-4.1-mini' });
    expect(config.assistant).toEqual({ url: 'https://api.openai.com/v1', apiKey: 'sk-test', model: 'gpt-4.1-mini', timeoutMs: 6000, responseFormat: 'json_schema', tokenLimitField: 'max_completion_tokens' });
  });

  it('accepts a local server over plain http on loopback, without a key, in any environment', () => {
    const config = parseConfig({ ...base, ASSISTANT_URL: 'http://127.0.0.1:11434/v1', ASSISTANT_MODEL: 'llama3.2', ASSISTANT_RESPONSE_FORMAT: 'json_object', ASSISTANT_TOKEN_LIMIT_FIELD: 'max_tokens', ASSISTANT_TIMEOUT_MS: '20000' });
    expect(config.assistant).toMatchObject({ apiKey: undefined, responseFormat: 'json_object', tokenLimitField: 'max_tokens', timeoutMs: 20000 });
  });

  it('stops the start with one line for each bad combination or value', () => {
    expect(startError({ ASSISTANT_URL: 'https://api.openai.com/v1' })).toContain('ASSISTANT_MODEL: required with ASSISTANT_URL');
    expect(startError({ ASSISTANT_MODEL: 'gpt-4.1-mini' })).toContain('ASSISTANT_URL: required with ASSISTANT_MODEL');
    expect(startError({ ASSISTANT_API_KEY: 'sk-alone' })).toContain('ASSISTANT_API_KEY: only with ASSISTANT_URL and ASSISTANT_MODEL');
    expect(startError({ ASSISTANT_URL: 'http://models.example.com/v1', ASSISTANT_MODEL: 'm' })).toContain('ASSISTANT_URL: expected an https URL');
    expect(startError({ ASSISTANT_URL: 'https://user:pass@models.example.com/v1', ASSISTANT_MODEL: 'm' })).toContain('no user or password');
    expect(startError({ ASSISTANT_URL: 'ftp://models.example.com', ASSISTANT_MODEL: 'm' })).toContain('ASSISTANT_URL');
    expect(startError({ ASSISTANT_URL: 'https://a.example/v1', ASSISTANT_MODEL: 'm', ASSISTANT_TIMEOUT_MS: '999' })).toContain('ASSISTANT_TIMEOUT_MS: expected milliseconds from 1000 to 20000');
    expect(startError({ ASSISTANT_URL: 'https://a.example/v1', ASSISTANT_MODEL: 'm', ASSISTANT_TIMEOUT_MS: '20001' })).toContain('ASSISTANT_TIMEOUT_MS');
    expect(startError({ ASSISTANT_URL: 'https://a.example/v1', ASSISTANT_MODEL: 'm', ASSISTANT_RESPONSE_FORMAT: 'xml' })).toContain('ASSISTANT_RESPONSE_FORMAT');
    expect(startError({ ASSISTANT_URL: 'https://a.example/v1', ASSISTANT_MODEL: 'm', ASSISTANT_TOKEN_LIMIT_FIELD: 'tokens' })).toContain('ASSISTANT_TOKEN_LIMIT_FIELD');
  });

  it('never puts the key in the start’s error', () => {
    expect(startError({ ASSISTANT_URL: 'http://models.example.com/v1', ASSISTANT_API_KEY: 'sk-very-secret-9', ASSISTANT_MODEL: 'm' })).not.toContain('sk-very-secret-9');
  });
});

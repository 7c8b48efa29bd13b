import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';

/** Cloudflare answers in well under a second; past this we fail closed (docs/security.md 13). */
const TURNSTILE_TIMEOUT_MS = 5_000;

interface SiteverifyAnswer {
  success?: unknown;
  hostname?: unknown;
  'error-codes'?: unknown;
}

export interface VerifyTurnstileOptions {
  config: Pick<Config, 'turnstile' | 'appUrl'>;
  log: Logger;
  token: string;
  ip: string | null;
}

/**
 * Server-side siteverify: true only when Cloudflare says `success` for our own hostname. Any
 * failure — network, timeout, bad JSON, other hostname — is a refusal. With Turnstile not
 * configured (logged at boot) there is nothing to check and every request passes.
 */
export async function verifyTurnstile({ config, log, token, ip }: VerifyTurnstileOptions): Promise<boolean> {
  const turnstile = config.turnstile;
  if (!turnstile) return true;
  if (!token) return false;

  const form = new URLSearchParams({ secret: turnstile.secretKey, response: token });
  if (ip) form.set('remoteip', ip);
  try {
    const response = await fetch(turnstile.verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(TURNSTILE_TIMEOUT_MS),
    });
    if (!response.ok) {
      log.warn({ status: response.status }, 'captcha: siteverify answered an error status');
      return false;
    }
    const answer = (await response.json()) as SiteverifyAnswer;
    if (answer.success !== true) return false;
    if (answer.hostname !== config.appUrl.hostname) {
      log.warn({ hostname: answer.hostname }, 'captcha: token was solved for another hostname');
      return false;
    }
    return true;
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'captcha: siteverify failed, refusing');
    return false;
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { accessKeeper } from '../access-keeper.ts';
import type { AccessKeeper, AccessToken, PmsContext } from '../adapter.ts';
import { isPmsError, PmsError } from '../pms-error.ts';
import type { PmsHttp, PmsRequest } from '../pms-http.ts';

/**
 * Hostaway's access token (docs/decisions/029-pms-connectors.md, "What the systems' documentation
 * says", §3, §12): `POST /v1/accessTokens`, form-encoded `grant_type=client_credentials`,
 * `client_id` (the account id), `client_secret`, `scope=general`, answers a JWT and its
 * `expires_in` (24 months); every other call sends `Authorization: Bearer <token>`. The token is
 * kept by the integration's AccessKeeper (access.ts, the sealed `access` slot) and used until half
 * its life has passed (12 of its 24 months, as Hostaway advises: the AccessToken's `expiresAt`);
 * a kept token refused is replaced once, and a fresh one refused is the caller's `bad-credentials`
 * (the integration turns `reconnect`).
 */
export interface HostawaySecrets {
  accountId: string;
  apiSecret: string;
}

/** "The token will be valid 1 second after being returned from the API." */
export const TOKEN_SETTLE_MS = 1_000;

const TOKEN_PATH = '/v1/accessTokens';
const tokenAnswer = z.object({ access_token: z.string().min(1).max(8_192), expires_in: z.number().int().positive() });

/** A new token for the account, usable once this answers (it waits out Hostaway's second). */
export async function mintToken(http: PmsHttp, secrets: HostawaySecrets): Promise<AccessToken> {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: secrets.accountId, client_secret: secrets.apiSecret, scope: 'general' }).toString();
  let answer: unknown;
  try {
    answer = await http.request({ method: 'POST', path: TOKEN_PATH, body, headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }) });
  } catch (error) {
    // An OAuth server may answer a client it cannot read 400 rather than 401: the pair is refused all the same.
    if (isPmsError(error) && error.where.status === 400) throw new PmsError('bad-credentials', error.where);
    throw error;
  }
  const parsed = tokenAnswer.safeParse(answer);
  if (!parsed.success) throw new PmsError('bad-answer', { system: 'hostaway', method: 'POST', path: TOKEN_PATH, status: 200 });
  const issuedAt = Date.now();
  await sleep(TOKEN_SETTLE_MS);
  // Used until half its life has passed (12 of Hostaway's 24 months), then renewed (§12).
  return { token: parsed.data.access_token, expiresAt: issuedAt + (parsed.data.expires_in * 1_000) / 2 };
}

export function withBearer(request: Omit<PmsRequest, 'headers'>, token: string): PmsRequest {
  return { ...request, headers: () => ({ authorization: `Bearer ${token}` }) };
}

/** The integration's keeper (access.ts); a context without one (the adapter's tests) keeps its token for itself alone. */
function keeperOf(context: PmsContext<HostawaySecrets>): AccessKeeper {
  return context.access ?? (context.access = accessKeeper('hostaway', () => mintToken(context.http, context.secrets)));
}

/** One authenticated call: the kept token until its renewal; refused, one fresh token and the call again. */
export async function authorized(context: PmsContext<HostawaySecrets>, request: Omit<PmsRequest, 'headers'>): Promise<unknown> {
  const keeper = keeperOf(context);
  try {
    return await context.http.request(withBearer(request, await keeper.current()));
  } catch (error) {
    if (!isPmsError(error) || error.failure !== 'bad-credentials') throw error;
    // A kept token refused (revoked, or ended early): one fresh token; refused again, the caller's `reconnect` (§12).
    return context.http.request(withBearer(request, await keeper.fresh()));
  }
}

/** The token the integration keeps, if any, without minting one (what `revoke` revokes). */
export function keptToken(context: PmsContext<HostawaySecrets>): Promise<string | null> {
  return keeperOf(context).kept();
}

import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { AccessSlot, AccessToken, PmsContext } from '../adapter.ts';
import { isPmsError, PmsError } from '../pms-error.ts';
import type { PmsHttp, PmsRequest } from '../pms-http.ts';

/**
 * Hostaway's access token (docs/decisions/029-pms-connectors.md, "What the systems' documentation
 * says", §3, §12): `POST /v1/accessTokens`, form-encoded `grant_type=client_credentials`,
 * `client_id` (the account id), `client_secret`, `scope=general`, answers a JWT and its
 * `expires_in` (24 months); every other call sends `Authorization: Bearer <token>`. The token is
 * kept in the integration's sealed `access` slot and renewed once half its life has passed (12 of
 * its 24 months, as Hostaway advises); a stored token refused is replaced once, and a fresh one
 * refused is the caller's `bad-credentials` (the integration turns `reconnect`).
 */
export interface HostawaySecrets {
  accountId: string;
  apiSecret: string;
}

/** "The token will be valid 1 second after being returned from the API." */
export const TOKEN_SETTLE_MS = 1_000;

const TOKEN_PATH = '/v1/accessTokens';
const tokenAnswer = z.object({ access_token: z.string().min(1).max(8_192), expires_in: z.number().int().positive() });

/** Renew once half the token's life has passed: 12 of Hostaway's 24 months (§12). */
export function renewDue(token: AccessToken, now: number): boolean {
  return now >= token.issuedAt + (token.expiresAt - token.issuedAt) / 2;
}

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
  return { token: parsed.data.access_token, issuedAt, expiresAt: issuedAt + parsed.data.expires_in * 1_000 };
}

/** A slot held in memory: for a context without the stored one (the connect check, the adapter's tests). */
export function memorySlot(current: AccessToken | null = null): AccessSlot {
  const slot: AccessSlot = {
    current,
    keep: async (token) => {
      slot.current = token;
    },
  };
  return slot;
}

const localSlots = new WeakMap<object, AccessSlot>();

function slotOf(context: PmsContext<HostawaySecrets>): AccessSlot {
  if (context.access) return context.access;
  let slot = localSlots.get(context);
  if (!slot) localSlots.set(context, (slot = memorySlot()));
  return slot;
}

export function withBearer(request: Omit<PmsRequest, 'headers'>, token: string): PmsRequest {
  return { ...request, headers: () => ({ authorization: `Bearer ${token}` }) };
}

async function fresh(context: PmsContext<HostawaySecrets>, slot: AccessSlot): Promise<AccessToken> {
  const token = await mintToken(context.http, context.secrets);
  await slot.keep(token);
  return token;
}

/** One authenticated call: the stored token (renewed when due); refused, one fresh token and the call again. */
export async function authorized(context: PmsContext<HostawaySecrets>, request: Omit<PmsRequest, 'headers'>): Promise<unknown> {
  const slot = slotOf(context);
  const stored = slot.current && !renewDue(slot.current, Date.now()) ? slot.current : null;
  const token = stored ?? (await fresh(context, slot));
  try {
    return await context.http.request(withBearer(request, token.token));
  } catch (error) {
    if (!stored || !isPmsError(error) || error.failure !== 'bad-credentials') throw error;
    // A stored token refused (revoked, or ended early): one fresh token; refused again, the caller's `reconnect` (§12).
    return context.http.request(withBearer(request, (await fresh(context, slot)).token));
  }
}

/** The token the context holds, if any (what `revoke` revokes). */
export function heldToken(context: PmsContext<HostawaySecrets>): AccessToken | null {
  return slotOf(context).current;
}

import { SeamHttp as Seam } from '@seamapi/http';
import { processSingleton } from '../platform/process-singleton.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { SeamSettings } from './lock-config.ts';

/**
 * The only importer of Seam's SDK client, `@seamapi/http` (docs/decisions/030-smart-locks.md §1, §11; docs/security.md 43):
 * one client per process, always given `apiKey` and `endpoint` (so the SDK never reads SEAM_API_KEY,
 * SEAM_ENDPOINT or SEAM_API_URL from the environment by itself), no redirect followed, no retry of
 * its own (axios-retry off: the Seam API is all POST and has no idempotency key), and a log line of
 * the call's name, status and duration, never a body or a header.
 */

export interface SeamWebview {
  connect_webview_id: string;
  url: string;
  status: string;
  connected_account_id?: string | null;
}

export interface SeamAccount {
  connected_account_id: string;
  account_type?: string;
  account_type_display_name: string;
  errors: Array<{ error_code: string }>;
}

export interface SeamDevice {
  device_id: string;
  display_name: string;
  can_program_online_access_codes?: boolean;
  can_program_offline_access_codes?: boolean;
  properties: {
    online: boolean;
    model?: { display_name?: string };
    supports_backup_access_code_pool?: boolean;
  };
  errors: Array<{ error_code: string }>;
  warnings: Array<{ warning_code: string }>;
}

/** A failed Seam call: the status (0: no answer) and Seam's `error.type`, for the log and the caller. */
export class SeamCallError extends Error {
  override name = 'SeamCallError';
  constructor(
    readonly call: string,
    readonly status: number,
    readonly type: string,
  ) {
    super(`seam ${call}: ${status || 'no answer'} ${type}`);
  }
}

const state = processSingleton('seam-client', () => ({ client: undefined as Seam | undefined, for: '' }));

function clientFor(settings: SeamSettings): Seam {
  const key = `${settings.endpoint} ${settings.apiKey}`;
  if (state.client && state.for === key) return state.client;
  state.client = new Seam({
    apiKey: settings.apiKey,
    endpoint: settings.endpoint,
    waitForActionAttempt: { timeout: 20_000, pollingInterval: 1_000 },
    axiosOptions: { timeout: 10_000, fetchOptions: { redirect: 'error' } },
    axiosRetryOptions: { retries: 0 },
  });
  state.for = key;
  return state.client;
}

function failureOf(call: string, error: unknown): SeamCallError {
  const shaped = error as { statusCode?: number; status?: number; code?: string; response?: { status?: number } };
  const status = shaped.statusCode ?? shaped.response?.status ?? 0;
  return new SeamCallError(call, status, typeof shaped.code === 'string' ? shaped.code : (error as Error)?.name ?? 'error');
}

async function call<T>(name: string, settings: SeamSettings, run: (seam: Seam) => Promise<unknown>): Promise<T> {
  const { log } = await getRuntime();
  const started = Date.now();
  try {
    const answer = (await run(clientFor(settings))) as T;
    log.info({ call: name, status: 200, ms: Date.now() - started }, 'seam call');
    return answer;
  } catch (error) {
    const failure = failureOf(name, error);
    log.warn({ call: name, status: failure.status, type: failure.type, ms: Date.now() - started }, 'seam call failed');
    throw failure;
  }
}

/** The calls the folder makes, typed to what it reads. */
export const seamCalls = {
  createWebview: (settings: SeamSettings, input: { redirectUrl: string; failureUrl: string; teamId: string }) =>
    call<SeamWebview>('connect_webviews/create', settings, (seam) =>
      seam.connectWebviews.create({
        accepted_capabilities: ['lock'],
        provider_category: 'stable',
        custom_redirect_url: input.redirectUrl,
        custom_redirect_failure_url: input.failureUrl,
        custom_metadata: { team: input.teamId },
        automatically_manage_new_devices: true,
        wait_for_device_creation: true,
      }),
    ),
  getWebview: (settings: SeamSettings, id: string) => call<SeamWebview>('connect_webviews/get', settings, (seam) => seam.connectWebviews.get({ connect_webview_id: id })),
  getAccount: (settings: SeamSettings, id: string) => call<SeamAccount>('connected_accounts/get', settings, (seam) => seam.connectedAccounts.get({ connected_account_id: id })),
  deleteAccount: (settings: SeamSettings, id: string) => call<void>('connected_accounts/delete', settings, (seam) => seam.connectedAccounts.delete({ connected_account_id: id })),
  listDevices: (settings: SeamSettings, accountId: string) => call<SeamDevice[]>('devices/list', settings, (seam) => seam.devices.list({ connected_account_id: accountId })),
};

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

/** An access code as Seam reports it: what the worker reads (docs/decisions/030-smart-locks.md §6 step 4). */
export interface SeamAccessCode {
  access_code_id: string;
  code?: string | null;
  status: string;
  starts_at?: string | null;
  ends_at?: string | null;
  common_code_key?: string | null;
  is_scheduled_on_device?: boolean;
  is_backup_access_code_available?: boolean;
  is_offline_access_code?: boolean;
  is_waiting_for_code_assignment?: boolean;
  appearance?: { name?: string } | null;
  errors: Array<{ error_code: string }>;
  warnings: Array<{ warning_code: string }>;
}

/** What a create or an update sends: the window, the name, and for a create the device and the key. */
export interface CodeWindow {
  name: string;
  startsAt: number;
  endsAt: number;
  /** An offline code (docs/decisions/030-smart-locks.md §9): Seam's `max_time_rounding`, hourly- or daily-bound. */
  rounding?: '1h' | '1d';
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

const state = processSingleton('seam-client', () => ({ client: undefined as Seam | undefined, for: '', keyRefused: false, keyRefusedLoggedAt: 0 }));

const HOUR_MS = 60 * 60_000;

/** Whether Seam's last answer in this process refused Porchlight's own key (401 or 403): the lock screens say so (§6). */
export function seamKeyRefused(): boolean {
  return state.keyRefused;
}

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
    state.keyRefused = false;
    return answer;
  } catch (error) {
    const failure = failureOf(name, error);
    log.warn({ call: name, status: failure.status, type: failure.type, ms: Date.now() - started }, 'seam call failed');
    // The platform key wrong or revoked: the operator's problem, logged as an error at most once an hour.
    if (failure.status === 401 || failure.status === 403) {
      state.keyRefused = true;
      if (Date.now() - state.keyRefusedLoggedAt >= HOUR_MS) {
        state.keyRefusedLoggedAt = Date.now();
        log.error({ call: name, status: failure.status }, 'locks: Seam refused the API key');
      }
    }
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
  createCode: (settings: SeamSettings, input: CodeWindow & { deviceId: string; commonCodeKey: string; backupPool: boolean; code?: string }) =>
    call<SeamAccessCode>('access_codes/create', settings, (seam) =>
      seam.accessCodes.create({
        device_id: input.deviceId,
        name: input.name,
        starts_at: new Date(input.startsAt).toISOString(),
        ends_at: new Date(input.endsAt).toISOString(),
        common_code_key: input.commonCodeKey,
        // The vendor computes an offline code's digits and length (igloohome's algoPIN): nothing to prefer.
        ...(input.rounding ? { is_offline_access_code: true, max_time_rounding: input.rounding } : { preferred_code_length: 6, use_backup_access_code_pool: input.backupPool }),
        ...(input.code ? { code: input.code } : {}),
      }),
    ),
  updateCode: (settings: SeamSettings, id: string, input: CodeWindow) =>
    call<void>('access_codes/update', settings, (seam) => seam.accessCodes.update({ access_code_id: id, name: input.name, starts_at: new Date(input.startsAt).toISOString(), ends_at: new Date(input.endsAt).toISOString() })),
  getCode: (settings: SeamSettings, id: string) => call<SeamAccessCode>('access_codes/get', settings, (seam) => seam.accessCodes.get({ access_code_id: id })),
  listCodes: (settings: SeamSettings, deviceId: string) => call<SeamAccessCode[]>('access_codes/list', settings, (seam) => seam.accessCodes.list({ device_id: deviceId })),
  deleteCode: (settings: SeamSettings, id: string) => call<void>('access_codes/delete', settings, (seam) => seam.accessCodes.delete({ access_code_id: id })),
  pullBackup: (settings: SeamSettings, id: string) => call<SeamAccessCode>('access_codes/pull_backup_access_code', settings, (seam) => seam.accessCodes.pullBackupAccessCode({ access_code_id: id })),
  getDevice: (settings: SeamSettings, id: string) => call<SeamDevice>('devices/get', settings, (seam) => seam.devices.get({ device_id: id })),
  listDevices: (settings: SeamSettings, accountId: string) => call<SeamDevice[]>('devices/list', settings, (seam) => seam.devices.list({ connected_account_id: accountId })),
};

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { accessCodes, type AccessCodes } from './seam/access-codes.ts';
import { outsideControls, seamWebhooks, type SeamWebhooks } from './seam/webhooks.ts';

export { SEAM_WEBHOOK_TEST_SECRET } from './seam/webhooks.ts';

/**
 * Seam's API on loopback (SEAM_API_URL), as docs/decisions/030-smart-locks.md, "What Seam's
 * documentation says", records it and as Seam's real SDK client (`@seamapi/http`) calls it: `POST` with a JSON body or
 * `GET`/`DELETE` with a query, a bearer API key (401 otherwise), answers under Seam's keys
 * (`{ connect_webview }`, `{ devices }` …) and Seam's error body (`{ error: { type, message } }`).
 * A webview's `url` is a page here with "Authorize", which connects an account holding two locks
 * (Front door online, Back gate offline, both taking online codes) and sends the browser to the
 * webview's `custom_redirect_url`; "Cancel" fails it. `requests` lists every call (method, path,
 * whether the key held), so a test can say what reached Seam.
 */
export const SEAM_TEST_KEY = 'seam_test_standin_key_0123456789';

type Json = Record<string, unknown>;

export interface SeamStandIn {
  url: string;
  apiKey: string;
  requests: Array<{ method: string; path: string; authorized: boolean }>;
  webviews: Map<string, Json>;
  /** Connects an account to the webview as its "Authorize" button does (without a browser). */
  /** `accountId`: the account an earlier webview connected, signed into again. */
  authorize(webviewId: string, accountId?: string): Json;
  fail(webviewId: string): void;
  /** Makes every new webview authorized at once (tests that need an account without a page). */
  autoAuthorize: boolean;
  /** The next call of `path` answers this status (then Seam works again). */
  failNext(path: string, status: number): void;
  /** Makes a device an igloohome lock, taking offline codes only, without a backup pool (decision 030 §9); a refresh brings it in. */
  offlineCodesOnly(deviceId: string): void;
  /** Access codes (seam/access-codes.ts): the codes as stored, and each device's behaviour. */
  access: AccessCodes;
  accounts: Map<string, Json>;
  devices: Map<string, Json>;
  /** Svix-signed events to the app (seam/webhooks.ts), and what happens outside Porchlight with its event. */
  hooks: SeamWebhooks;
  outside: ReturnType<typeof outsideControls>;
  close(): Promise<void>;
}

function seamError(res: http.ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type, message, request_id: randomUUID() } }));
}

function lockDevice(accountId: string, name: string, online: boolean): Json {
  return {
    device_id: randomUUID(),
    device_type: 'august_lock',
    display_name: name,
    nickname: name,
    connected_account_id: accountId,
    workspace_id: 'standin_workspace',
    capabilities_supported: ['access_code', 'lock'],
    can_program_online_access_codes: true,
    can_program_offline_access_codes: false,
    can_remotely_lock: true,
    properties: { online, name, locked: true, manufacturer: 'august', model: { display_name: 'Wi-Fi Smart Lock' }, supports_backup_access_code_pool: online },
    errors: [],
    warnings: [],
    created_at: new Date().toISOString(),
  };
}

export async function startSeamStandIn({ publicUrl }: { publicUrl?: string } = {}): Promise<SeamStandIn> {
  const webviews = new Map<string, Json>();
  const accounts = new Map<string, Json>();
  const devices = new Map<string, Json>();
  const failures = new Map<string, number>();
  const requests: SeamStandIn['requests'] = [];
  const access = accessCodes();
  const hooks = seamWebhooks();
  let base = '';

  const standIn: SeamStandIn = {
    url: '',
    apiKey: SEAM_TEST_KEY,
    requests,
    webviews,
    autoAuthorize: false,
    access,
    accounts,
    devices,
    hooks,
    outside: outsideControls(access.codes, devices, hooks),
    authorize(webviewId, again) {
      const webview = webviews.get(webviewId);
      if (!webview) throw new Error(`no webview ${webviewId}`);
      if (again && accounts.has(again)) return Object.assign(webview, { status: 'authorized', login_successful: true, connected_account_id: again });
      const accountId = randomUUID();
      accounts.set(accountId, {
        connected_account_id: accountId,
        account_type: 'august',
        account_type_display_name: 'August',
        user_identifier: { email: 'host@example.com' },
        custom_metadata: webview.custom_metadata ?? {},
        automatically_manage_new_devices: true,
        errors: [],
        warnings: [],
        created_at: new Date().toISOString(),
      });
      for (const [name, online] of [['Front door', true], ['Back gate', false]] as const) {
        const device = lockDevice(accountId, name, online);
        devices.set(device.device_id as string, device);
      }
      Object.assign(webview, { status: 'authorized', login_successful: true, connected_account_id: accountId, selected_provider: 'august', authorized_at: new Date().toISOString() });
      return webview;
    },
    fail(webviewId) {
      const webview = webviews.get(webviewId);
      if (webview) Object.assign(webview, { status: 'failed', login_successful: false });
    },
    failNext(path, status) {
      failures.set(path, status);
    },
    offlineCodesOnly(deviceId) {
      const device = devices.get(deviceId);
      if (!device) throw new Error(`no device ${deviceId}`);
      const properties = { ...(device.properties as Json), manufacturer: 'igloohome', model: { display_name: 'Smart Deadbolt 02' }, supports_backup_access_code_pool: false, offline_access_codes_enabled: true };
      Object.assign(device, { device_type: 'igloohome_lock', can_program_online_access_codes: false, can_program_offline_access_codes: true, properties });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  /** The API's answer to one call, or undefined for a path it does not know. */
  function answer(path: string, input: Json): [number, Json] | undefined {
    const byId = <T>(map: Map<string, T>, key: string, type: string): [number, Json] | T => map.get(String(input[key])) ?? [404, { error: { type, message: `${key} not found` } }];
    switch (path) {
      case '/connect_webviews/create': {
        const id = randomUUID();
        const webview: Json = { connect_webview_id: id, workspace_id: 'standin_workspace', url: `${base}/connect_webviews/view?connect_webview_id=${id}`, status: 'pending', connected_account_id: null, login_successful: false, accepted_capabilities: input.accepted_capabilities ?? [], custom_redirect_url: input.custom_redirect_url ?? null, custom_redirect_failure_url: input.custom_redirect_failure_url ?? null, custom_metadata: input.custom_metadata ?? {}, automatically_manage_new_devices: input.automatically_manage_new_devices ?? false, wait_for_device_creation: input.wait_for_device_creation ?? false, created_at: new Date().toISOString() };
        webviews.set(id, webview);
        if (standIn.autoAuthorize) standIn.authorize(id);
        return [200, { connect_webview: webview }];
      }
      case '/connect_webviews/get': {
        const found = byId(webviews, 'connect_webview_id', 'connect_webview_not_found');
        return Array.isArray(found) ? found : [200, { connect_webview: found }];
      }
      case '/connected_accounts/get': {
        const found = byId(accounts, 'connected_account_id', 'connected_account_not_found');
        return Array.isArray(found) ? found : [200, { connected_account: found }];
      }
      case '/connected_accounts/list':
        return [200, { connected_accounts: [...accounts.values()] }];
      case '/connected_accounts/delete': {
        const id = String(input.connected_account_id);
        if (!accounts.delete(id)) return [404, { error: { type: 'connected_account_not_found', message: 'connected_account_id not found' } }];
        for (const [deviceId, device] of devices) if (device.connected_account_id === id) devices.delete(deviceId);
        return [200, {}];
      }
      case '/devices/list':
        return [200, { devices: [...devices.values()].filter((device) => input.connected_account_id === undefined || device.connected_account_id === input.connected_account_id) }];
      case '/devices/get': {
        const found = byId(devices, 'device_id', 'device_not_found');
        return Array.isArray(found) ? found : [200, { device: found }];
      }
      default:
        return access.answer(path, input, devices);
    }
  }

  function webviewPage(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string): void {
    const id = url.searchParams.get('connect_webview_id') ?? new URLSearchParams(body).get('connect_webview_id') ?? '';
    const webview = webviews.get(id);
    if (!webview) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no such webview');
    if (req.method === 'GET') {
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Connect your locks (Seam stand-in)</title></head><body><main><h1>Connect your August account</h1><form method="post" action="view"><input type="hidden" name="connect_webview_id" value="${id}"><button name="choice" value="authorize">Authorize</button> <button name="choice" value="cancel">Cancel</button></form></main></body></html>`;
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    }
    const cancelled = new URLSearchParams(body).get('choice') === 'cancel';
    if (cancelled) standIn.fail(id);
    else standIn.authorize(id);
    const to = String((cancelled ? webview.custom_redirect_failure_url : null) ?? webview.custom_redirect_url ?? '/');
    res.writeHead(303, { location: to }).end();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const body = Buffer.concat(chunks).toString('utf8');
      if (url.pathname === '/connect_webviews/view') return webviewPage(req, res, url, body);
      const authorized = req.headers.authorization === `Bearer ${standIn.apiKey}`;
      requests.push({ method: req.method ?? '', path: url.pathname, authorized });
      if (!authorized) return seamError(res, 401, 'unauthorized', 'Unauthorized');
      const failing = failures.get(url.pathname);
      if (failing !== undefined) {
        failures.delete(url.pathname);
        return seamError(res, failing, 'standin_failure', 'The stand-in was told to fail');
      }
      let input: Json = Object.fromEntries(url.searchParams);
      if (body) input = { ...input, ...(JSON.parse(body) as Json) };
      const answered = answer(url.pathname, input);
      if (!answered) return seamError(res, 404, 'not_found', `${url.pathname} is not an endpoint`);
      res.writeHead(answered[0], { 'content-type': 'application/json' }).end(JSON.stringify({ ...answered[1], ok: answered[0] < 400 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = publicUrl ?? standIn.url;
  return standIn;
}

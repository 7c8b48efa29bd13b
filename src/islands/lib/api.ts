/**
 * The one way islands talk to the API: same origin, cookies, JSON. The server refuses writes
 * whose Content-Type is not application/json (CSRF defence, SECURITY.md 7), so every write goes
 * through here. A network failure answers status 0 instead of throwing, so callers have one path.
 */
export interface ApiResult<T = unknown> {
  ok: boolean;
  status: number;
  /** The parsed JSON body, or null when there was none (or it was not JSON). */
  data: T | null;
}

async function send<T>(method: string, url: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) as T | null;
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: null };
  }
}

export function getJson<T = unknown>(url: string): Promise<ApiResult<T>> {
  return send<T>('GET', url);
}

export function postJson<T = unknown>(url: string, body: unknown): Promise<ApiResult<T>> {
  return send<T>('POST', url, body);
}

export function patchJson<T = unknown>(url: string, body: unknown): Promise<ApiResult<T>> {
  return send<T>('PATCH', url, body);
}

/** The `{ message }` of an error (or success) answer, when there is one. */
export function messageOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) {
    return data.message;
  }
  return undefined;
}

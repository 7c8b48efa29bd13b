/**
 * The browser's one way to the API, for the islands and the admin alike: same origin, the session
 * cookie, JSON in and out (the server refuses writes that are not application/json, docs/security.md 7;
 * an upload sends FormData). A failed answer throws an `ApiError` carrying the status and the
 * server's `{ message, code }` (docs/architecture.md, API contract), so a screen can show exactly what
 * the server said. A request that never got an answer (network down) throws the browser's
 * TypeError: `failureStatus` reads it as status 0.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own words, when the answer had a `message`; `message` says at least the status. */
  readonly serverMessage: string | undefined;
  /** The answer's `code`, when the server sent one (e.g. EMAIL_NOT_VERIFIED on login). */
  readonly code: string | undefined;
  /** The whole answer, for an error that says more than its message (a 409's overlapping stays). */
  readonly body: unknown;

  constructor(status: number, serverMessage?: string, code?: string, body?: unknown) {
    super(serverMessage ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
    this.body = body;
  }
}

function stringField(data: unknown, key: string): string | undefined {
  if (!data || typeof data !== 'object' || !(key in data)) return undefined;
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'string' && value ? value : undefined;
}

/** The `{ message }` of an answer (an error's, or a success's such as "Email sent"), when there is one. */
export function messageOf(data: unknown): string | undefined {
  return stringField(data, 'message');
}

/** Message to show for any failure: the server's words when there are some, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The server's own words about a failed request, if it said any. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The HTTP status of a failed request; 0 when it never got an answer. */
export function failureStatus(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface ClientOptions {
  /** What a 401 means to this app (the admin: forget the user, log in again). Not called otherwise. */
  onUnauthorized?: () => void;
  /** Every failed answer, after `onUnauthorized` (the admin: a tab showing a team the session left). */
  onFailure?: (error: ApiError) => void;
  /** Headers every request carries, read as it is sent (the admin: the team it shows). */
  headers?: () => Record<string, string>;
}

export function createApiClient({ onUnauthorized, onFailure, headers: extra = () => ({}) }: ClientOptions = {}) {
  async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { ...extra(), accept: 'application/json' };
    const init: RequestInit = { method, credentials: 'same-origin', headers };
    if (body instanceof FormData) {
      // The browser writes the multipart boundary itself.
      init.body = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }

    const response = await fetch(path, init);
    const text = await response.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = null;
      }
    }

    if (!response.ok) {
      if (response.status === 401) onUnauthorized?.();
      const error = new ApiError(response.status, messageOf(data), stringField(data, 'code'), data);
      onFailure?.(error);
      throw error;
    }
    return data as T;
  }

  return {
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
    put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
    patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}

/** The client of pages that handle every answer themselves (the public islands). */
export const api = createApiClient();

import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../../lib/shared/schemas/auth.ts';

/**
 * The signed-in user as the browser remembers it (SPEC §3 "User info", localStorage `userInfo`).
 * It lets the dashboard paint the name and picture at once; the server stays the authority:
 * GET /api/users/me replaces it on every load and a 401 clears it (lib/auth.ts).
 */
const STORAGE_KEY = 'userInfo';
const listeners = new Set<() => void>();

function parse(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const user = value as Record<string, unknown>;
    if (typeof user._id !== 'string' || typeof user.name !== 'string' || typeof user.email !== 'string') return null;
    return {
      _id: user._id,
      name: user.name,
      email: user.email,
      picture: typeof user.picture === 'string' ? user.picture : '',
      googleId: typeof user.googleId === 'string' && user.googleId ? user.googleId : null,
    };
  } catch {
    return null;
  }
}

function read(): UserInfo | null {
  try {
    return parse(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

let current: UserInfo | null = typeof localStorage === 'undefined' ? null : read();

function emit() {
  for (const listener of listeners) listener();
}

/** Only the five fields of SPEC §3 are kept, whatever else the server answered. */
export function setUserInfo(user: UserInfo): void {
  const next: UserInfo = {
    _id: user._id,
    name: user.name,
    email: user.email,
    picture: user.picture ?? '',
    googleId: user.googleId ?? null,
  };
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the in-memory copy still serves this page.
  }
  emit();
}

export function clearUserInfo(): void {
  current = null;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  emit();
}

export function getUserInfo(): UserInfo | null {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logged in as someone else, or logged out: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(subscribe, getUserInfo, () => null);
}

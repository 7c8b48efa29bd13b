import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@shared/schemas/auth.ts';
import { readUserInfo, removeUserInfo, saveUserInfo, USER_INFO_KEY } from '@shared/user-info.ts';

/**
 * The stored user info (src/lib/shared/user-info.ts) as a React store: the dashboard re-renders
 * when it changes, here or in another tab. GET /api/users/me replaces it on every load and a 401
 * clears it (lib/auth.ts).
 */
const listeners = new Set<() => void>();

let current: UserInfo | null = typeof localStorage === 'undefined' ? null : readUserInfo();

function emit() {
  for (const listener of listeners) listener();
}

export function setUserInfo(user: UserInfo): void {
  // Whatever the storage does, the in-memory copy serves this page.
  current = saveUserInfo(user);
  emit();
}

export function clearUserInfo(): void {
  current = null;
  removeUserInfo();
  emit();
}

export function getUserInfo(): UserInfo | null {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logged in as someone else, or logged out: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== USER_INFO_KEY && event.key !== null) return;
    current = readUserInfo();
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

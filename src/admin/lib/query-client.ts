import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@shared/api-client.ts';

/** Client errors (4xx) will not change on a retry; network hiccups and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * docs/product.md §9: unused data is kept 60 s by default (features override where that section says
 * so, e.g. the instruction list's 5 s). Fresh data is reused for 30 s instead of refetched on every mount;
 * a window refocus still re-reads it, so the server stays the authority.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: 60_000, staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

import type { QueryClient } from '@tanstack/react-query';
import { parseUser, toUserInfo } from '../../../lib/auth.ts';
import { setUserInfo } from '../../../lib/user-store.ts';

/**
 * After a change to the account: keep the user the server answered (docs/product.md §4: stored user info is
 * replaced), then re-read everything. The page reload docs/product.md §4 asks for is done as a data reload
 * rather than a browser reload, so the success toast stays on screen.
 */
export async function storeReturnedUser(queryClient: QueryClient, data: unknown): Promise<void> {
  try {
    setUserInfo(toUserInfo(parseUser(data)));
  } catch {
    // The answer was not a user (e.g. only `{ message }`): the refetch below brings it.
  }
  await queryClient.invalidateQueries();
}

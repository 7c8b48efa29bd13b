import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeNameInput } from '@shared/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { storeReturnedUser } from './store-returned-user.ts';

/** PATCH /api/users/name { newName, password } → the updated user info (docs/product.md §7). */
export function changeName(input: ChangeNameInput): Promise<unknown> {
  return api.patch<unknown>('/api/users/name', input);
}

export function useChangeName() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeName, onSuccess: (data) => storeReturnedUser(queryClient, data) });
}

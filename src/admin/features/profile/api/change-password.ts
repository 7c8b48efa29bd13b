import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeReturnedUser } from './store-returned-user.ts';

export interface ChangePasswordInput {
  newPassword: string;
  oldPassword: string;
}

/** PATCH /api/users/password { newPassword, oldPassword } → the user info (docs/product.md §7). */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return api.patch<unknown>('/api/users/password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: (data) => storeReturnedUser(queryClient, data) });
}

import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailInput } from '@shared/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * PATCH /api/users/email { newEmail, password } → { message }. Nothing changes yet: the new address
 * gets a link and takes over only once it is verified (docs/product.md §4).
 */
export function changeEmail(input: ChangeEmailInput): Promise<{ message?: string }> {
  return api.patch<{ message?: string }>('/api/users/email', input);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}

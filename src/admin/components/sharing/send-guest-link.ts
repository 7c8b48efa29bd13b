import { useMutation } from '@tanstack/react-query';
import type { ShareByEmail } from '@shared/schemas/sharing.ts';
import { api } from '../../lib/api-client.ts';

/** POST /api/instruction/:id/share { email } → { message }: mails the guest link (rate limited). */
export function sendGuestLink({ id, email }: { id: string } & ShareByEmail): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/instruction/${encodeURIComponent(id)}/share`, { email });
}

export function useSendGuestLink() {
  return useMutation({ mutationFn: sendGuestLink });
}

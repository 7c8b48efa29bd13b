import { useMutation } from '@tanstack/react-query';
import type { ShareByEmail } from '@shared/schemas/sharing.ts';
import { api } from '../../lib/api-client.ts';
import { shareMailUrl } from '../../lib/guest-link.ts';

/**
 * POST /api/instruction/:id/share[?lang=…] { email } → { message }: mails the guest link (rate
 * limited); with a language, that language's link, name and sentences.
 */
export function sendGuestLink({ id, email, language = null }: { id: string; language?: string | null } & ShareByEmail): Promise<{ message: string }> {
  return api.post<{ message: string }>(shareMailUrl(id, language), { email });
}

export function useSendGuestLink() {
  return useMutation({ mutationFn: sendGuestLink });
}

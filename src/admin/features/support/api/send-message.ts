import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@shared/schemas/contact.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/messaging/sendMessageFromUser { name, email, message } (docs/product.md §7, signed in). */
export function sendMessageFromUser(input: ContactInput): Promise<unknown> {
  return api.post<unknown>('/api/messaging/sendMessageFromUser', input);
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessageFromUser });
}

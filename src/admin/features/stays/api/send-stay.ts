import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staysPath } from './get-stays.ts';

/**
 * POST /api/instruction/:id/stays/:stayId/send `{ email }` → `{ message, to }`: the stay's link,
 * and only its link, by e-mail through the outbox (the share limits apply).
 */
export function sendStay({ id, stayId, email }: { id: string; stayId: string; email: string }): Promise<{ message: string; to: string }> {
  return api.post<{ message: string; to: string }>(`${staysPath(id)}/${encodeURIComponent(stayId)}/send`, { email });
}

export function useSendStay() {
  return useMutation({ mutationFn: sendStay });
}

/** GET /api/instruction/:id/stays/:stayId/qr?format=…: the QR code of the stay's link. */
export function stayQrUrl(id: string, stayId: string, format: 'png' | 'svg'): string {
  return `${staysPath(id)}/${encodeURIComponent(stayId)}/qr?format=${format}`;
}

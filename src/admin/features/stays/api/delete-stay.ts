import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { StayOrdersChoice } from '@shared/schemas/stay.ts';
import { staysPath } from './get-stays.ts';

/**
 * DELETE /api/instruction/:id/stays/:stayId[?orders=refund|keep] → `{ message }`: the stay's link
 * answers 404 at once; `orders` says what becomes of its orders paid or waiting (409 without it).
 */
export function deleteStay(id: string, stayId: string, orders?: StayOrdersChoice): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`${staysPath(id)}/${encodeURIComponent(stayId)}${orders ? `?orders=${orders}` : ''}`);
}

export function useDeleteStay(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stayId, orders }: { stayId: string; orders?: StayOrdersChoice | undefined }) => deleteStay(id, stayId, orders),
    // The orders moved with it (refunded, declined): the Orders screen reads them again too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.stays.of(id) }), queryClient.invalidateQueries({ queryKey: queryKeys.orders.all() })]),
  });
}

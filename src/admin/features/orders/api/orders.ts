import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListedOrder, MonthTotal, Order } from '@shared/schemas/order.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/orders[?guidebook=]: the host's orders of extras, newest first, and what each month sold (schemas/order.ts). */
export function useOrders(guidebookId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.orders.list(guidebookId),
      queryFn: () => api.get<{ orders: ListedOrder[]; months: MonthTotal[] }>(`/api/orders${guidebookId ? `?guidebook=${encodeURIComponent(guidebookId)}` : ''}`),
    }),
  );
}

/** PATCH /api/orders/:orderId `{ decision }`: approve or decline a request; every list reads again. */
export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, decision }: { orderId: string; decision: 'approve' | 'decline' }) =>
      api.patch<{ message: string; order: Order }>(`/api/orders/${encodeURIComponent(orderId)}`, { decision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all() }),
  });
}

/** POST /api/orders/:orderId/refund: a paid order's money back to the guest; every list reads again. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post<{ message: string; order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/refund`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all() }),
  });
}

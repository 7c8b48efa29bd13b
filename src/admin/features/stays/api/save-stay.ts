import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStayInput, Stay, UpdateStayInput } from '@shared/schemas/stay.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { staysPath } from './get-stays.ts';

interface StayAnswer {
  message: string;
  stay: Stay;
}

/** POST /api/instruction/:id/stays → 201 `{ message, stay }`: times are wall clock in the guidebook's zone. */
export function createStay(id: string, input: CreateStayInput): Promise<StayAnswer> {
  return api.post<StayAnswer>(staysPath(id), input);
}

/** PATCH /api/instruction/:id/stays/:stayId with the fields to change; 409 for a calendar stay's dates. */
export function updateStay(id: string, stayId: string, input: UpdateStayInput): Promise<StayAnswer> {
  return api.patch<StayAnswer>(`${staysPath(id)}/${encodeURIComponent(stayId)}`, input);
}

export type SaveStay = { stayId: null; input: CreateStayInput } | { stayId: string; input: UpdateStayInput };

/** Adds a stay (no `stayId`) or changes one; the list is read again either way. */
export function useSaveStay(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveStay) => (save.stayId === null ? createStay(id, save.input) : updateStay(id, save.stayId, save.input)),
    // New dates move or end the stay's orders (docs/product/extras-and-orders.md): the Orders screen reads them again too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.stays.of(id) }), queryClient.invalidateQueries({ queryKey: queryKeys.orders.all() })]),
  });
}

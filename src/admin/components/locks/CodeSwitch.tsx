import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { api } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * "Door code" on or off for one stay (docs/product/locks.md; docs/decisions/030-smart-locks.md §4,
 * §13), on Arrivals and on the stay card, for a member with `lockCodes.retry`: off removes the
 * stay's code from the lock and never makes it again (an owner's own stay, a guest who has a key);
 * on makes a new one. Both lists are read again after.
 */
export function CodeSwitch({ guidebookId, stayId, off }: { guidebookId: string; stayId: string; off: boolean }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (on: boolean) => api.put<{ message: string }>(`/api/instruction/${encodeURIComponent(guidebookId)}/stays/${encodeURIComponent(stayId)}/lock-code/enabled`, { on }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.arrivals.all() }), client.invalidateQueries({ queryKey: queryKeys.stays.of(guidebookId) })]),
  });
  const busy = change.isPending;
  const onError = (failure: unknown) => toast.error(errorMessage(failure, 'The door code could not be changed. Please try again.'));
  return (
    <button
      type="button"
      className="btn-secondary aria-disabled:cursor-wait aria-disabled:opacity-60"
      aria-disabled={busy || undefined}
      onClick={() => !busy && change.mutate(off, { onSuccess: ({ message }) => toast.success(message), onError })}
    >
      {busy ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <KeyRound className="size-4" aria-hidden="true" />}
      {off ? 'Turn door code on' : 'Turn door code off'}
    </button>
  );
}

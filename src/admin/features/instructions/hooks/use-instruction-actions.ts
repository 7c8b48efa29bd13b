import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { copyGuestLink } from '../../../lib/guest-link.ts';
import { serverMessage } from '../access.ts';
import { useChangeCode } from '../api/change-code.ts';
import { useDeleteInstruction } from '../api/delete-instruction.ts';
import { useDuplicateInstruction } from '../api/duplicate-instruction.ts';
import { useRegenerateLink } from '../api/regenerate-link.ts';

const text = messages.instruction;

/** Runs one action with its toasts (SPEC §8): whether it succeeded. */
async function withToasts<T>(run: () => Promise<T>, success: (result: T) => string, failure: (error: unknown) => string): Promise<boolean> {
  try {
    toast.success(success(await run()));
    return true;
  } catch (error) {
    toast.error(failure(error));
    return false;
  }
}

/**
 * The options panel's actions with their toasts (SPEC §8). Each returns whether it succeeded, so
 * the caller decides what closes afterwards.
 */
export function useInstructionActions() {
  const duplicate = useDuplicateInstruction();
  const remove = useDeleteInstruction();
  const changeCode = useChangeCode();
  const regenerate = useRegenerateLink();

  return {
    pending: {
      duplicate: duplicate.isPending,
      remove: remove.isPending,
      changeCode: changeCode.isPending,
      regenerate: regenerate.isPending,
    },

    duplicate: (id: string) =>
      withToasts(
        () => duplicate.mutateAsync(id),
        () => text.duplicated,
        (error) => serverMessage(error, text.duplicateFailed),
      ),

    // SPEC §8: the success toast is the server's own message.
    remove: (id: string) =>
      withToasts(
        () => remove.mutateAsync(id),
        ({ message }) => message || text.deleted,
        () => text.deleteFailed,
      ),

    changeCode: (id: string, code: string) =>
      withToasts(
        () => changeCode.mutateAsync({ id, code }),
        () => text.codeChanged,
        () => text.codeNotChanged,
      ),

    regenerate: (token: string) =>
      withToasts(
        () => regenerate.mutateAsync(token),
        () => text.linkUpdated,
        () => text.linkNotChanged,
      ),

    async copyLink(token: string): Promise<void> {
      await copyGuestLink(token);
    },
  };
}

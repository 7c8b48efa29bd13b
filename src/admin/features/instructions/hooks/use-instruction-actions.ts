import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { TRASH_DAYS } from '@shared/schemas/history.ts';
import { copyGuestLink } from '../../../lib/guest-link.ts';
import { serverMessage } from '../access.ts';
import { useChangeCode } from '../api/change-code.ts';
import { useDeleteInstruction } from '../api/delete-instruction.ts';
import { useDuplicateInstruction } from '../api/duplicate-instruction.ts';
import { useRegenerateLink } from '../api/regenerate-link.ts';
import { useRestoreInstruction } from '../api/trash.ts';

const text = messages.instruction;

/** Runs one action with its toasts (docs/product.md §8): whether it succeeded. */
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
 * The options panel's actions with their toasts (docs/product.md §8). Each returns whether it succeeded, so
 * the caller decides what closes afterwards.
 */
export function useInstructionActions() {
  const duplicate = useDuplicateInstruction();
  const remove = useDeleteInstruction();
  const restore = useRestoreInstruction();
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

    // The success toast is the server's own message; it offers to take the delete back (the trash).
    async remove(id: string): Promise<boolean> {
      try {
        const { message } = await remove.mutateAsync(id);
        const undo = () =>
          restore.mutateAsync(id).then(
            ({ message: restored }) => toast.success(restored),
            () => toast.error('The guidebook could not be restored. Try again from the trash.'),
          );
        toast.success(message || text.deleted, { description: `In the trash for ${TRASH_DAYS} days.`, action: { label: 'Undo', onClick: () => void undo() } });
        return true;
      } catch {
        toast.error(text.deleteFailed);
        return false;
      }
    },

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

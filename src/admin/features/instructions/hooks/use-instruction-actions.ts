import { toast } from 'sonner';
import { messages } from '../../../../lib/shared/messages.ts';
import { copyGuestLink } from '../../sharing/api/copy-guest-link.ts';
import { serverMessage } from '../access.ts';
import { useChangeCode } from '../api/change-code.ts';
import { useDeleteInstruction } from '../api/delete-instruction.ts';
import { useDuplicateInstruction } from '../api/duplicate-instruction.ts';
import { useRegenerateLink } from '../api/regenerate-link.ts';

const text = messages.instruction;

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

    async duplicate(id: string): Promise<boolean> {
      try {
        await duplicate.mutateAsync(id);
        toast.success(text.duplicated);
        return true;
      } catch (error) {
        toast.error(serverMessage(error, text.duplicateFailed));
        return false;
      }
    },

    async remove(id: string): Promise<boolean> {
      try {
        const { message } = await remove.mutateAsync(id);
        // SPEC §8: the success toast is the server's own message.
        toast.success(message || text.deleted);
        return true;
      } catch {
        toast.error(text.deleteFailed);
        return false;
      }
    },

    async changeCode(id: string, code: string): Promise<boolean> {
      try {
        await changeCode.mutateAsync({ id, code });
        toast.success(text.codeChanged);
        return true;
      } catch {
        toast.error(text.codeNotChanged);
        return false;
      }
    },

    async regenerate(token: string): Promise<boolean> {
      try {
        await regenerate.mutateAsync(token);
        toast.success(text.linkUpdated);
        return true;
      } catch {
        toast.error(text.linkNotChanged);
        return false;
      }
    },

    async copyLink(token: string): Promise<void> {
      await copyGuestLink(token);
    },
  };
}

import { toast } from 'sonner';
import { messages } from '../../../../lib/shared/messages.ts';
import { guestLink } from './share-urls.ts';

/**
 * Copies the guest link with the toast of SPEC §8 ("Link copied successfully"). Without clipboard
 * access (permission refused, insecure origin) the link is shown to copy by hand.
 */
export async function copyGuestLink(token: string): Promise<boolean> {
  const link = guestLink(token);
  try {
    await navigator.clipboard.writeText(link);
    toast.success(messages.instruction.linkCopied);
    return true;
  } catch {
    toast.message(link, { description: messages.sharing.clipboardBlocked });
    return false;
  }
}

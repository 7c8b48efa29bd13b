import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../../lib/shared/messages.ts';

/** SPEC §2: toasts sit bottom-center and close after 3000 ms. */
export default function AuthToaster() {
  return <Toaster position="bottom-center" duration={TOAST_DURATION_MS} richColors />;
}

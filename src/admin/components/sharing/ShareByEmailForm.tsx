import { messages } from '@shared/messages.ts';
import { EmailLinkForm } from './EmailLinkForm.tsx';
import { useSendGuestLink } from './send-guest-link.ts';

/** "Send by email" of a guidebook's own link (POST /api/instruction/:id/share), in the dialog's language when one is chosen. */
export function ShareByEmailForm({ id, language }: { id: string; language: string | null }) {
  const send = useSendGuestLink();
  return (
    <EmailLinkForm
      send={(email) => send.mutateAsync({ id, email, language })}
      sentMessage={messages.sharing.mailSentTo}
      hint="We send the guidebook's name, your name and the link: never the Wi-Fi password or the door code."
    />
  );
}

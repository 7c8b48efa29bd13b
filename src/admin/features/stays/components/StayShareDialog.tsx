import { useId, useRef } from 'react';
import { messages } from '@shared/messages.ts';
import type { Stay } from '@shared/schemas/stay.ts';
import { CopyLinkRow } from '../../../components/sharing/CopyLinkRow.tsx';
import { EmailLinkForm } from '../../../components/sharing/EmailLinkForm.tsx';
import { QrCodeBlock } from '../../../components/sharing/QrCodeBlock.tsx';
import { ShareDialogFrame, ShareSection } from '../../../components/sharing/ShareDialogFrame.tsx';
import { stayQrUrl, useSendStay } from '../api/send-stay.ts';
import { guestLabel, stayDate } from '../model/stay-format.ts';
import { useCan } from '../../../lib/team-role.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guidebookId: string;
  stay: Stay;
}

/**
 * Every way to hand one stay's link to its guest, with the guidebook share dialog's parts: the
 * link, its QR code, a mail (to the stay's guest unless another address is typed).
 */
export function StayShareDialog({ open, onOpenChange, guidebookId, stay }: Props) {
  const copyRef = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const send = useSendStay();
  // A Cleaner allowed secrets may print the link, not mail it (docs/product.md §6 Team roles).
  const mails = useCan()('stays.write');
  return (
    <ShareDialogFrame open={open} onOpenChange={onOpenChange} title="Share stay link" description={`${guestLabel(stay)} · ${stayDate(stay.checkInAt, stay.timeZone)} – ${stayDate(stay.checkOutAt, stay.timeZone)}`} initialFocus={copyRef}>
      <ShareSection id={`${ids}-link`} title="Stay link">
        <CopyLinkRow link={stay.url} buttonRef={copyRef} testId="stay-share-link" />
      </ShareSection>

      <ShareSection id={`${ids}-qr`} title="QR code">
        <QrCodeBlock
          previewSrc={stayQrUrl(guidebookId, stay._id, 'svg')}
          pngHref={stayQrUrl(guidebookId, stay._id, 'png')}
          svgHref={stayQrUrl(guidebookId, stay._id, 'svg')}
          alt="QR code of the stay link"
          text="The guest scans it with their phone camera: the guidebook with their name and dates."
        />
      </ShareSection>

      {mails ? (
        <ShareSection id={`${ids}-mail`} title="Send by email">
          <EmailLinkForm
            send={(email) => send.mutateAsync({ id: guidebookId, stayId: stay._id, email })}
            sentMessage={messages.stays.sentTo}
            initialEmail={stay.guestEmail}
            hint="We send the guidebook's name, the dates and the link: never the Wi-Fi password or the door code."
          />
        </ShareSection>
      ) : null}
    </ShareDialogFrame>
  );
}

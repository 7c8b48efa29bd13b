import { Printer } from 'lucide-react';
import { useId, useRef } from 'react';
import { guestLink, posterUrl, qrDownloadUrl } from '../../lib/guest-link.ts';
import type { SecretsPolicy } from '@shared/schemas/instruction.ts';
import { CopyLinkRow } from './CopyLinkRow.tsx';
import { GatedShareNote } from './GatedShareNote.tsx';
import { QrCodeBlock } from './QrCodeBlock.tsx';
import { ShareByEmailForm } from './ShareByEmailForm.tsx';
import { ShareDialogFrame, ShareSection } from './ShareDialogFrame.tsx';

export interface ShareTarget {
  id: string;
  name: string;
  token: string;
  /** Who sees the door code and Wi-Fi password: a gated guidebook's dialog says where they are. */
  secretsPolicy: SecretsPolicy;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guidebook: ShareTarget;
  /** Where the host reaches the stays' links from here (the editor's Stays tab); else the Stays screen. */
  openStays?: (() => void) | undefined;
}

/**
 * Every way to hand a guidebook to guests, from the options panel and the editor.
 * The link (copy), its QR code (PNG, SVG, printable poster) and a mail to a guest. Focus starts
 * on "Copy link" and goes back to the opener. When the door code and Wi-Fi password are gated,
 * a note above says the public link does not carry them and leads to the stays' own links.
 */
export function ShareDialog({ open, onOpenChange, guidebook, openStays }: Props) {
  const copyRef = useRef<HTMLButtonElement>(null);
  const ids = useId();
  return (
    <ShareDialogFrame open={open} onOpenChange={onOpenChange} title="Share guidebook" description={guidebook.name} initialFocus={copyRef}>
      <GatedShareNote policy={guidebook.secretsPolicy} guidebookId={guidebook.id} onLeave={() => onOpenChange(false)} openStays={openStays} />
      <ShareSection id={`${ids}-link`} title="Guest link">
        <CopyLinkRow link={guestLink(guidebook.token)} buttonRef={copyRef} testId="share-link" />
      </ShareSection>

      <ShareSection id={`${ids}-qr`} title="QR code">
        <QrCodeBlock
          // The token in the address makes a regenerated link show its new code at once.
          previewSrc={`${qrDownloadUrl(guidebook.id, 'svg')}&v=${encodeURIComponent(guidebook.token)}`}
          pngHref={qrDownloadUrl(guidebook.id, 'png')}
          svgHref={qrDownloadUrl(guidebook.id, 'svg')}
          alt="QR code of the guest link"
          text="Guests scan it with their phone camera. Add it to your listing and welcome messages, or print the poster for the door."
          extra={
            <a href={posterUrl(guidebook.id)} target="_blank" rel="noopener" className="btn-secondary col-span-2 px-4 sm:col-span-1">
              <Printer className="size-4" aria-hidden="true" />
              Open printable poster
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          }
        />
      </ShareSection>

      <ShareSection id={`${ids}-mail`} title="Send by email">
        <ShareByEmailForm id={guidebook.id} />
      </ShareSection>
    </ShareDialogFrame>
  );
}

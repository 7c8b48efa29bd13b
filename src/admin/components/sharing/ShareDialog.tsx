import { Printer } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { nativeName } from '@shared/languages.ts';
import { guestLink, posterUrl, qrDownloadUrl } from '../../lib/guest-link.ts';
import type { SecretsPolicy } from '@shared/schemas/instruction.ts';
import { CopyLinkRow } from './CopyLinkRow.tsx';
import { GatedShareNote } from './GatedShareNote.tsx';
import { QrCodeBlock } from './QrCodeBlock.tsx';
import { ShareByEmailForm } from './ShareByEmailForm.tsx';
import { ShareDialogFrame, ShareSection } from './ShareDialogFrame.tsx';
import { useCan } from '../../lib/team-role.ts';

export interface ShareTarget {
  id: string;
  name: string;
  token: string;
  /** Who sees the door code and Wi-Fi password: a gated guidebook's dialog says where they are. */
  secretsPolicy: SecretsPolicy;
  /** The languages the saved guidebook offers, main first (`offeredLanguages`); with more than one, the host picks. */
  languages: readonly string[];
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
 * A guidebook in more than one language starts with a Language choice that every part follows
 * (docs/product/sharing.md): the guest's own (the plain link, which follows their phone) or one of its
 * languages (`/instruction/:token/:lang`, and `lang=` on the QR code, the poster and the mail).
 */
export function ShareDialog({ open, onOpenChange, guidebook, openStays }: Props) {
  const copyRef = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const [picked, setPicked] = useState<string | null>(null);
  // A language the guidebook no longer offers (a translation removed since) is the guest's own again.
  const language = picked !== null && guidebook.languages.includes(picked) ? picked : null;
  const qrSrc = (format: 'png' | 'svg') => qrDownloadUrl(guidebook.id, format, language);
  // A Cleaner allowed secrets may print the link but not mail it (docs/product.md §6 Team roles).
  const mails = useCan()('guidebook.send');
  return (
    <ShareDialogFrame open={open} onOpenChange={onOpenChange} title="Share guidebook" description={guidebook.name} initialFocus={copyRef}>
      {guidebook.languages.length > 1 ? <LanguageChoice id={`${ids}-language`} languages={guidebook.languages} value={language} onChange={setPicked} /> : null}
      <GatedShareNote policy={guidebook.secretsPolicy} guidebookId={guidebook.id} onLeave={() => onOpenChange(false)} openStays={openStays} />
      <ShareSection id={`${ids}-link`} title="Guest link">
        <CopyLinkRow link={guestLink(guidebook.token, language)} buttonRef={copyRef} testId="share-link" />
      </ShareSection>

      <ShareSection id={`${ids}-qr`} title="QR code">
        <QrCodeBlock
          // The token in the address makes a regenerated link show its new code at once.
          previewSrc={`${qrSrc('svg')}&v=${encodeURIComponent(guidebook.token)}`}
          pngHref={qrSrc('png')}
          svgHref={qrSrc('svg')}
          alt="QR code of the guest link"
          text="Guests scan it with their phone camera. Add it to your listing and welcome messages, or print the poster for the door."
          extra={
            <a href={posterUrl(guidebook.id, language)} target="_blank" rel="noopener" className="btn-secondary col-span-2 px-4 sm:col-span-1" data-testid="share-poster">
              <Printer className="size-4" aria-hidden="true" />
              Open printable poster
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          }
        />
      </ShareSection>

      {mails ? (
        <ShareSection id={`${ids}-mail`} title="Send by email">
          <ShareByEmailForm id={guidebook.id} language={language} />
        </ShareSection>
      ) : null}
    </ShareDialogFrame>
  );
}

/** The language everything in the dialog is shared in; '' in the select is the guest's own. */
function LanguageChoice({ id, languages, value, onChange }: { id: string; languages: readonly string[]; value: string | null; onChange: (language: string | null) => void }) {
  return (
    <div className="px-5 py-4 sm:px-6">
      <label htmlFor={id} className="field-label">
        Language
      </label>
      <select id={id} className="field-input appearance-auto" value={value ?? ''} onChange={(event) => onChange(event.target.value || null)} aria-describedby={`${id}-hint`}>
        <option value="">Guest's own (follows their phone)</option>
        {languages.map((tag) => (
          // Each language by its own name, read in its own voice by a screen reader.
          <option key={tag} value={tag} lang={tag}>
            {nativeName(tag)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-2 text-sm text-muted">
        The link, QR code, poster and email below follow this choice.
      </p>
    </div>
  );
}

import { Download } from 'lucide-react';
import type { ReactNode } from 'react';

interface Props {
  /** The SVG shown as the preview. */
  previewSrc: string;
  pngHref: string;
  svgHref: string;
  /** What the preview is, for screen readers ("QR code of the guest link"). */
  alt: string;
  /** Beside the preview: what guests do with it. */
  text: string;
  /** A third action after the downloads (the printable poster). */
  extra?: ReactNode;
}

/** A QR code made on our own server (never a third-party service) and its PNG and SVG downloads. */
export function QrCodeBlock({ previewSrc, pngHref, svgHref, alt, text, extra }: Props) {
  return (
    <>
      <div className="flex items-center gap-4">
        <img src={previewSrc} alt={alt} width={112} height={112} className="size-24 shrink-0 rounded-xl border border-line bg-white p-1 sm:size-28" />
        <p className="text-sm text-muted">{text}</p>
      </div>
      <div className={`mt-4 grid grid-cols-2 gap-2 ${extra ? 'sm:grid-cols-[auto_auto_1fr]' : 'sm:flex'}`}>
        <a href={pngHref} download className="btn-secondary px-4">
          <Download className="size-4" aria-hidden="true" />
          PNG<span className="sr-only"> (download the QR code as an image)</span>
        </a>
        <a href={svgHref} download className="btn-secondary px-4">
          <Download className="size-4" aria-hidden="true" />
          SVG<span className="sr-only"> (download the QR code for print)</span>
        </a>
        {extra}
      </div>
    </>
  );
}

import { LoaderCircle, Trash2 } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';

interface Props {
  /** DOM id of the (visually hidden) file input; its label is the visible button. */
  id: string;
  /** Names the image for screen readers ("Image of step 2", "Profile picture"). */
  label: string;
  /** What the frame shows: the image, a placeholder icon, the user's initials. */
  preview: ReactNode;
  /** Size and shape of the frame ("size-24 rounded-full"). */
  frameClassName: string;
  hasImage: boolean;
  busy: boolean;
  disabled?: boolean;
  /** The chosen file, or undefined when the choice was cancelled. */
  onFile: (file: File | undefined) => void;
  /** Offers "Remove …" while there is an image. */
  onRemove?: () => void;
  /** The word on the buttons: "Upload image", "Replace picture". */
  noun?: string;
  hint?: ReactNode;
}

/**
 * The one image-upload control of the dashboard (the editor's images, the profile picture): a
 * framed preview and a button that opens the file chooser; choosing a file hands it over at once.
 * The native input stays in the page, visually hidden, for keyboard and assistive technology.
 */
export function ImageUpload({ id, label, preview, frameClassName, hasImage, busy, disabled = false, onFile, onRemove, noun = 'image', hint }: Props) {
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen again must fire a change too.
    event.target.value = '';
    onFile(file);
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className={`relative flex shrink-0 items-center justify-center overflow-hidden border border-dashed border-line bg-canvas ${frameClassName}`}>
        {preview}
        {busy ? (
          <span className="absolute inset-0 flex items-center justify-center bg-surface/70">
            <LoaderCircle className="size-6 animate-spin text-brand-700" aria-hidden="true" />
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 basis-40 flex-col items-start gap-2">
        <input
          id={id}
          type="file"
          accept="image/*"
          className="peer sr-only"
          disabled={disabled || busy}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={onChange}
        />
        <label
          htmlFor={id}
          aria-busy={busy}
          className={`btn-secondary px-4 py-2 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 ${disabled || busy ? 'pointer-events-none opacity-60' : 'cursor-pointer'}`}
        >
          {busy ? 'Uploading…' : `${hasImage ? 'Replace' : 'Upload'} ${noun}`}
          <span className="sr-only"> ({label})</span>
        </label>
        {hasImage && onRemove && !disabled ? (
          <button type="button" className="btn-ghost px-3 py-1.5 text-sm text-muted" onClick={onRemove} disabled={busy}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove {noun}
            <span className="sr-only"> ({label})</span>
          </button>
        ) : null}
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

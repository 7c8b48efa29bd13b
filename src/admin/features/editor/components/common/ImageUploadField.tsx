import { ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { errorMessage } from '@shared/api-client.ts';
import { useUploadImage, type ImageShape } from '../../api/upload-image.ts';
import { useEditorContext } from './editor-context.ts';

interface Props {
  id: string;
  /** Names the image for screen readers ("Image of step 2"). */
  label: string;
  value: string;
  shape: ImageShape;
  onChange: (path: string) => void;
  /** Visually smaller, for the host photo. */
  round?: boolean;
}

/**
 * One image of the guidebook: choosing a file uploads it at once (POST /api/upload, SPEC §7) and
 * the answered /media path becomes the value; the server re-encodes and resizes it for `shape`.
 */
export function ImageUploadField({ id, label, value, shape, onChange, round = false }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const { readOnly } = useEditorContext();

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      toast.error(messages.upload.noFile);
      return;
    }
    upload.mutate(
      { file, shape },
      {
        onSuccess: (path) => onChange(path),
        onError: (error) => toast.error(errorMessage(error, messages.upload.failed)),
      },
    );
  }

  const frame = round ? 'size-24 rounded-full' : shape === 'square' ? 'size-28 rounded-xl' : 'aspect-video h-28 rounded-xl';
  const busy = upload.isPending;

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className={`relative flex shrink-0 items-center justify-center overflow-hidden border border-dashed border-line bg-canvas ${frame}`}>
        {value ? <img src={value} alt={label} className="size-full object-cover" /> : <ImagePlus className="size-7 text-muted" aria-hidden="true" />}
        {busy ? (
          <span className="absolute inset-0 flex items-center justify-center bg-surface/70">
            <LoaderCircle className="size-6 animate-spin text-brand-700" aria-hidden="true" />
          </span>
        ) : null}
      </div>
      <div className="flex flex-col items-start gap-2">
        <input ref={input} id={id} type="file" accept="image/*" className="peer sr-only" disabled={readOnly || busy} onChange={onFile} />
        <label
          htmlFor={id}
          aria-busy={busy}
          className={`btn-secondary px-4 py-2 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 ${readOnly || busy ? 'pointer-events-none opacity-60' : 'cursor-pointer'}`}
        >
          {busy ? 'Uploading…' : value ? 'Replace image' : 'Upload image'}
          <span className="sr-only"> ({label})</span>
        </label>
        {value && !readOnly ? (
          <button type="button" className="btn-ghost px-3 py-1.5 text-sm text-muted" onClick={() => onChange('')} disabled={busy}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove image
            <span className="sr-only"> ({label})</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

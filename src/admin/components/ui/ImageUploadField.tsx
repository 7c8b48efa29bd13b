import { ImagePlus } from 'lucide-react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { errorMessage } from '@shared/api-client.ts';
import { useUploadImage, type ImageShape } from '../../lib/upload-image.ts';
import { ImageUpload } from './ImageUpload.tsx';

interface Props {
  id: string;
  /** Names the image for screen readers ("Image of step 2"). */
  label: string;
  value: string;
  shape: ImageShape;
  onChange: (path: string) => void;
  /** Visually smaller, for the host photo. */
  round?: boolean;
  /** Shown, not changed (a guidebook the host's plan no longer covers). */
  disabled?: boolean;
}

/**
 * One image of the guidebook: choosing a file uploads it at once (POST /api/upload, docs/product.md §7) and
 * the answered /media path becomes the value; the server re-encodes and resizes it for `shape`.
 */
export function ImageUploadField({ id, label, value, shape, onChange, round = false, disabled = false }: Props) {
  const upload = useUploadImage();

  function onFile(file: File | undefined) {
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
  return (
    <ImageUpload
      id={id}
      label={label}
      preview={value ? <img src={value} alt={label} className="size-full object-cover" /> : <ImagePlus className="size-7 text-muted" aria-hidden="true" />}
      frameClassName={frame}
      hasImage={Boolean(value)}
      busy={upload.isPending}
      disabled={disabled}
      onFile={onFile}
      onRemove={() => onChange('')}
    />
  );
}

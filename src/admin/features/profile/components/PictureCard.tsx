import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import type { UserInfo } from '@shared/schemas/auth.ts';
import { UserAvatar } from '../../../components/ui/UserAvatar.tsx';
import { errorMessage } from '@shared/api-client.ts';
import { useUploadPicture } from '../api/upload-picture.ts';

/** Profile picture: shows the picture or initials; uploads a new one (SPEC §2 Profile, §5 images only). */
export function PictureCard({ user }: { user: UserInfo }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadPicture();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      toast.error(messages.upload.noFile);
      input.current?.focus();
      return;
    }
    if (!file.type.startsWith('image/')) {
      toast.error('Please choose an image file.');
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        toast.success('Profile picture updated');
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (error) => toast.error(errorMessage(error, messages.upload.failed)),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 sm:flex-row sm:items-center">
      <UserAvatar name={user.name} picture={user.picture} className="size-24 text-3xl" />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="field-label">
          Profile picture
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          name="image"
          accept="image/*"
          aria-describedby={`${id}-hint`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="block w-full max-w-full text-sm text-muted file:mr-3 file:cursor-pointer file:rounded-full file:border file:border-line file:bg-surface file:px-4 file:py-2 file:text-sm file:font-semibold file:text-ink hover:file:bg-brand-50"
        />
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          A square image works best. JPG, PNG or WebP.
        </p>
      </div>
      <button type="submit" className="btn-primary self-start sm:self-center" disabled={upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Upload'}
      </button>
    </form>
  );
}

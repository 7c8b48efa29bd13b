import { useId } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import type { UserInfo } from '@shared/schemas/auth.ts';
import { errorMessage } from '@shared/api-client.ts';
import { ImageUpload } from '../../../components/ui/ImageUpload.tsx';
import { UserAvatar } from '../../../components/ui/UserAvatar.tsx';
import { useRemovePicture, useUploadPicture } from '../api/upload-picture.ts';

/**
 * Profile picture (docs/product.md §2 Profile, §5 images only): the picture or the initials, with the editor's
 * upload control; choosing a file uploads it at once.
 */
export function PictureCard({ user }: { user: UserInfo }) {
  const id = useId();
  const upload = useUploadPicture();
  const remove = useRemovePicture();

  function onFile(file: File | undefined) {
    if (!file) {
      toast.error(messages.upload.noFile);
      return;
    }
    if (!file.type.startsWith('image/')) {
      toast.error('Please choose an image file.');
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Profile picture updated'),
      onError: (error) => toast.error(errorMessage(error, messages.upload.failed)),
    });
  }

  function onRemove() {
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Profile picture removed'),
      onError: (error) => toast.error(errorMessage(error, messages.upload.failed)),
    });
  }

  return (
    <ImageUpload
      id={id}
      label="Profile picture"
      preview={
        user.picture ? (
          <img src={user.picture} alt="Profile picture" className="size-full object-cover" />
        ) : (
          <UserAvatar name={user.name} picture="" className="size-full text-3xl" />
        )
      }
      frameClassName="size-24 rounded-full"
      hasImage={Boolean(user.picture)}
      busy={upload.isPending || remove.isPending}
      onFile={onFile}
      onRemove={onRemove}
      noun="picture"
      hint="A square image works best. JPG, PNG or WebP."
    />
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeReturnedUser } from './store-returned-user.ts';

interface UploadAnswer {
  message?: string;
  /** Path of the stored image, e.g. /media/…webp. */
  image: string;
}

/**
 * docs/product.md §7 Upload: POST /api/upload (multipart `image`, `type=square`, `for=profile`: the
 * person's own space, not the team's) → { message, image }, then PATCH /api/users/profile
 * { picture: image } makes it the profile picture.
 */
export async function uploadPicture(file: File): Promise<unknown> {
  const form = new FormData();
  form.append('image', file);
  form.append('type', 'square');
  form.append('for', 'profile');
  const { image } = await api.post<UploadAnswer>('/api/upload', form);
  return api.patch<unknown>('/api/users/profile', { picture: image });
}

export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPicture, onSuccess: (data) => storeReturnedUser(queryClient, data) });
}

/** PATCH /api/users/profile { picture: '' }: back to the initials. */
export function useRemovePicture() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => api.patch<unknown>('/api/users/profile', { picture: '' }), onSuccess: (data) => storeReturnedUser(queryClient, data) });
}

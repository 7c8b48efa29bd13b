import { useMutation } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** docs/product.md §7 Upload: "square" for check-in steps and the host photo, "rectangle" for additional info. */
export type ImageShape = 'square' | 'rectangle';

interface UploadAnswer {
  message?: string;
  /** Path of the re-encoded image, e.g. /media/…webp. */
  image: string;
}

export async function uploadImage({ file, shape }: { file: File; shape: ImageShape }): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  form.append('type', shape);
  const { image } = await api.post<UploadAnswer>('/api/upload', form);
  return image;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}

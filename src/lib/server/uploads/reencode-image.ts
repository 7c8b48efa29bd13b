import sharp from 'sharp';
import { messages } from '@shared/messages.ts';
import type { TeamPlan } from '../account/team-plan.ts';
import { AppError } from '../http/app-error.ts';
import type { ImageType } from './detect-image-type.ts';
import { MAX_INPUT_PIXELS } from './upload-limits.ts';

/** docs/product.md §7: "square" for steps and the host photo, "rectangle" for additional info. */
export type ImageKind = 'square' | 'rectangle';

/** docs/product.md §6: Gold and Premium get the higher-quality upload (larger output, finer quality). */
const SIZES: Record<ImageKind, { standard: [number, number]; large: [number, number] }> = {
  square: { standard: [800, 800], large: [1200, 1200] },
  rectangle: { standard: [1200, 675], large: [1920, 1080] },
};

/** What sharp calls each format we accept by magic bytes (AVIF is read by libheif). */
const SHARP_FORMAT: Record<ImageType, string> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'heif' };

export interface ReencodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes the upload and writes a new WebP (docs/security.md 17): auto-oriented from EXIF, cropped to
 * the kind's size, and without any metadata (sharp keeps none unless asked: no EXIF, GPS, XMP or
 * ICC in the output). Only the first frame of an animation is kept.
 */
export async function reencodeImage({ bytes, type, kind, plan }: { bytes: Uint8Array; type: ImageType; kind: ImageKind; plan: TeamPlan }): Promise<ReencodedImage> {
  // failOn 'error' refuses truncated and corrupt files instead of padding them with grey.
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  const metadata = await sharp(bytes, options)
    .metadata()
    .catch((error: unknown) => {
      throw decodeError(error);
    });
  // The header decides: a bomb is refused before a single pixel is decoded.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw new AppError('BAD_REQUEST', messages.upload.tooManyPixels);
  // Magic bytes and the decoder must agree (an AVIF brand on an HEIC payload, for instance).
  if (metadata.format !== SHARP_FORMAT[type] || (type === 'avif' && metadata.compression !== 'av1')) {
    throw new AppError('BAD_REQUEST', messages.upload.typeNotAllowed);
  }

  const [width, height] = SIZES[kind][plan === 'free' ? 'standard' : 'large'];
  try {
    const output = await sharp(bytes, options)
      .autoOrient()
      .resize(width, height, { fit: 'cover' })
      .webp({ quality: plan === 'free' ? 80 : 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: output.data, width: output.info.width, height: output.info.height };
  } catch (error) {
    throw decodeError(error);
  }
}

function decodeError(error: unknown): AppError {
  const text = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(text)) return new AppError('BAD_REQUEST', messages.upload.tooManyPixels);
  return new AppError('BAD_REQUEST', messages.upload.unreadable);
}

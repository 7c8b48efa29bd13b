import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import type { ImageKind } from './reencode-image.ts';
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from './upload-limits.ts';

const BODY_LIMIT = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;
const KINDS: ReadonlySet<string> = new Set<ImageKind>(['square', 'rectangle']);

export interface UploadForm {
  bytes: Uint8Array;
  kind: ImageKind;
  /** `for`: a guidebook's or Auto-Fill's image (the team's space, the default) or the profile picture (the person's). */
  purpose: 'team' | 'profile';
}

/**
 * Reads the multipart body of POST /api/upload (fields `image`, `type` and `for`, docs/product.md §7) without ever
 * holding more than the cap: a declared Content-Length over it is refused before reading, a
 * chunked body is cut off as it streams (docs/security.md 27). Only then is the form parsed.
 */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError('BAD_REQUEST', messages.upload.noFile);
  const declared = Number(request.headers.get('content-length') ?? '0');
  // Unread, the body is drained by Node after the answer, so the client reads the 413.
  if (declared > BODY_LIMIT) throw new AppError('TOO_LARGE', messages.upload.tooLarge);

  const body = await readCapped(request);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('BAD_REQUEST', messages.upload.failed);
  }

  const image = form.get('image');
  if (!(image instanceof File) || image.size === 0) throw new AppError('BAD_REQUEST', messages.upload.noFile);
  if (image.size > MAX_UPLOAD_BYTES) throw new AppError('TOO_LARGE', messages.upload.tooLarge);
  const kind = form.get('type');
  if (typeof kind !== 'string' || !KINDS.has(kind)) throw new AppError('BAD_REQUEST', messages.upload.badKind);
  const purpose = form.get('for') ?? '';
  if (purpose !== '' && purpose !== 'profile') throw new AppError('BAD_REQUEST', messages.upload.badPurpose);
  return { bytes: new Uint8Array(await image.arrayBuffer()), kind: kind as ImageKind, purpose: purpose === 'profile' ? 'profile' : 'team' };
}

async function readCapped(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) throw new AppError('BAD_REQUEST', messages.upload.noFile);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // The adapter's own ceiling (astro.config.mjs bodySizeLimit) may cut the stream first.
      if (error instanceof Error && /size limit/i.test(error.message)) throw new AppError('TOO_LARGE', messages.upload.tooLarge, { headers: { connection: 'close' } });
      throw new AppError('BAD_REQUEST', messages.upload.failed);
    });
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT) {
      await reader.cancel();
      // Half read, the rest is never drained: the connection cannot carry another request.
      throw new AppError('TOO_LARGE', messages.upload.tooLarge, { headers: { connection: 'close' } });
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

import { sql } from 'kysely';
import { nanoid } from 'nanoid';
import { messages } from '@shared/messages.ts';
import { getUserPlan } from '../account/get-user-plan.ts';
import { AppError } from '../http/app-error.ts';
import { consumeRateLimits } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { detectImageType } from './detect-image-type.ts';
import { mediaPath, uploadKey } from './media-path.ts';
import { reencodeImage, type ImageKind } from './reencode-image.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA, UPLOAD_RATE } from './upload-limits.ts';

/**
 * POST /api/upload after the form is read: checks the bytes, re-encodes them, stores the result
 * under a server-made name and records it for the quota and the clean-up. Returns the /media path.
 */
export async function uploadImage({ userId, bytes, kind }: { userId: string; bytes: Uint8Array; kind: ImageKind }): Promise<string> {
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', messages.upload.noFile);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError('TOO_LARGE', messages.upload.tooLarge);
  const type = detectImageType(bytes);
  if (!type) throw new AppError('BAD_REQUEST', messages.upload.typeNotAllowed);

  await assertWithinQuota(userId);
  await consumeRateLimits([{ key: `upload:user:${userId}`, ...UPLOAD_RATE }]);
  const image = await reencodeImage({ bytes, type, kind, plan: await getUserPlan(userId) });

  const key = uploadKey(userId, nanoid());
  const { db, log, storage: stores } = await getRuntime();
  const storage = stores.uploads;
  // Row first: a crash between the two leaves a row without a file, which the clean-up drops;
  // never a file that nothing knows about.
  await db.insertInto('uploads').values({ key, user_id: userId, bytes: image.bytes.byteLength, created_at: Date.now() }).execute();
  try {
    await storage.setItemRaw(key, image.bytes);
  } catch (error) {
    await db.deleteFrom('uploads').where('key', '=', key).execute();
    log.error({ err: error, key }, 'upload: storing the image failed');
    // The store (a bucket, a disk) is out of reach: the host may simply try again later.
    throw new AppError('SERVICE_UNAVAILABLE', messages.upload.storeFailed);
  }
  return mediaPath(key);
}

async function assertWithinQuota(userId: string): Promise<void> {
  const { db } = await getRuntime();
  const usage = await db
    .selectFrom('uploads')
    .select([sql<number>`count(*)`.as('files'), sql<number>`coalesce(sum(bytes), 0)`.as('bytes')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (usage.files >= UPLOAD_QUOTA.files || usage.bytes >= UPLOAD_QUOTA.bytes) throw new AppError('FORBIDDEN', messages.upload.quotaReached);
}

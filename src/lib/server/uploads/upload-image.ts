import { sql } from 'kysely';
import { nanoid } from 'nanoid';
import { messages } from '@shared/messages.ts';
import { getTeamPlan } from '../account/team-plan.ts';
import { AppError } from '../http/app-error.ts';
import { consumeRateLimits } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { detectImageType } from './detect-image-type.ts';
import { mediaPath, uploadKey } from './media-path.ts';
import { reencodeImage, type ImageKind } from './reencode-image.ts';
import { inSpace, type UploadSpace } from './upload-space.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA, UPLOAD_RATE } from './upload-limits.ts';

/**
 * POST /api/upload after the form is read: checks the bytes, re-encodes them (at the quality of
 * the plan of `teamId`, the team the uploader acts for), stores the result under a server-made
 * name in `space` and records it for the space's quota and the clean-up. Returns the /media path.
 */
export async function uploadImage({ userId, teamId, space, bytes, kind }: { userId: string; teamId: string | null; space: UploadSpace; bytes: Uint8Array; kind: ImageKind }): Promise<string> {
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', messages.upload.noFile);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError('TOO_LARGE', messages.upload.tooLarge);
  const type = detectImageType(bytes);
  if (!type) throw new AppError('BAD_REQUEST', messages.upload.typeNotAllowed);

  if (!(await withinQuota(space.id))) throw new AppError('FORBIDDEN', messages.upload.quotaReached);
  await consumeRateLimits([{ key: `upload:user:${space.id}`, ...UPLOAD_RATE }]);
  const image = await reencodeImage({ bytes, type, kind, plan: teamId === null ? 'free' : await getTeamPlan(teamId) });
  return storeUpload({ userId, space, bytes: image.bytes });
}

/**
 * Stores `bytes` under a new name in `space`, its row first: a crash between the two leaves a row
 * without a file, which the clean-up drops; never a file that nothing knows about.
 */
export async function storeUpload({ userId, space, bytes }: { userId: string; space: UploadSpace; bytes: Uint8Array }): Promise<string> {
  const key = uploadKey(space.id, nanoid());
  const { db, log, storage: stores } = await getRuntime();
  await db.insertInto('uploads').values({ key, user_id: userId, team_id: space.teamId, bytes: bytes.byteLength, created_at: Date.now() }).execute();
  try {
    await stores.uploads.setItemRaw(key, bytes);
  } catch (error) {
    await db.deleteFrom('uploads').where('key', '=', key).execute();
    log.error({ err: error, key }, 'upload: storing the image failed');
    // The store (a bucket, a disk) is out of reach: the host may simply try again later.
    throw new AppError('SERVICE_UNAVAILABLE', messages.upload.storeFailed);
  }
  return mediaPath(key);
}

/** Whether space `id` has room for one more file (docs/security.md 17: a quota per account). */
export async function withinQuota(id: string): Promise<boolean> {
  const { db } = await getRuntime();
  const usage = await db
    .selectFrom('uploads')
    .select([sql<number>`count(*)`.as('files'), sql<number>`coalesce(sum(bytes), 0)`.as('bytes')])
    .where(inSpace(id))
    .executeTakeFirstOrThrow();
  return usage.files < UPLOAD_QUOTA.files && usage.bytes < UPLOAD_QUOTA.bytes;
}

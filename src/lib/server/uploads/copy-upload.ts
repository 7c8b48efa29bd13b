import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { isUploadKey, MEDIA_PREFIX } from './media-path.ts';
import { storeUpload, withinQuota } from './upload-image.ts';

/**
 * A copy of the upload at `path` (a person's profile picture, in their own space) in team `teamId`'s
 * space, for a new guidebook that shows it (docs/decisions/028-teams.md §3): a guidebook references
 * only its team's uploads, so the person's later change of picture cannot remove an image the
 * team's guidebook shows. '' when there is nothing to copy (the file is gone) or no room for it
 * (the team's quota): the guidebook goes without, as it does with no picture.
 */
export async function copyIntoTeamSpace({ path, userId, teamId }: { path: string; userId: string; teamId: string }): Promise<string> {
  const key = path.slice(MEDIA_PREFIX.length);
  if (!path.startsWith(MEDIA_PREFIX) || !isUploadKey(key) || !(await withinQuota(teamId))) return '';
  const { storage } = await getRuntime();
  const stored = await storage.uploads.getItemRaw<Uint8Array>(key);
  if (!stored) return '';
  try {
    return await storeUpload({ userId, space: { id: teamId, teamId }, bytes: stored });
  } catch (error) {
    // The store is out of reach (logged by storeUpload): the guidebook is made without the picture.
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') return '';
    throw error;
  }
}

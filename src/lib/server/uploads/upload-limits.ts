/** Numbers of docs/security.md 17 and 27; the quota and the rate are ours. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Room for the multipart boundaries, part headers and the `type` field around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** sharp's limitInputPixels: refuses decompression bombs from the header, before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Per-user quota over the files still stored (unreferenced ones are cleaned up). */
export const UPLOAD_QUOTA = { files: 500, bytes: 200 * 1024 * 1024 } as const;
/** Re-encoding costs CPU: bound how fast one account can ask for it. */
export const UPLOAD_RATE = { limit: 60, windowMs: 10 * 60_000 } as const;

/** An upload becomes removable once it is this old and nothing references it. */
export const UPLOAD_GRACE_MS = 60 * 60_000;

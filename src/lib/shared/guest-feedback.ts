/**
 * What the guest page's "Was this guidebook helpful?" island shares with the API, apart from its
 * schema (schemas/guest-feedback.ts): an island that imported the schema would bring zod to every
 * guest's phone (about 23 KB in brotli, docs/performance.md "Guest islands without zod").
 */

/**
 * A comment on "Was this guidebook helpful?" is a line or two for the host, not a review: its
 * most characters, for the guest page's field and the API.
 */
export const GUEST_FEEDBACK_COMMENT_MAX = 1000;

/** POST /api/guest/:token/feedback → 201: the answer recorded, and what lets its guest add to it. */
export interface GuestFeedbackReceipt {
  message: string;
  id: string;
  editToken: string;
}

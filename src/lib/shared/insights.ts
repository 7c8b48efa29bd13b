/**
 * The parts of the guest page whose reading is counted (docs/product.md §22): the vocabulary of
 * `POST /api/guest/:token/events`, the guest page's beacon and the host's insights. Anything else
 * a beacon names is ignored.
 */
export const GUEST_SECTIONS = ['checkin', 'access', 'wifi', 'rules', 'places', 'extras', 'contact'] as const;
export type GuestSection = (typeof GUEST_SECTIONS)[number];

export function isGuestSection(value: unknown): value is GuestSection {
  return typeof value === 'string' && (GUEST_SECTIONS as readonly string[]).includes(value);
}

/**
 * A comment on "Was this guidebook helpful?" is a line or two for the host, not a review: its
 * most characters, for the guest page's field and the API (schemas/guest-feedback.ts).
 */
export const GUEST_FEEDBACK_COMMENT_MAX = 1000;

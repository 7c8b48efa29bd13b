/**
 * A guest link's token: a guidebook's or a stay's nanoid, or the demo's longer readable one.
 * Anything else names no page, no snapshot and no event, and is refused before any lookup.
 */
export const GUEST_TOKEN = /^[\w-]{1,64}$/;

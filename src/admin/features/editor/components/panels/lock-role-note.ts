/** Beside the door code and who sees it, for a member whose role may not change them (docs/product.md §6 Team roles). */
export const LOCK_ROLE_NOTE = "Only the team's owner or an admin can change this.";

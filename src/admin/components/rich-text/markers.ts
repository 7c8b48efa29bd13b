import { LockKeyhole, MapPin, type LucideIcon } from 'lucide-react';
import type { MarkerName } from '@shared/schemas/instruction.ts';

/**
 * How the editor names and draws each marker (docs/product.md §3 "Box"): the same words and icon on the
 * toolbar's insert button and on the chip in the text. Icons, not emoji: an emoji needs a colour
 * font that many Linux desktops lack, where it shows as an empty box.
 */
export const MARKERS: Record<MarkerName, { label: string; icon: LucideIcon }> = {
  lockbox: { label: 'Lock-box code', icon: LockKeyhole },
  address: { label: 'Address link', icon: MapPin },
};

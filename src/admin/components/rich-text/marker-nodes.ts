import { Node } from '@tiptap/core';
import type { MarkerName } from '@shared/schemas/instruction.ts';
import { markerChipView } from './MarkerChip.tsx';
import { MARKERS } from './markers.ts';

export function markerNodeName(marker: MarkerName): string {
  return `${marker}Marker`;
}

/**
 * An inline atom for `<span data-marker="…"></span>` (docs/product.md §3 "Box": the lock-box code and the
 * address link inside a step text). It parses and serialises exactly that empty span, which the
 * server's sanitiser keeps, and shows as a chip that the cursor steps over and Backspace removes.
 */
function markerNode(marker: MarkerName) {
  return Node.create({
    name: markerNodeName(marker),
    group: 'inline',
    inline: true,
    atom: true,
    selectable: true,
    draggable: false,
    parseHTML: () => [{ tag: `span[data-marker="${marker}"]` }],
    renderHTML: () => ['span', { 'data-marker': marker }],
    renderText: () => MARKERS[marker].label,
    addNodeView: () => markerChipView(marker),
  });
}

export const LockboxMarker = markerNode('lockbox');
export const AddressMarker = markerNode('address');

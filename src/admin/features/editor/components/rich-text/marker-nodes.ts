import { Node } from '@tiptap/core';
import type { MarkerName } from '@shared/schemas/instruction.ts';

/** What a marker looks like in the editor (the guest page shows the code or the link instead). */
export const MARKER_LABELS: Record<MarkerName, string> = {
  lockbox: '🔒 Lock-box code',
  address: '📍 Address link',
};

export function markerNodeName(marker: MarkerName): string {
  return `${marker}Marker`;
}

/**
 * An inline atom for `<span data-marker="…"></span>` (SPEC §3 "Box": the lock-box code and the
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
    renderText: () => MARKER_LABELS[marker],
    addNodeView: () => () => {
      const dom = document.createElement('span');
      dom.dataset.marker = marker;
      dom.className = 'rt-marker';
      dom.contentEditable = 'false';
      dom.textContent = MARKER_LABELS[marker];
      return { dom };
    },
  });
}

export const LockboxMarker = markerNode('lockbox');
export const AddressMarker = markerNode('address');

import { NodeViewWrapper, ReactNodeViewRenderer } from '@tiptap/react';
import type { MarkerName } from '@shared/schemas/instruction.ts';
import { MARKERS } from './markers.ts';

/** A marker in the text: a chip with its icon and name (the guest page shows the code or link). */
function MarkerChip({ marker }: { marker: MarkerName }) {
  const { label, icon: Icon } = MARKERS[marker];
  return (
    <NodeViewWrapper as="span" className="rt-marker" data-marker={marker}>
      <Icon className="rt-marker-icon" aria-hidden="true" />
      {label}
    </NodeViewWrapper>
  );
}

/** The node view of one marker's Tiptap node, drawn by React so that it uses the icon set. */
export function markerChipView(marker: MarkerName) {
  const View = () => <MarkerChip marker={marker} />;
  View.displayName = `MarkerChip(${marker})`;
  return ReactNodeViewRenderer(View, { as: 'span', className: 'rt-marker-view' });
}

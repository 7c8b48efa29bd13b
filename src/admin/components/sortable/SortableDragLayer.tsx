import { GripVertical } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useDragLayer } from 'react-dnd';
import type { SortableDragItem } from './use-sortable-item.ts';

/** Within this distance of the window's top or bottom edge a drag scrolls the page. */
const EDGE_PX = 72;
const MAX_SPEED_PX = 18;

/**
 * The touch backend draws no drag image: this layer shows the dragged item's name beside the
 * pointer, and scrolls the page while the pointer rests near an edge, so a card can travel
 * further than one screen on a phone.
 */
export function SortableDragLayer() {
  const { item, dragging, offset, initial } = useDragLayer((monitor) => ({
    item: monitor.getItem<SortableDragItem | null>(),
    dragging: monitor.isDragging(),
    offset: monitor.getClientOffset(),
    initial: monitor.getInitialClientOffset(),
  }));
  const pointer = useRef<{ y: number; startY: number } | null>(null);
  pointer.current = dragging && offset && initial ? { y: offset.y, startY: initial.y } : null;

  useEffect(() => {
    if (!dragging) return;
    let frame = 0;
    const tick = () => {
      const current = pointer.current;
      if (current) {
        const { y, startY } = current;
        const fromTop = y - EDGE_PX;
        const fromBottom = window.innerHeight - EDGE_PX - y;
        // Only towards where the card is being taken: a handle picked up near an edge stays put.
        if (fromTop < 0 && y < startY) window.scrollBy(0, Math.max(-MAX_SPEED_PX, fromTop / 4));
        else if (fromBottom < 0 && y > startY) window.scrollBy(0, Math.min(MAX_SPEED_PX, -fromBottom / 4));
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [dragging]);

  if (!dragging || !offset || !item || typeof item.label !== 'string') return null;
  return (
    <div className="pointer-events-none fixed left-0 top-0 z-50" aria-hidden="true" style={{ transform: `translate(${offset.x + 14}px, ${offset.y - 18}px)` }}>
      <div className="flex max-w-64 items-center gap-1.5 rounded-full border border-brand-500 bg-surface px-3 py-1.5 text-sm font-semibold text-ink shadow-xl">
        <GripVertical className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
        <span className="truncate">{item.label}</span>
      </div>
    </div>
  );
}

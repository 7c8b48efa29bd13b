import { useRef } from 'react';
import { useDrag, useDrop } from 'react-dnd';

export interface SortableDragItem {
  id: number;
  /** Where the item is now; updated while it is dragged (the list reorders live). */
  index: number;
  /** Where the drag started, for the announcement at the end. */
  from: number;
  /** Shown by the drag layer beside the pointer. */
  label: string;
}

interface Options {
  /** react-dnd item type: an item is dropped only into a list of its own type. */
  type: string;
  id: number;
  index: number;
  label: string;
  disabled: boolean;
  /** The drag has begun (announced: a touch screen-reader user hears the item was picked up). */
  onPickUp: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onDrop: (from: number, to: number) => void;
}

/**
 * Drag to reorder (react-dnd's sortable pattern): the handle is the drag source, the whole card
 * a drop target. Passing the middle of another card moves the dragged one there at once, so the
 * list itself shows where the item will land, with mouse and touch alike.
 */
export function useSortableItem({ type, id, index, label, disabled, onPickUp, onMove, onDrop }: Options) {
  const cardRef = useRef<HTMLElement | null>(null);

  const [{ isDragging }, connectHandle] = useDrag<SortableDragItem, unknown, { isDragging: boolean }>(
    {
      type,
      // Called once, when the drag begins (the backend saw the handle pressed and the pointer move).
      item: () => {
        onPickUp(index);
        return { id, index, from: index, label };
      },
      canDrag: () => !disabled,
      isDragging: (monitor) => monitor.getItem()?.id === id,
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
      end: (item) => onDrop(item.from, item.index),
    },
    [id, index, label, disabled, onPickUp, onDrop],
  );

  const [, connectCard] = useDrop<SortableDragItem>(
    {
      accept: type,
      hover(item, monitor) {
        const node = cardRef.current;
        const pointer = monitor.getClientOffset();
        if (!node || !pointer || item.id === id || item.index === index) return;
        const rect = node.getBoundingClientRect();
        const middle = rect.top + rect.height / 2;
        // Only once the pointer has passed the middle: no flicker between two tall cards.
        if (item.index < index && pointer.y < middle) return;
        if (item.index > index && pointer.y > middle) return;
        onMove(item.index, index);
        item.index = index;
      },
    },
    [id, index, onMove],
  );

  return {
    isDragging,
    cardRef: (node: HTMLElement | null) => {
      cardRef.current = node;
      connectCard(node);
    },
    handleRef: (node: HTMLElement | null) => {
      connectHandle(node);
    },
  };
}

import { createContext, useContext, useId, type ReactNode } from 'react';
import { DndProvider } from 'react-dnd';
import { TouchBackend } from 'react-dnd-touch-backend';
import { SortableDragLayer } from './SortableDragLayer.tsx';

/** One backend for mouse and touch (docs/architecture.md, Stack); drags start from the handle only. */
const DND_OPTIONS = { enableMouseEvents: true, ignoreContextMenu: true };

/** The id of the area's "how to reorder" hint, which every drag handle names as its description. */
const ReorderHint = createContext('');

export function useReorderHintId(): string {
  return useContext(ReorderHint);
}

/**
 * Where cards can be reordered (the editor, Auto-Fill): the drag backend, the layer that draws
 * the dragged card's name beside the pointer, and the hint the handles point screen readers to.
 */
export function SortableArea({ children }: { children: ReactNode }) {
  const hintId = useId();
  return (
    <DndProvider backend={TouchBackend} options={DND_OPTIONS}>
      <ReorderHint.Provider value={hintId}>{children}</ReorderHint.Provider>
      <SortableDragLayer />
      <p id={hintId} className="sr-only">
        Drag to move, or press the up and down arrow keys.
      </p>
    </DndProvider>
  );
}

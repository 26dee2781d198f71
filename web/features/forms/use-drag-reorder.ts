import { type PointerEvent, type RefObject, useState } from 'react';

export interface DragState {
  from: number;
  /** Where the dragged item would land if dropped now. */
  to: number;
}

/** Where an item dragged from `from` lands when the pointer is at `y`, given each item's top and bottom. */
export function dropIndex(from: number, y: number, rects: { top: number; bottom: number }[]): number {
  let before = rects.length;
  for (const [i, rect] of rects.entries()) {
    if (y < (rect.top + rect.bottom) / 2) {
      before = i;
      break;
    }
  }
  const to = before > from ? before - 1 : before;
  return Math.max(0, Math.min(rects.length - 1, to));
}

/**
 * Reordering a list by dragging a handle, with a mouse, a pen or a finger (pointer events; HTML
 * drag and drop does not work with touch everywhere). Keyboard users move items with buttons.
 */
export function useDragReorder(list: RefObject<HTMLElement | null>, onMove: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);

  const rects = () => [...(list.current?.children ?? [])].map((el) => el.getBoundingClientRect());

  function handleProps(index: number) {
    return {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        setDrag({ from: index, to: index });
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        if (!drag) return;
        const to = dropIndex(drag.from, event.clientY, rects());
        if (to !== drag.to) setDrag({ ...drag, to });
      },
      onPointerUp() {
        if (drag && drag.to !== drag.from) onMove(drag.from, drag.to);
        setDrag(null);
      },
      onPointerCancel() {
        setDrag(null);
      },
    };
  }

  return { drag, handleProps };
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { OrderAgain } from '../../../core/order-desk';
import type { OrderChanged, OrderMove } from '../../../core/orders';
import type { PriceRow } from '../../../core/price-table';
import { newIdempotencyKey } from '../../lib/idempotency-key';

/**
 * The basket's lines, kept in localStorage by handle, list and version (issue 40 §2,
 * docs/decisions/0210): what basket.tsx shows and sends.
 */

export interface BasketLine {
  index: number;
  item: string;
  unit?: string | undefined;
  price: number;
  currency?: string | undefined;
  /** As typed: '' while being edited. */
  quantity: string;
}

/** A basket made by "Order again": the lines of the past order that moved, shown until checked. */
export interface AgainFlags {
  orderId: number;
  message: string | null;
  moves: OrderMove[];
}

interface Stored {
  lines: Record<number, BasketLine>;
  sendKey: string;
  again?: AgainFlags | undefined;
}

const keyOf = (handle: string, slug: string, versionId: number) => `freshlist:basket:${handle}/${slug}/${versionId}`;

function load(key: string): Stored | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

/** "Order again": the past order's lines as a basket, with the lines that moved. */
function againStored(orderId: number, again: OrderAgain): Stored {
  const lines: Record<number, BasketLine> = {};
  for (const l of again.lines) {
    lines[l.index] = {
      index: l.index,
      item: l.item,
      unit: l.unit ?? undefined,
      price: l.price,
      currency: l.currency ?? undefined,
      quantity: String(l.quantity),
    };
  }
  return {
    lines,
    sendKey: newIdempotencyKey(),
    again: again.moves.length > 0 ? { orderId, message: again.message, moves: again.moves } : undefined,
  };
}

export interface Basket {
  lines: BasketLine[];
  quantityOf(index: number): string;
  set(row: PriceRow, index: number, quantity: string): void;
}

/** The basket of one version of a list; read after mount so the server's render and the first render agree. */
export function useBasket(handle: string, slug: string, versionId: number) {
  const key = keyOf(handle, slug, versionId);
  const [stored, setStored] = useState<Stored>({ lines: {}, sendKey: '' });
  useEffect(() => {
    setStored(load(key) ?? { lines: {}, sendKey: newIdempotencyKey() });
  }, [key]);
  const save = useCallback(
    (next: Stored) => {
      setStored(next);
      try {
        if (Object.keys(next.lines).length === 0) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Private mode or full storage: the basket lasts as long as the page.
      }
    },
    [key],
  );
  const lines = useMemo(() => Object.values(stored.lines).sort((a, b) => a.index - b.index), [stored]);
  return {
    lines,
    sendKey: stored.sendKey,
    again: stored.again ?? null,
    /** A past order's basket from "Order again": this basket when on this version, else kept for the newest. */
    loadAgain: useCallback(
      (orderId: number, again: OrderAgain) => {
        const next = againStored(orderId, again);
        if (again.versionId === versionId) save(next);
        else window.localStorage.setItem(keyOf(again.handle, again.slug, again.versionId), JSON.stringify(next));
      },
      [save, versionId],
    ),
    /** The buyer has looked at the flagged lines: the basket may be sent. */
    checkedAgain: () => save({ ...stored, again: undefined }),
    quantityOf: (index: number) => stored.lines[index]?.quantity ?? '',
    set(row: PriceRow, index: number, quantity: string) {
      if (!row.item || row.price === undefined) return;
      const lines = { ...stored.lines };
      if (quantity.trim() === '' || Number(quantity) === 0) delete lines[index];
      else lines[index] = { index, item: row.item, unit: row.unit, price: row.price, currency: row.currency, quantity };
      save({ ...stored, lines, sendKey: stored.sendKey || newIdempotencyKey() });
    },
    clear: () => save({ lines: {}, sendKey: newIdempotencyKey() }),
    /** The basket moved onto the newest version: its lines there, for the page to show after a reload. */
    moveTo(newVersionId: number, moves: OrderChanged['moves']) {
      const moved: Record<number, BasketLine> = {};
      for (const line of lines) {
        const move = moves.find((m) => m.index === line.index);
        if (move && (move.after === null || move.newIndex === null)) continue;
        const index = move?.newIndex ?? line.index;
        moved[index] = { ...line, index, price: move?.after ?? line.price };
      }
      window.localStorage.setItem(
        keyOf(handle, slug, newVersionId),
        JSON.stringify({ lines: moved, sendKey: newIdempotencyKey() }),
      );
      window.localStorage.removeItem(key);
    },
  };
}
export type BasketState = ReturnType<typeof useBasket>;

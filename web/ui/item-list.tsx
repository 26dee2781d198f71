import type { ReactNode } from 'react';
import './admin-area.css';

/** A list, or the sentence that says it is empty. */
export function ItemList<T>({
  items,
  empty,
  className = 'admin-list',
  children,
}: {
  items: readonly T[];
  empty: string;
  className?: string;
  children(item: T): ReactNode;
}) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return <ul className={className}>{items.map(children)}</ul>;
}

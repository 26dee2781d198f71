import { type ComponentProps, Suspense, type SyntheticEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { renderedPart } from '../../lib/rendered-part';
import type { PriceTable as Table } from './price-table';
import './price-table.css';
import './basket.css';

/**
 * The price table's code (filter, sort, basket, Alert me): a rendered part (rendered-part.ts), so
 * the server's HTML has the table complete; in the browser it loads on first use (ADR 0225).
 */
const PriceTable = renderedPart(async () => (await import('./price-table')).PriceTable);

const SLOT_ID = 'price-table';

/** The table the server rendered for this version, if it is still on screen: the first load's, or the same page's. */
function serverTable(key: string): string | null {
  if (typeof document === 'undefined') return null;
  const slot = document.getElementById(SLOT_ID);
  return slot?.dataset.table === key ? slot.innerHTML : null;
}

/** A control told apart the same way in the server's table and the one React renders: its tag, class, label and place. */
function controls(root: HTMLElement): Map<string, HTMLInputElement | HTMLButtonElement> {
  const found = new Map<string, HTMLInputElement | HTMLButtonElement>();
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')) {
    const base = `${element.tagName}.${element.className}.${element.getAttribute('aria-label') ?? element.type}`;
    let n = 0;
    while (found.has(`${base}#${n}`)) n++;
    found.set(`${base}#${n}`, element);
  }
  return found;
}
const keyOf = (map: Map<string, Element>, element: Element | null) => [...map].find(([, e]) => e === element)?.[0];

/** What the visitor did to the server's table while its code loaded: typed values, clicks, where the focus was. */
interface Replay {
  values: [string, string][];
  clicks: string[];
  focus: { key: string; start: number | null; end: number | null } | null;
}

function snapshot(root: HTMLElement, clicks: string[]): Replay {
  const found = controls(root);
  const values: [string, string][] = [];
  for (const [key, element] of found) {
    if (element instanceof HTMLInputElement && element.value !== element.defaultValue) values.push([key, element.value]);
  }
  const active = document.activeElement;
  const focusKey = keyOf(found, active);
  const selection = active instanceof HTMLInputElement && active.type === 'search';
  return {
    values,
    clicks,
    focus: focusKey
      ? {
          key: focusKey,
          start: selection ? (active as HTMLInputElement).selectionStart : null,
          end: selection ? (active as HTMLInputElement).selectionEnd : null,
        }
      : null,
  };
}

/** Gives what was typed and clicked to React's table, as if it had been there: its handlers run. */
function replay(root: HTMLElement, { values, clicks, focus }: Replay) {
  const found = controls(root);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const [key, value] of values) {
    const input = found.get(key);
    if (!(input instanceof HTMLInputElement) || !setValue) continue;
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const key of clicks) found.get(key)?.click();
  const target = focus && found.get(focus.key);
  if (target && focus) {
    target.focus();
    if (target instanceof HTMLInputElement && focus.start !== null) target.setSelectionRange(focus.start, focus.end);
  }
}

/** A saved basket of this version, or "Order again" asking for one: the quantities need the table's code at once. */
function basketWaiting(handle: string, slug: string, versionId: number): boolean {
  try {
    return (
      new URL(window.location.href).searchParams.has('again') ||
      window.localStorage.getItem(`freshlist:basket:${handle}/${slug}/${versionId}`) !== null
    );
  } catch {
    return false;
  }
}

/**
 * The price table as the server rendered it, kept as HTML until the visitor uses it (issue 39: a
 * first visit's JS within 100 KB): a focus, a key or a click inside it loads the table's code, which
 * then takes the visitor's typing, clicks and focus over. A signed-in viewer, a saved basket and a
 * move inside the app get React's table at once. The Compare links move inside the app meanwhile.
 */
export function PriceTableSlot(props: ComponentProps<typeof Table>) {
  const key = `${props.handle}/${props.slug}/${props.prices.table?.versionId ?? 0}`;
  const [html] = useState(() => serverTable(key));
  const [live, setLive] = useState(html === null);
  const [waking, setWaking] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  const clicks = useRef<string[]>([]);
  const pending = useRef<Replay | null>(null);
  const navigate = useNavigate();
  const { auth } = useAuth();

  function wake() {
    if (live || waking) return;
    setWaking(true);
    void PriceTable.load().then(() => {
      if (slot.current) pending.current = snapshot(slot.current, clicks.current);
      setLive(true);
    });
  }

  useEffect(() => {
    if (live || waking) return;
    const versionId = props.prices.table?.versionId ?? 0;
    if (auth.status === 'signed-in' || basketWaiting(props.handle, props.slug, versionId)) wake();
  });

  useLayoutEffect(() => {
    if (live && pending.current && slot.current) {
      replay(slot.current, pending.current);
      pending.current = null;
    }
  }, [live]);

  if (live) {
    return (
      <div id={SLOT_ID} data-table={key} ref={slot}>
        <Suspense fallback={null}>
          <PriceTable {...props} />
        </Suspense>
      </div>
    );
  }

  function onClick(event: SyntheticEvent<HTMLDivElement, MouseEvent>) {
    const target = event.target as Element;
    const link = target.closest<HTMLAnchorElement>('a.price-compare');
    const mouse = event.nativeEvent;
    if (link && mouse.button === 0 && !mouse.metaKey && !mouse.ctrlKey && !mouse.shiftKey && !mouse.altKey) {
      event.preventDefault();
      navigate(link.getAttribute('href') ?? '/');
      return;
    }
    const button = target.closest('button');
    if (!button || !slot.current) return;
    event.preventDefault();
    const pressed = keyOf(controls(slot.current), button);
    if (pressed) clicks.current.push(pressed);
    wake();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only notices the table's own links, buttons and inputs being used.
    <div
      id={SLOT_ID}
      data-table={key}
      ref={slot}
      className={waking ? 'price-table-waking' : undefined}
      aria-busy={waking || undefined}
      onClick={onClick}
      onFocus={wake}
      onKeyDown={wake}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of this table, read back from the page.
      dangerouslySetInnerHTML={{ __html: html ?? '' }}
    />
  );
}

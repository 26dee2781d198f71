import { useId, useMemo, useState } from 'react';
import { compareItemOf, compareLinkOf } from '../../../core/compare-link';
import { formatPrice } from '../../../core/list-price';
import type { ListPrices, PriceRow, PricesPage } from '../../../core/price-table';
import { moveLabel, PRICE_TEXT, pricePaths, readOn } from '../../../core/price-table-text';
import { formatUnitPrice } from '../../../core/unit-price-text';
import { api } from '../../lib/api-client';
import { ItemAlert } from '../../ui/item-alert';
import { Link } from '../../ui/link';
import { BasketSlot } from './basket-slot';
import { type BasketState, useBasket } from './basket-store';
import { QuantityInput } from './quantity-input';
import './price-table.css';

type SortKey = 'item' | 'price' | 'perUnit' | 'move';
type Sort = { key: SortKey; ascending: boolean } | null;

const COLUMNS: { key: SortKey | null; label: string }[] = [
  { key: 'item', label: 'Item' },
  { key: null, label: 'Unit' },
  { key: 'price', label: 'Price' },
  { key: 'perUnit', label: 'Per unit' },
  { key: 'move', label: 'Change' },
  { key: null, label: 'Order' },
];

const moveValue = (row: PriceRow) =>
  row.move === undefined
    ? undefined
    : row.move.kind === 'new'
      ? 1e6
      : (row.move.kind === 'up' ? 1 : -1) * (row.move.percent ?? 0);
const SORT_VALUE: Record<SortKey, (row: PriceRow) => string | number | undefined> = {
  item: (row) => (row.item ?? row.raw).toLocaleLowerCase(),
  price: (row) => row.price,
  perUnit: (row) => row.perUnit?.amount,
  move: moveValue,
};

/** Rows in the sort asked for; rows without the value last, whichever the direction. */
function sorted(rows: PriceRow[], sort: Sort): PriceRow[] {
  if (!sort) return rows;
  const value = SORT_VALUE[sort.key];
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return sort.ascending ? order : -order;
  });
}

function Move({ move }: { move: PriceRow['move'] }) {
  if (!move) return null;
  const label = moveLabel(move);
  return (
    <span className={`price-move is-${move.kind}`}>
      <span aria-hidden="true">{label.shown}</span>
      <span className="visually-hidden">{label.spoken}</span>
    </span>
  );
}

function Row({ row, index, basket }: { row: PriceRow; index: number; basket: BasketState | null }) {
  // A line Freshlist could not split into item and price: its text, whole, never dropped.
  if (!row.item || row.price === undefined) {
    return (
      <tr className="price-row is-text">
        <td colSpan={basket ? COLUMNS.length : COLUMNS.length - 1}>{row.raw}</td>
      </tr>
    );
  }
  return (
    <tr className="price-row">
      <td data-label="Item" className="price-item">
        <span>{row.item}</span>{' '}
        <Link className="price-compare" to={compareLinkOf(row.item)} aria-label={`Compare ${row.item}`}>
          {PRICE_TEXT.compare}
        </Link>{' '}
        <ItemAlert
          item={compareItemOf(row.item)}
          unit={row.perUnit?.unit ?? ''}
          currency={row.currency ?? null}
          threshold={row.perUnit ? Math.round(row.perUnit.amount * 100) / 100 : row.price}
        />
      </td>
      <td data-label="Unit">{row.unit ?? ''}</td>
      <td data-label="Price" className="price-amount">
        {formatPrice({ amount: row.price, ...(row.currency ? { currency: row.currency } : {}) })}
      </td>
      <td data-label="Per unit" className="price-amount">
        {row.perUnit ? formatUnitPrice(row.perUnit) : ''}
      </td>
      <td data-label="Change">
        <Move move={row.move} />
      </td>
      {basket && (
        <td data-label="Order">
          <QuantityInput basket={basket} row={row} index={index} />
        </td>
      )}
    </tr>
  );
}

interface Group {
  key: string;
  where: string | undefined;
  rows: { key: string; row: PriceRow }[];
}

/**
 * Rows under the sheet or section they are on; one group when sorted (the order is then the
 * sort's). Keys from the text, the same line twice told apart by its count.
 */
function grouped(rows: PriceRow[], keepPlaces: boolean): Group[] {
  const seen = new Map<string, number>();
  const keyOf = (text: string) => {
    const n = (seen.get(text) ?? 0) + 1;
    seen.set(text, n);
    return `${text}#${n}`;
  };
  const groups: Group[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    const keyed = { key: keyOf(row.raw), row };
    if (last && (!keepPlaces || last.where === row.where)) last.rows.push(keyed);
    else groups.push({ key: keyOf(`place:${row.where ?? ''}`), where: keepPlaces ? row.where : undefined, rows: [keyed] });
  }
  return groups;
}

/** The rest of the version's rows, a page a request, once the reader asks for them. */
function useRestOfRows(handle: string, slug: string, versionId: number, first: PriceRow[], total: number) {
  const [rows, setRows] = useState(first);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [error, setError] = useState('');
  const complete = rows.length >= total;
  async function loadAll() {
    if (complete || state === 'loading') return;
    setState('loading');
    try {
      let all = rows;
      for (let from: number | null = rows.length; from !== null; ) {
        const page: PricesPage = await api.get<PricesPage>(pricePaths.rows(handle, slug, versionId, from));
        all = [...all, ...page.rows];
        from = page.next;
      }
      setRows(all);
      setState('idle');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setState('error');
    }
  }
  return { rows, complete, state, error, loadAll };
}

type Filter = (row: PriceRow) => boolean;

/**
 * The prices Freshlist read in the list's file (issue 39 §1): a table that filters as you type
 * (the matching loads with the first letter typed), sorts by its columns, stacks on a phone and
 * prints on A4. Rendered on the server with the first rows; the rest are a request away.
 */
export function PriceTable({
  handle,
  slug,
  prices,
  fileUnavailable,
  title,
  ordering,
}: {
  handle: string;
  slug: string;
  prices: ListPrices;
  fileUnavailable: boolean;
  /** "Green Valley Farm · Weekly prices": what a printed page is headed with. */
  title: string;
  /** Buyers order from the table; its owner does not (the server refuses it too). */
  ordering: boolean;
}) {
  const table = prices.table;
  const ids = { heading: useId(), filter: useId(), status: useId() };
  const rest = useRestOfRows(handle, slug, table?.versionId ?? 0, table?.rows ?? [], table?.lineCount ?? 0);
  const everyBasket = useBasket(handle, slug, table?.versionId ?? 0);
  const basket = ordering ? everyBasket : null;
  const columns = ordering ? COLUMNS : COLUMNS.filter((column) => column.label !== 'Order');
  // Each row's place in the version, whatever the sort or filter: the basket orders by it.
  const indexOf = useMemo(() => new Map(rest.rows.map((row, i) => [row, i])), [rest.rows]);
  const [sort, setSort] = useState<Sort>(null);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<{ query: string; keep: Filter } | null>(null);

  async function onQuery(text: string) {
    setQuery(text);
    void rest.loadAll();
    const { rowFilter } = await import('./price-filter');
    setFilter({ query: text, keep: rowFilter(text) });
  }

  const shown = useMemo(() => {
    const kept = filter && filter.query.trim() !== '' ? rest.rows.filter(filter.keep) : rest.rows;
    return sorted(kept, sort);
  }, [rest.rows, filter, sort]);
  if (!table) return null;

  const when = readOn(table.seenAt);
  const filtering = query.trim() !== '';
  const sortBy = (key: SortKey) =>
    setSort((now) => (now?.key === key ? (now.ascending ? { key, ascending: false } : null) : { key, ascending: true }));
  return (
    <section className="price-table" aria-labelledby={ids.heading} data-print-title={title}>
      <h2 id={ids.heading}>{PRICE_TEXT.heading}</h2>
      <p className={fileUnavailable ? 'alert alert-warning price-table-when' : 'muted price-table-when'}>
        <time dateTime={new Date(table.seenAt).toISOString()} suppressHydrationWarning>
          {fileUnavailable ? PRICE_TEXT.lastKnown(when) : PRICE_TEXT.readOn(when)}
        </time>
      </p>
      <div className="price-table-filter">
        <label htmlFor={ids.filter}>{PRICE_TEXT.filterLabel}</label>
        <input
          id={ids.filter}
          type="search"
          value={query}
          autoComplete="off"
          aria-describedby={ids.status}
          onChange={(event) => void onQuery(event.target.value)}
        />
      </div>
      <p id={ids.status} className="muted price-table-count" aria-live="polite">
        {filtering && rest.state === 'loading'
          ? PRICE_TEXT.loading
          : PRICE_TEXT.shown(shown.length, filtering ? rest.rows.length : table.lineCount)}
      </p>
      {filtering && shown.length === 0 && rest.state !== 'loading' && <p>{PRICE_TEXT.noMatch(query.trim())}</p>}
      <table>
        <caption className="visually-hidden">
          {title}: {PRICE_TEXT.readOn(when)}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sortedHere = column.key !== null && sort?.key === column.key;
              return (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={sortedHere ? (sort?.ascending ? 'ascending' : 'descending') : undefined}
                >
                  {column.key === null ? (
                    column.label
                  ) : (
                    <button type="button" className="price-sort" onClick={() => sortBy(column.key as SortKey)}>
                      {column.label}
                      <span aria-hidden="true">{sortedHere ? (sort?.ascending ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        {grouped(shown, sort === null).map((group) => (
          <tbody key={group.key}>
            {group.where !== undefined && (
              <tr className="price-place">
                <th colSpan={columns.length} scope="colgroup">
                  {group.where}
                </th>
              </tr>
            )}
            {group.rows.map(({ key, row }) => (
              <Row key={key} row={row} index={indexOf.get(row) ?? -1} basket={basket} />
            ))}
          </tbody>
        ))}
      </table>
      {!rest.complete && !filtering && (
        <button
          type="button"
          className="button price-table-more"
          onClick={() => void rest.loadAll()}
          disabled={rest.state === 'loading'}
        >
          {rest.state === 'loading' ? PRICE_TEXT.loading : PRICE_TEXT.showAll(table.lineCount)}
        </button>
      )}
      {rest.state === 'error' && (
        <p className="alert alert-error" role="alert">
          {rest.error}
        </p>
      )}
      {basket && <BasketSlot basket={basket} handle={handle} slug={slug} versionId={table.versionId} />}
    </section>
  );
}

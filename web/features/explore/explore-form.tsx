import { type FormEvent, useEffect, useState } from 'react';
import { DIRECTORY_AREA_MAX_LENGTH, DIRECTORY_QUERY_MAX_LENGTH } from '../../../core/directory';
import { TRADES } from '../../../core/trades';

export interface ExploreFilters {
  q: string;
  trade: string;
  area: string;
}

/**
 * The search box and its filters. Text is searched on submit (Enter or the button); a trade
 * applies as soon as it is chosen.
 */
export function ExploreForm({ filters, onSearch }: { filters: ExploreFilters; onSearch(next: ExploreFilters): void }) {
  const [q, setQ] = useState(filters.q);
  const [area, setArea] = useState(filters.area);
  // Back and forward move the address: the boxes follow it.
  useEffect(() => {
    setQ(filters.q);
    setArea(filters.area);
  }, [filters.q, filters.area]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({ q: q.trim(), trade: filters.trade, area: area.trim() });
  }

  return (
    <search className="explore-search">
      <form onSubmit={submit} aria-label="Search the directory">
        <div className="field explore-query">
          <label htmlFor="explore-q">Search suppliers and restaurants</label>
          <div className="explore-query-row">
            <input
              id="explore-q"
              name="q"
              type="search"
              value={q}
              maxLength={DIRECTORY_QUERY_MAX_LENGTH}
              placeholder="Name, handle, what they sell, town…"
              autoComplete="off"
              enterKeyHint="search"
              onChange={(e) => setQ(e.target.value)}
            />
            <button type="submit" className="button button-primary">
              Search
            </button>
          </div>
        </div>
        <div className="explore-filters">
          <div className="field">
            <label htmlFor="explore-trade">Trade</label>
            <select
              id="explore-trade"
              name="trade"
              value={filters.trade}
              onChange={(e) => onSearch({ q: q.trim(), trade: e.target.value, area: area.trim() })}
            >
              <option value="">All trades</option>
              {TRADES.map((trade) => (
                <option key={trade.id} value={trade.id}>
                  {trade.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="explore-area">Area</label>
            <input
              id="explore-area"
              name="area"
              value={area}
              maxLength={DIRECTORY_AREA_MAX_LENGTH}
              placeholder="Town, region or postcode"
              autoComplete="address-level2"
              onChange={(e) => setArea(e.target.value)}
            />
          </div>
        </div>
      </form>
    </search>
  );
}

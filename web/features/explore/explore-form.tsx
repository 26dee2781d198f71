import { type FormEvent, useEffect, useState } from 'react';
import {
  DELIVERY_DAY_CHOICES,
  DIRECTORY_AREA_MAX_LENGTH,
  DIRECTORY_DELIVERS_TO_MAX_LENGTH,
  DIRECTORY_QUERY_MAX_LENGTH,
} from '../../../core/directory';
import { TRADES } from '../../../core/trades';

export interface ExploreFilters {
  q: string;
  trade: string;
  area: string;
  /** A postcode or town the business delivers to, and a weekday it delivers on (issue 40 §1). */
  deliversTo: string;
  day: string;
}

/**
 * The search box and its filters, a GET form that works before the app loads. Text is searched on
 * submit (Enter or the button); a trade or a delivery day applies as soon as it is chosen.
 */
export function ExploreForm({ filters, onSearch }: { filters: ExploreFilters; onSearch(next: ExploreFilters): void }) {
  const [q, setQ] = useState(filters.q);
  const [area, setArea] = useState(filters.area);
  const [deliversTo, setDeliversTo] = useState(filters.deliversTo);
  // Back and forward move the address: the boxes follow it.
  useEffect(() => {
    setQ(filters.q);
    setArea(filters.area);
    setDeliversTo(filters.deliversTo);
  }, [filters.q, filters.area, filters.deliversTo]);

  const typed = { q: q.trim(), trade: filters.trade, area: area.trim(), deliversTo: deliversTo.trim(), day: filters.day };
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(typed);
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
              onChange={(e) => onSearch({ ...typed, trade: e.target.value })}
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
        <fieldset className="explore-filters explore-delivery">
          <legend>Who delivers</legend>
          <div className="field">
            <label htmlFor="explore-delivers-to">Delivers to</label>
            <input
              id="explore-delivers-to"
              name="deliversTo"
              value={deliversTo}
              maxLength={DIRECTORY_DELIVERS_TO_MAX_LENGTH}
              placeholder="Postcode or town"
              autoComplete="postal-code"
              onChange={(e) => setDeliversTo(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="explore-day">On</label>
            <select id="explore-day" name="day" value={filters.day} onChange={(e) => onSearch({ ...typed, day: e.target.value })}>
              <option value="">Any day</option>
              {DELIVERY_DAY_CHOICES.map((day) => (
                <option key={day.id} value={day.id}>
                  {day.label}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      </form>
    </search>
  );
}

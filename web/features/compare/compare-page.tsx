import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { COMPARE_MESSAGES, type CompareAnswer, compareApiPath } from '../../../core/compare';
import { COMPARE_ITEM_MAX_LENGTH } from '../../../core/compare-link';
import { pagePath } from '../../../core/pages';
import { useAuth } from '../../lib/auth';
import { useApiGet } from '../../lib/use-api';
import { ItemAlertButton } from '../../ui/item-alert-button';
import { compareApi } from './api';
import { CompareTable } from './compare-table';
import './compare.css';

const prices = (n: number) => `${n} ${n === 1 ? 'price' : 'prices'}`;

/** What the live region says once an answer is in: how many prices, from how many businesses. */
function resultsSummary(data: CompareAnswer): string {
  if (data.count === 0) return `No prices for “${data.item}”`;
  const businesses = new Set(data.groups.flatMap((g) => g.lines.map((l) => l.handle))).size;
  return `${prices(data.count)} for “${data.item}” from ${businesses} ${businesses === 1 ? 'business' : 'businesses'}`;
}

/** "Alert me" starts from the cheapest line's unit and currency, when the answer has a unit price. */
function alertDefaults(answer: CompareAnswer): { unit: 'kg' | 'l' | 'piece' | ''; currency: string | null } {
  const first = answer.groups[0]?.lines[0];
  const unit = first?.unitPrice?.unit ?? '';
  return { unit, currency: first?.unitPrice?.currency ?? first?.currency ?? null };
}

/**
 * The search box: a real form to /compare (it works before the app loads, as the server renders
 * this page); with the app, the address changes in place. "Only businesses I follow" for the signed in.
 */
function CompareForm({
  item,
  following,
  signedIn,
  onSearch,
}: {
  item: string;
  following: boolean;
  signedIn: boolean;
  onSearch(next: { item: string; following: boolean }): void;
}) {
  const [text, setText] = useState(item);
  // Back and forward move the address: the box follows it.
  useEffect(() => setText(item), [item]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ item: text.trim(), following });
  };
  return (
    <search className="item-compare-search">
      <form action={pagePath('compare')} method="get" onSubmit={submit} aria-label="Compare suppliers’ prices">
        <div className="field">
          <label htmlFor="compare-item">Item</label>
          <div className="item-compare-row">
            <input
              id="compare-item"
              name="item"
              type="search"
              value={text}
              maxLength={COMPARE_ITEM_MAX_LENGTH}
              placeholder="burrata, san marzano tomatoes…"
              autoComplete="off"
              enterKeyHint="search"
              required
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="button button-primary">
              Compare
            </button>
          </div>
        </div>
        {signedIn && (
          <label className="checkbox">
            <input
              type="checkbox"
              name="following"
              value="1"
              checked={following}
              onChange={(e) => onSearch({ item: text.trim() || item, following: e.target.checked })}
            />
            Only businesses I follow
          </label>
        )}
      </form>
    </search>
  );
}

/**
 * /compare?item=… (issue 39 §3): every matching current line of the lists the viewer may read, per
 * kg, per litre and per piece apart, cheapest first. Rendered on the server as a visitor sees it
 * (public lists only); a signed-in viewer's own answer (trade-only lists they may read, the follow
 * filter) comes from the API.
 */
export function ComparePage() {
  const { auth } = useAuth();
  const [params, setParams] = useSearchParams();
  const item = params.get('item') ?? '';
  const signedIn = auth.status === 'signed-in';
  const following = signedIn && params.get('following') === '1';
  const viewer = signedIn ? auth.user.id : 'visitor';
  const asking = item.trim() !== '';
  const query = { item, following };
  const { data, error, loading } = useApiGet(
    asking ? () => compareApi.compare(query) : null,
    [item, following, viewer],
    compareApiPath(query),
  );

  const search = (next: { item: string; following: boolean }) => {
    const nextParams = new URLSearchParams();
    if (next.item) nextParams.set('item', next.item);
    if (next.following) nextParams.set('following', '1');
    setParams(nextParams);
  };

  const shown = asking ? data : undefined;
  const now = Date.now();
  return (
    <main className="page item-compare">
      <h1>Compare</h1>
      <p className="lead">
        One item across suppliers: the prices Freshlist read in their lists, cheapest per kg, litre or piece first.
      </p>
      <CompareForm item={item} following={following} signedIn={signedIn} onSearch={search} />

      <section className="item-compare-results" aria-labelledby="compare-results-heading" aria-busy={loading}>
        <h2 id="compare-results-heading" className="visually-hidden">
          Prices found
        </h2>
        <p className="item-compare-count" role="status" aria-live="polite">
          {asking && loading ? 'Loading…' : shown ? resultsSummary(shown) : ''}
        </p>
        {!asking && <p className="muted">Type an item, for example burrata, to see who sells it and for how much.</p>}
        {asking && error && (
          <p className="alert alert-error" role="alert">
            {error.message}
          </p>
        )}
        {shown && shown.count === 0 && (
          <div className="card item-compare-empty">
            <p>{shown.following ? COMPARE_MESSAGES.noFollowedResults : COMPARE_MESSAGES.noResults}</p>
          </div>
        )}
        {shown && (
          <p className="item-compare-alert">
            <ItemAlertButton item={shown.item} {...alertDefaults(shown)} />
          </p>
        )}
        {shown?.groups.map((group) => (
          <CompareTable key={group.unit} group={group} item={shown.item} now={now} />
        ))}
        {shown?.limited && <p className="muted">{COMPARE_MESSAGES.limited}</p>}
      </section>
    </main>
  );
}

import { TRADES } from '../../../core/trades';

/** Trades from the fixed list, as checkboxes: several may apply. */
export function TradesField({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: string | undefined;
  onChange(next: string[]): void;
}) {
  return (
    <fieldset className="field trades-field" aria-describedby={error ? 'trades-error' : undefined}>
      <legend>Trades</legend>
      <p className="field-hint">What you sell or do: choose all that apply.</p>
      <div className="trades-options">
        {TRADES.map((trade) => (
          <label key={trade.id} className="trade-option">
            <input
              type="checkbox"
              name="trades"
              value={trade.id}
              checked={value.includes(trade.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, trade.id] : value.filter((t) => t !== trade.id))}
            />
            {trade.label}
          </label>
        ))}
      </div>
      {error && (
        <p id="trades-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

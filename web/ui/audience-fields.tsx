import { useId } from 'react';
import { AUDIENCES, type Audience, TRADE_MESSAGES } from '../../core/trade-text';

/** "Who can see it": public, or trade only (docs/decisions/0180), as posting and Settings ask it. */
export function AudienceFields({
  value,
  onChange,
  disabled = false,
  legend = 'Who can see it',
}: {
  value: Audience;
  onChange(audience: Audience): void;
  disabled?: boolean;
  legend?: string;
}) {
  const id = useId();
  return (
    <fieldset className="choice-group audience-fields" disabled={disabled}>
      <legend>{legend}</legend>
      {AUDIENCES.map((audience) => (
        <div className="choice" key={audience}>
          <input
            type="radio"
            id={`${id}-${audience}`}
            name={`${id}-audience`}
            value={audience}
            checked={value === audience}
            aria-describedby={`${id}-${audience}-hint`}
            onChange={() => onChange(audience)}
          />
          <label htmlFor={`${id}-${audience}`}>
            {TRADE_MESSAGES.audienceLabel[audience]}
            <span id={`${id}-${audience}-hint`} className="choice-hint">
              {TRADE_MESSAGES.audienceHint[audience]}
            </span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

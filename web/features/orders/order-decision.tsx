import { useId, useState } from 'react';
import { DECLINE_REASON_MAX_LENGTH } from '../../../core/order-rules';
import { useApiAction } from '../../lib/use-api-action';

/**
 * Confirm, or decline with a reason: the order page and the mail's answer link both ask this way,
 * each sending the answer by its own route (`send`).
 */
export function OrderDecision({ send }: { send: (decision: 'confirm' | 'decline', reason?: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const decide = useApiAction((decision: 'confirm' | 'decline') => send(decision, decision === 'decline' ? reason : undefined));
  const { busy, error } = decide;
  return (
    <div className="order-decision">
      <button type="button" className="button button-primary" onClick={() => decide.run('confirm')} disabled={busy}>
        Confirm order
      </button>
      <div style={{ flex: '1 1 16rem' }}>
        <label htmlFor={reasonId}>Reason to decline</label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={DECLINE_REASON_MAX_LENGTH}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <button type="button" className="button button-danger-outline" onClick={() => decide.run('decline')} disabled={busy}>
        Decline order
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

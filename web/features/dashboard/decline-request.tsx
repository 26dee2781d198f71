import { useEffect, useRef, useState } from 'react';
import { REQUEST_NOTE_MAX_LENGTH, type TradeMember } from '../../../core/trade';
import { TextAreaField } from '../../ui/form-field';

/**
 * Decline, asked first in place with an optional reason the asker reads in their mail (issue 43);
 * focus moves to the reason and back to Decline when cancelled.
 */
export function DeclineRequest({
  member,
  disabled,
  onDecline,
}: {
  member: TradeMember;
  disabled: boolean;
  onDecline(reason: string): Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const startRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) document.getElementById(`decline-reason-${member.memberId}`)?.focus();
    else if (wasAsking.current) startRef.current?.focus();
    wasAsking.current = asking;
  }, [asking, member.memberId]);

  if (!asking) {
    return (
      <button
        ref={startRef}
        type="button"
        className="button button-small"
        disabled={disabled}
        onClick={() => setAsking(true)}
        aria-label={`Decline ${member.businessName}`}
      >
        Decline
      </button>
    );
  }
  const id = `decline-reason-${member.memberId}`;
  return (
    <fieldset className="confirm decline-request">
      <legend className="confirm-question">Decline {member.businessName}?</legend>
      <TextAreaField
        id={id}
        label="Reason (optional)"
        hint="Sent to them in the email that tells them."
        value={reason}
        maxLength={REQUEST_NOTE_MAX_LENGTH}
        rows={2}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="owner-actions">
        <button type="button" className="button button-danger" disabled={disabled} onClick={() => onDecline(reason)}>
          Yes, decline
        </button>
        <button type="button" className="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

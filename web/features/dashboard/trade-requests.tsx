import { useEffect, useRef, useState } from 'react';
import { pagePath } from '../../../core/pages';
import type { TradeDecision, TradeMember, TradeMembers } from '../../../core/trade';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { ConfirmButton } from '../../ui/confirm-button';
import { Link } from '../../ui/link';
import { dashboardApi } from './api';
import { DeclineRequest } from './decline-request';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function Who({ member }: { member: TradeMember }) {
  return (
    <p className="trade-member-who">
      <strong>{member.businessName}</strong> <span className="muted">{member.displayName}</span>{' '}
      <a className="trade-member-email" href={`mailto:${member.email}`}>
        {member.email}
      </a>
      {member.handle && (
        <>
          {' '}
          <Link to={pagePath('profile', { handle: member.handle })}>@{member.handle}</Link>
        </>
      )}
    </p>
  );
}

/**
 * The supplier's requests for trade access (issue 32): approve or decline each (the requester is
 * mailed), and the members approved, each with Remove access. Shown to a holder with a trade-only
 * list, or with requests or members still to see to (issue 43: no empty card for everyone else).
 */
export function TradeRequests({ tradeLists }: { tradeLists: boolean | undefined }) {
  const loaded = useApiGet(() => dashboardApi.tradeRequests(), []);
  const [members, setMembers] = useState<TradeMembers>();
  const [notice, setNotice] = useState<string>();
  const current = members ?? loaded.data;
  const section = useRef<HTMLElement>(null);
  const shown = current !== undefined && tradeLists !== undefined;
  // Arrived from the request mail (/dashboard#trade-requests): the requests come into view once loaded.
  useEffect(() => {
    if (shown && window.location.hash === '#trade-requests') section.current?.scrollIntoView({ block: 'start' });
  }, [shown]);

  const decide = useApiAction(async (member: TradeMember, decision: TradeDecision, reason?: string) => {
    setMembers(await dashboardApi.decideTrade(member.memberId, decision, reason));
    const done = { approve: 'now has trade access', decline: 'was declined', remove: 'no longer has trade access' }[decision];
    setNotice(`${member.businessName} ${done}.`);
  });
  const { busy, error } = decide;

  if (!current || tradeLists === undefined) return null;
  if (!tradeLists && current.pending.length === 0 && current.approved.length === 0) return null;
  return (
    <section id="trade-requests" ref={section} className="card trade-requests" aria-labelledby="trade-requests-heading">
      <h2 id="trade-requests-heading">Trade access</h2>
      <p className="muted">Who may open your trade-only lists. Requests also come to you by email.</p>
      <p className="visually-hidden" aria-live="polite">
        {notice}
      </p>
      {notice && <p className="alert alert-success">{notice}</p>}
      {(error || loaded.error) && (
        <p className="alert alert-error" role="alert">
          {error ?? loaded.error?.message}
        </p>
      )}
      <h3>Requests</h3>
      {current.pending.length === 0 && <p className="muted">No requests waiting.</p>}
      <ul className="trade-members">
        {current.pending.map((member) => (
          <li key={member.memberId} className="trade-member">
            <Who member={member} />
            {member.note && <p className="trade-member-note">{member.note}</p>}
            <p className="muted">Asked {DAY.format(new Date(member.createdAt))}</p>
            <div className="owner-actions">
              <button
                type="button"
                className="button button-small button-primary"
                disabled={busy}
                onClick={() => decide.run(member, 'approve')}
                aria-label={`Approve ${member.businessName}`}
              >
                Approve
              </button>
              <DeclineRequest member={member} disabled={busy} onDecline={(reason) => decide.run(member, 'decline', reason)} />
            </div>
          </li>
        ))}
      </ul>
      <h3>With access</h3>
      <p className="muted">Access stays when someone unfollows you, until you remove it.</p>
      {current.approved.length === 0 && <p className="muted">No one has trade access yet.</p>}
      <ul className="trade-members">
        {current.approved.map((member) => (
          <li key={member.memberId} className="trade-member">
            <Who member={member} />
            <p className="muted">
              Since {DAY.format(new Date(member.decidedAt ?? member.createdAt))}
              {!member.following && ' · no longer follows you, still has access'}
            </p>
            <ConfirmButton
              label="Remove access"
              ariaLabel={`Remove access of ${member.businessName}`}
              question={`Remove the trade access of ${member.businessName}?`}
              confirmLabel="Yes, remove access"
              onConfirm={() => decide.run(member, 'remove')}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

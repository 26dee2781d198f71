import { useState } from 'react';
import type { ItemAlert } from '../../../core/item-alert';
import { alertsApi } from '../../lib/alerts-api';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { ErrorAlert } from '../../ui/alert';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Item alerts (issue 41 §3, docs/decisions/0209): each alert with when it last told the person,
 * paused or resumed, or removed. Alerts are set with "Alert me" on /compare and on a list's lines.
 */
export function AlertsSection() {
  const alerts = useApiGet(() => alertsApi.list(), []);
  const [status, setStatus] = useState('');
  const act = useApiAction(async (alert: ItemAlert, action: 'pause' | 'resume' | 'remove') => {
    if (action === 'remove') await alertsApi.remove(alert.id);
    else await alertsApi.setPaused(alert.id, action === 'pause');
    setStatus(
      action === 'remove'
        ? `Alert for ${alert.item} removed.`
        : `Alert for ${alert.item} ${action === 'pause' ? 'paused' : 'resumed'}.`,
    );
    alerts.reload();
  });

  const list = alerts.data?.alerts ?? [];
  return (
    <section className="card settings-section" id="item-alerts" aria-labelledby="item-alerts-heading">
      <h2 id="item-alerts-heading">Item alerts</h2>
      <p className="muted">
        Freshlist mails you once each time an item you watch comes back, falls under your price or moves, in the lists you can
        see. Set one with “Alert me” on the Compare page.
      </p>
      <ErrorAlert message={alerts.error?.message ?? act.error} />
      {alerts.loading && !alerts.data && <p className="muted">Loading your alerts...</p>}
      {alerts.data && list.length === 0 && <p>You have no item alerts yet.</p>}
      {list.length > 0 && (
        <ul className="item-alerts">
          {list.map((alert) => (
            <li key={alert.id} className="item-alerts-row">
              <div>
                <strong>{alert.item}</strong> {alert.condition}
                {alert.scope === 'following' ? ', businesses I follow' : ', every list I can see'}
                {alert.paused && <span className="muted"> (paused)</span>}
                <br />
                <span className="muted">
                  {alert.lastFiredAt === null ? 'Not told yet' : `Last told ${when.format(alert.lastFiredAt)}`}
                </span>
              </div>
              <div className="form-actions">
                <button
                  type="button"
                  className="button button-small"
                  disabled={act.busy}
                  onClick={() => act.run(alert, alert.paused ? 'resume' : 'pause')}
                >
                  {alert.paused ? 'Resume' : 'Pause'}
                  <span className="visually-hidden"> the alert for {alert.item}</span>
                </button>
                <button
                  type="button"
                  className="button button-small"
                  disabled={act.busy}
                  onClick={() => act.run(alert, 'remove')}
                >
                  Remove<span className="visually-hidden"> the alert for {alert.item}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="settings-status" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { ErrorAlert } from '../../ui/alert';
import type { DeviceState } from './push-device';

/** The opt-in's code (service worker, subscription): its own chunk, loaded when this part of settings opens. */
const loadDevice = () => import('./push-device');

const SAYS: Record<DeviceState, string> = {
  on: 'Alerts come to this device as notifications, as well as by mail.',
  off: 'Get item alerts, new lists and price changes as notifications on this device, as well as by mail.',
  blocked: 'Notifications from Freshlist are blocked in this browser. Allow them in its site settings, then come back here.',
  unsupported:
    'This browser cannot show notifications from Freshlist. On an iPhone or iPad, add Freshlist to your Home Screen (Share, then Add to Home Screen) and open it from there.',
  unavailable: 'This Freshlist server does not send notifications to devices.',
};

/** "Notify me on this device" (issue 41 §4, docs/decisions/0214): opt in or out of web push here. */
export function DeviceNotifications() {
  const [state, setState] = useState<DeviceState | 'loading'>('loading');
  const [status, setStatus] = useState('');

  useEffect(() => {
    let live = true;
    loadDevice()
      .then((device) => device.deviceState())
      .then(
        (found) => live && setState(found),
        () => live && setState('unsupported'),
      );
    return () => {
      live = false;
    };
  }, []);

  const turn = useApiAction(
    async (on: boolean) => {
      setStatus('');
      const device = await loadDevice();
      const now = await (on ? device.optIn() : device.optOut());
      setState(now);
      if (now === 'on') setStatus('Notifications are on for this device.');
      else if (now === 'off')
        setStatus(on ? 'Notifications were not allowed, so they stay off.' : 'Notifications are off for this device.');
    },
    // The server's words for its refusals (20 devices at most); the browser's in ours.
    { onError: (err) => (err instanceof ApiRequestError ? err.message : notPossible(err)) },
  );
  const { busy } = turn;

  return (
    <div className="device-notifications">
      <h3 id="device-notifications-heading">Notify me on this device</h3>
      {state === 'loading' ? <p className="muted">Checking this device...</p> : <p>{SAYS[state]}</p>}
      <ErrorAlert message={turn.error} />
      {(state === 'on' || state === 'off') && (
        <div className="form-actions">
          <button
            type="button"
            className={state === 'on' ? 'button' : 'button button-primary'}
            disabled={busy}
            aria-busy={busy}
            onClick={() => void turn.run(state === 'off')}
          >
            {state === 'on' ? 'Turn off on this device' : 'Turn on for this device'}
          </button>
        </div>
      )}
      <p className="settings-status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

/** A browser's own refusal (no push service reachable, private window) in words a person can act on. */
const notPossible = (err: unknown) =>
  err instanceof Error && err.name === 'NotAllowedError'
    ? 'This browser did not allow notifications. Check its site settings and try again.'
    : 'This device could not be set up for notifications. Try again, or use another browser.';

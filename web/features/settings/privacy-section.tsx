import { useEffect, useState } from 'react';
import type { ConsentChoice } from '../../../core/consent';
import { onConsentChange, readConsent, setConsent } from '../../lib/analytics';

const STATE: Record<ConsentChoice | 'none', string> = {
  accepted: 'You allow anonymous analytics: we count page views and clicks in our own database, without names or emails.',
  declined: 'You do not allow analytics: nothing about your visits is recorded.',
  none: 'You have not chosen yet: nothing is recorded until you allow it.',
};

/** Analytics consent (spec 3), changeable at any time: the same choice the banner stores, in this browser. */
export function PrivacySection() {
  const [choice, setChoice] = useState<ConsentChoice | null>(() => readConsent());
  const [changed, setChanged] = useState('');
  // A change from the banner ("Privacy choices") makes an earlier confirmation here out of date.
  useEffect(
    () =>
      onConsentChange((next) => {
        setChoice(next);
        setChanged('');
      }),
    [],
  );

  const choose = (next: ConsentChoice) => {
    setConsent(next);
    setChanged(next === 'accepted' ? 'Analytics allowed. Thank you!' : 'Analytics turned off.');
  };

  return (
    <section className="card settings-section" aria-labelledby="privacy-heading" id="privacy">
      <h2 id="privacy-heading">Privacy</h2>
      <p>{STATE[choice ?? 'none']}</p>
      <p className="field-hint">
        This choice is kept in this browser; the “Privacy choices” link at the bottom of every page changes it too.
      </p>
      <div className="form-actions">
        {choice !== 'accepted' && (
          <button type="button" className="button button-primary" onClick={() => choose('accepted')}>
            Allow analytics
          </button>
        )}
        {choice !== 'declined' && (
          <button type="button" className="button" onClick={() => choose('declined')}>
            {choice === 'accepted' ? 'Turn analytics off' : 'Do not allow'}
          </button>
        )}
      </div>
      <p className="settings-status" role="status" aria-live="polite">
        {changed}
      </p>
    </section>
  );
}

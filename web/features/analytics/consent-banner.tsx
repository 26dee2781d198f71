import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CONSENT_BANNER_DELAY_MS, type ConsentChoice } from '../../../core/consent';
import { onConsentChange, onConsentChoicesOpened, readConsent, setConsent, startAnalytics, track } from '../../lib/analytics';

/**
 * The consent banner (spec 2): slides in 100 ms after load while no choice is stored, and
 * counts page views once the visitor accepted. The layout puts it early in the tab order (issue
 * 15 §6); "Privacy choices" in the footer opens it again, with focus on it, to change the choice.
 */
export function ConsentBanner() {
  // Unknown (undefined) until mounted: the server cannot read the choice, and the browser's first
  // render must match the server's HTML (docs/decisions/0108).
  const [choice, setChoice] = useState<ConsentChoice | null | undefined>(undefined);
  const [shown, setShown] = useState(false);
  const [reopened, setReopened] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();

  useEffect(() => {
    setChoice(readConsent());
    return onConsentChange((next) => {
      setChoice(next);
      setReopened(false);
    });
  }, []);
  useEffect(() => onConsentChoicesOpened(() => setReopened(true)), []);

  useEffect(() => {
    if (choice !== null && !reopened) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), reopened ? 0 : CONSENT_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [choice, reopened]);

  useEffect(() => {
    if (reopened && shown) heading.current?.focus();
  }, [reopened, shown]);

  useEffect(() => {
    if (choice === 'accepted') startAnalytics();
  }, [choice]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a page view is a change of path.
  useEffect(() => {
    if (choice === 'accepted') track('page_view');
  }, [location.pathname, choice]);

  if (choice !== null && !reopened) return null;
  return (
    <>
      {/* Room below the footer, so the banner never hides the end of the page. */}
      <div className="consent-spacer" aria-hidden="true" />
      <section className={`consent-banner${shown ? ' consent-banner-shown' : ''}`} aria-labelledby="consent-heading">
        <div className="consent-banner-text">
          <h2 id="consent-heading" ref={heading} tabIndex={-1}>
            Help us improve Freshlist
          </h2>
          <p>
            With your OK we count page views and clicks anonymously in our own database: no names, no emails, no tracking across
            other sites. You can use Freshlist fully either way.
          </p>
          {reopened && choice && <p>Your choice now: {choice === 'accepted' ? 'Accept' : 'Decline'}.</p>}
        </div>
        <div className="consent-banner-actions">
          <button type="button" className="button" onClick={() => setConsent('declined')}>
            Decline
          </button>
          <button type="button" className="button button-primary" onClick={() => setConsent('accepted')}>
            Accept
          </button>
        </div>
      </section>
    </>
  );
}

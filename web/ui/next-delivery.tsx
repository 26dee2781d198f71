import { useEffect, useState } from 'react';
import { deliveryLineChangesAt, nextDelivery, nextDeliveryText, type PublicDeliveryTerms } from '../../core/delivery-terms';
import './next-delivery.css';

/** A countdown's next step is at most a day away; a timer this long still fires (setTimeout's own limit is ~24.8 days). */
const LONGEST_WAIT_MS = 86_400_000;

/**
 * "Next delivery Tue 3 Dec · order by Mon 16:00 (3 h left)" (issue 40 §1) for a business's terms,
 * by the viewer's clock. It renders once mounted, never on the server: a stored page was rendered
 * at another time, and its countdown would disagree with the browser's. It moves on as its countdown
 * steps, and when the tab comes back (a sleeping tab's timers run late).
 */
export function NextDelivery({ terms, className = '' }: { terms: PublicDeliveryTerms; className?: string }) {
  const [now, setNow] = useState<number | null>(null);
  const next = now === null ? null : nextDelivery(terms, now);

  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const onVisible = () => document.visibilityState === 'visible' && tick();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const changesAt = now !== null && next ? deliveryLineChangesAt(next, now) : null;
  useEffect(() => {
    if (changesAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(changesAt - Date.now(), 0), LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [changesAt]);

  if (now === null) return null;
  return (
    <p className={`next-delivery ${className}`.trim()} data-testid="next-delivery">
      {next ? nextDeliveryText(next, terms.timeZone, now) : 'No delivery date ahead: ask the business.'}
    </p>
  );
}

import { HttpError } from '../../http-errors';

export const EXPORT_MESSAGES = {
  yours: 'Your other download is still being prepared. Please wait for it to finish.',
  busy: 'Downloads are busy right now. Please try again in a minute.',
} as const;

/**
 * How many response downloads run at once (docs/decisions/0132): one per person, and `atOnce`
 * in this process, so no number of requests can take more than that many pages of memory and
 * that share of the event loop. A refused download answers 429 at once rather than waiting.
 */
export function exportGate(atOnce: number) {
  const running = new Set<string>();
  return {
    /** Takes a slot for the person's download; call the returned function (any number of times) when it ends. */
    enter(userId: string): () => void {
      if (running.has(userId)) throw new HttpError(429, EXPORT_MESSAGES.yours, 'Too Many Requests');
      if (running.size >= atOnce) throw new HttpError(429, EXPORT_MESSAGES.busy, 'Too Many Requests');
      running.add(userId);
      return () => running.delete(userId);
    },
  };
}

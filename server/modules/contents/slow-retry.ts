/**
 * When a file that was "too slow" is read again though its bytes did not change (docs/decisions/0212):
 * the limit may have been passed because the machine was busy, not because the file is slow. It is
 * read again 15 minutes after it was first found too slow, then 30 minutes after that, then an
 * hour, doubling up to a day apart: a file that is slow for good costs a reading a day.
 */

const FIRST_MS = 15 * 60_000;
const MOST_MS = 24 * 60 * 60_000;

/** Whether a retry time, counted from `seenAt`, fell after the last check and is here by `now`. */
export function slowRetryDue(seenAt: number, checkedAt: number | null, now: number): boolean {
  const last = Math.max(seenAt, checkedAt ?? seenAt);
  let step = FIRST_MS;
  let due = seenAt + step;
  while (due <= last) {
    step = Math.min(step * 2, MOST_MS);
    due += step;
  }
  return now >= due;
}

import { describe, expect, it } from 'vitest';
import { postcodeCovers } from './delivery-areas';
import {
  type DeliveryTerms,
  dateInZone,
  deliveryLine,
  deliveryLineChangesAt,
  nextDelivery,
  nextDeliveryText,
  servesArea,
  timeLeft,
  weekdayOf,
  zonedInstant,
} from './delivery-terms';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** An instant written as UTC, so every expectation below is worked out by hand, not by the code under test. */
const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min);

function terms(overrides: Partial<DeliveryTerms> = {}): DeliveryTerms {
  return {
    timeZone: 'Europe/London',
    days: [{ day: 'mon', cutoff: { daysBefore: 1, time: '16:00' } }],
    minimumOrder: null,
    areas: { postcodes: [], towns: [] },
    exceptions: { noDelivery: [], earlierCutoffs: [] },
    orderTo: { emails: ['orders@farm.example'], phone: null, whatsapp: false },
    ...overrides,
  };
}

describe('calendar', () => {
  it('knows the weekday of a date and the date in a zone', () => {
    expect(weekdayOf('2026-12-25')).toBe('fri');
    expect(weekdayOf('1970-01-01')).toBe('thu');
    expect(weekdayOf('2027-03-28')).toBe('sun');
    // 23:30 UTC on 31 Dec is already New Year's Day in Sydney, still 31 Dec in New York.
    expect(dateInZone(utc(2026, 12, 31, 23, 30), 'Australia/Sydney')).toBe('2027-01-01');
    expect(dateInZone(utc(2026, 12, 31, 23, 30), 'America/New_York')).toBe('2026-12-31');
  });
});

describe('zonedInstant', () => {
  it('reads a wall time with the offset of that day', () => {
    expect(zonedInstant('2026-01-15', '16:00', 'Europe/London')).toBe(utc(2026, 1, 15, 16));
    expect(zonedInstant('2026-07-15', '16:00', 'Europe/London')).toBe(utc(2026, 7, 15, 15));
    expect(zonedInstant('2026-07-15', '16:00', 'America/New_York')).toBe(utc(2026, 7, 15, 20));
    expect(zonedInstant('2026-07-15', '16:00', 'Australia/Sydney')).toBe(utc(2026, 7, 15, 6));
  });

  it('moves a time that never happens (clocks forward) past the gap', () => {
    // London, 29 Mar 2026: 01:00 GMT becomes 02:00 BST; 01:30 is read as 02:30 BST = 01:30 UTC.
    expect(zonedInstant('2026-03-29', '01:30', 'Europe/London')).toBe(utc(2026, 3, 29, 1, 30));
    // New York, 8 Mar 2026: 02:00 EST becomes 03:00 EDT; 02:30 is read as 03:30 EDT = 07:30 UTC.
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York')).toBe(utc(2026, 3, 8, 7, 30));
  });

  it('takes the first of a time that happens twice (clocks back)', () => {
    // London, 25 Oct 2026: 01:30 BST (00:30 UTC) comes before 01:30 GMT (01:30 UTC).
    expect(zonedInstant('2026-10-25', '01:30', 'Europe/London')).toBe(utc(2026, 10, 25, 0, 30));
    // Sydney, 5 Apr 2026: 02:30 AEDT (15:30 UTC the day before) comes before 02:30 AEST.
    expect(zonedInstant('2026-04-05', '02:30', 'Australia/Sydney')).toBe(utc(2026, 4, 4, 15, 30));
  });
});

describe('nextDelivery across daylight-saving changes', () => {
  // Each row: a Monday delivery with a Sunday 16:00 cut-off on the change date, and one a week
  // before or after it, seen from the Saturday before the change.
  it.each([
    // Europe/London 2026: forward on Sun 29 Mar (cut-off in BST), back on Sun 25 Oct (in GMT).
    ['Europe/London', '2026-03-30', utc(2026, 3, 28, 12), utc(2026, 3, 29, 15)],
    ['Europe/London', '2026-10-26', utc(2026, 10, 24, 12), utc(2026, 10, 25, 16)],
    // 2027: forward on Sun 28 Mar, back on Sun 31 Oct.
    ['Europe/London', '2027-03-29', utc(2027, 3, 27, 12), utc(2027, 3, 28, 15)],
    ['Europe/London', '2027-11-01', utc(2027, 10, 30, 12), utc(2027, 10, 31, 16)],
    // America/New_York 2026: forward Sun 8 Mar (EDT, UTC-4), back Sun 1 Nov (EST, UTC-5).
    ['America/New_York', '2026-03-09', utc(2026, 3, 7, 12), utc(2026, 3, 8, 20)],
    ['America/New_York', '2026-11-02', utc(2026, 10, 31, 12), utc(2026, 11, 1, 21)],
    // 2027: forward Sun 14 Mar, back Sun 7 Nov.
    ['America/New_York', '2027-03-15', utc(2027, 3, 13, 12), utc(2027, 3, 14, 20)],
    ['America/New_York', '2027-11-08', utc(2027, 11, 6, 12), utc(2027, 11, 7, 21)],
    // Australia/Sydney 2026: back Sun 5 Apr (AEST, UTC+10), forward Sun 4 Oct (AEDT, UTC+11).
    ['Australia/Sydney', '2026-04-06', utc(2026, 4, 4, 0), utc(2026, 4, 5, 6)],
    ['Australia/Sydney', '2026-10-05', utc(2026, 10, 3, 0), utc(2026, 10, 4, 5)],
  ])('%s: delivery %s', (timeZone, deliveryDate, now, cutoffAtMs) => {
    expect(nextDelivery(terms({ timeZone }), now)).toEqual({ deliveryDate, cutoffAtMs });
  });

  it('counts the hours left in the zone’s own clock on the change day', () => {
    // Sun 29 Mar 2026, 13:00 UTC is 14:00 BST: two hours to 16:00, not three.
    const now = utc(2026, 3, 29, 13);
    expect(deliveryLine(terms(), now)).toBe('Next delivery Mon 30 Mar · order by Sun 16:00 (2 h left)');
    // Sun 25 Oct 2026, 13:00 UTC is 13:00 GMT again: three hours.
    expect(deliveryLine(terms(), utc(2026, 10, 25, 13))).toBe('Next delivery Mon 26 Oct · order by Sun 16:00 (3 h left)');
  });

  it('keeps a cut-off several days before the delivery on the far side of a change', () => {
    // Delivery Tue 31 Mar 2026, orders by Sat 28 Mar 16:00 (GMT, before the change): 16:00 UTC.
    const t = terms({ days: [{ day: 'tue', cutoff: { daysBefore: 3, time: '16:00' } }] });
    expect(nextDelivery(t, utc(2026, 3, 27, 9))).toEqual({ deliveryDate: '2026-03-31', cutoffAtMs: utc(2026, 3, 28, 16) });
    // Seen the minute after it, the next is Tue 7 Apr, orders by Sat 4 Apr 16:00 BST (15:00 UTC).
    expect(nextDelivery(t, utc(2026, 3, 28, 16, 1))).toEqual({ deliveryDate: '2026-04-07', cutoffAtMs: utc(2026, 4, 4, 15) });
  });
});

describe('nextDelivery with exceptions', () => {
  // Tuesdays and Fridays, orders the day before at 16:00, London. 25 Dec 2026 is a Friday.
  const christmas = terms({
    days: [
      { day: 'tue', cutoff: { daysBefore: 1, time: '16:00' } },
      { day: 'fri', cutoff: { daysBefore: 1, time: '16:00' } },
    ],
    exceptions: {
      noDelivery: ['2026-12-25'],
      earlierCutoffs: [{ date: '2026-12-22', cutoff: { daysBefore: 3, time: '12:00' } }],
    },
  });

  it('skips a date with no delivery', () => {
    expect(nextDelivery(christmas, utc(2026, 12, 24, 10))).toEqual({
      deliveryDate: '2026-12-29',
      cutoffAtMs: utc(2026, 12, 28, 16),
    });
  });

  it('closes a date with an earlier cut-off at that cut-off', () => {
    // Before the earlier cut-off (Sat 19 Dec 12:00): Tue 22 Dec is still open.
    expect(nextDelivery(christmas, utc(2026, 12, 19, 11))).toEqual({
      deliveryDate: '2026-12-22',
      cutoffAtMs: utc(2026, 12, 19, 12),
    });
    // After it, though before the usual Monday cut-off: not the 22nd, not the 25th, the 29th.
    expect(nextDelivery(christmas, utc(2026, 12, 21, 9))?.deliveryDate).toBe('2026-12-29');
  });

  it('reads the same day’s delivery when its cut-off is the same morning', () => {
    const sameDay = terms({ days: [{ day: 'wed', cutoff: { daysBefore: 0, time: '06:00' } }] });
    expect(nextDelivery(sameDay, utc(2026, 12, 2, 5, 30))).toEqual({
      deliveryDate: '2026-12-02',
      cutoffAtMs: utc(2026, 12, 2, 6),
    });
    expect(nextDelivery(sameDay, utc(2026, 12, 2, 6, 30))?.deliveryDate).toBe('2026-12-09');
  });

  it('has none when every delivery within a year is an exception, or there is no delivery day', () => {
    const noDelivery = Array.from({ length: 60 }, (_, i) => new Date(utc(2026, 12, 7) + i * 7 * DAY).toISOString().slice(0, 10));
    expect(nextDelivery(terms({ exceptions: { noDelivery, earlierCutoffs: [] } }), utc(2026, 12, 1))).toBeNull();
    expect(nextDelivery(terms({ days: [] }), utc(2026, 12, 1))).toBeNull();
  });
});

describe('the cut-off itself', () => {
  // Delivery Tue 1 Dec 2026, orders by Mon 30 Nov 16:00 GMT.
  const t = terms({ days: [{ day: 'tue', cutoff: { daysBefore: 1, time: '16:00' } }] });
  const cutoff = utc(2026, 11, 30, 16);

  it('is open a minute before', () => {
    expect(nextDelivery(t, cutoff - MIN)).toEqual({ deliveryDate: '2026-12-01', cutoffAtMs: cutoff });
    expect(deliveryLine(t, cutoff - MIN)).toBe('Next delivery Tue 1 Dec · order by Mon 16:00 (1 min left)');
  });

  it('has passed at the cut-off and a minute after', () => {
    expect(nextDelivery(t, cutoff)?.deliveryDate).toBe('2026-12-08');
    expect(nextDelivery(t, cutoff + MIN)).toEqual({ deliveryDate: '2026-12-08', cutoffAtMs: utc(2026, 12, 7, 16) });
    expect(deliveryLine(t, cutoff + MIN)).toBe('Next delivery Tue 8 Dec · order by Mon 7 Dec 16:00 (6 days left)');
  });

  it('closes several days before the delivery', () => {
    // Monday deliveries, orders by Thursday 12:00: on Friday the coming Monday has closed.
    const early = terms({ days: [{ day: 'mon', cutoff: { daysBefore: 4, time: '12:00' } }] });
    const friday = utc(2026, 12, 4, 10);
    expect(nextDelivery(early, friday)).toEqual({ deliveryDate: '2026-12-14', cutoffAtMs: utc(2026, 12, 10, 12) });
    expect(deliveryLine(early, friday)).toBe('Next delivery Mon 14 Dec · order by Thu 12:00 (6 days left)');
  });
});

describe('the line', () => {
  it('says the issue’s example', () => {
    // Tue 3 Dec 2030 (a Tuesday), orders by Mon 2 Dec 16:00 GMT, three hours ahead.
    const next = { deliveryDate: '2030-12-03', cutoffAtMs: utc(2030, 12, 2, 16) };
    expect(nextDeliveryText(next, 'Europe/London', utc(2030, 12, 2, 13))).toBe(
      'Next delivery Tue 3 Dec · order by Mon 16:00 (3 h left)',
    );
  });

  it('names the cut-off’s date when it is a week or more away', () => {
    const next = { deliveryDate: '2026-12-15', cutoffAtMs: utc(2026, 12, 10, 12) };
    expect(nextDeliveryText(next, 'Europe/London', utc(2026, 12, 2, 12))).toBe(
      'Next delivery Tue 15 Dec · order by Thu 10 Dec 12:00 (8 days left)',
    );
  });

  it.each([
    [30 * 1000, '1 min left'],
    [59 * MIN, '59 min left'],
    [HOUR, '1 h left'],
    [47 * HOUR + 59 * MIN, '47 h left'],
    [2 * DAY, '2 days left'],
    [9 * DAY + 23 * HOUR, '9 days left'],
  ])('%i ms reads %s', (ms, text) => {
    expect(timeLeft(ms)).toBe(text);
  });

  it('changes when its countdown drops a step', () => {
    const now = utc(2026, 12, 1, 12);
    expect(deliveryLineChangesAt({ deliveryDate: '2026-12-02', cutoffAtMs: now + 3 * HOUR + 20 * MIN }, now)).toBe(
      now + 20 * MIN + 1,
    );
    expect(deliveryLineChangesAt({ deliveryDate: '2026-12-02', cutoffAtMs: now + 30 * 1000 }, now)).toBe(now + 30 * 1000);
  });
});

describe('areas', () => {
  const t = terms({ areas: { postcodes: ['E1', 'SW', 'BS8 1', '100'], towns: ['Bristol', 'Saint-Émilion'] } });

  it.each([
    ['E1 6AN', true],
    ['e16an', true],
    ['E14 5AB', false],
    ['EC1A 1BB', false],
    ['SW1A 1AA', true],
    ['BS8 1TH', true],
    ['BS8 2AA', false],
    ['10001', true],
    ['11201', false],
    ['bristol', true],
    ['saint emilion', true],
    ['Bath', false],
    ['', false],
  ])('%s served: %s', (where, served) => {
    expect(servesArea(t, where)).toBe(served);
  });

  it('serves anywhere when the terms name no area', () => {
    expect(servesArea(terms(), 'Anywhere')).toBe(true);
  });

  it('reads a letters-only prefix as a whole postcode area', () => {
    expect(postcodeCovers('E', 'E14 5AB')).toBe(true);
    expect(postcodeCovers('E', 'EC1A 1BB')).toBe(false);
  });
});

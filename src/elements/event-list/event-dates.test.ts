/**
 * A standing exhibition (an everyday run of years): the list qualifies it, the card's calendar links
 * and the file from the same disclosure agree on its dates, whatever the list's order and range.
 * Pure: fixed dates, no clock.
 */
import { expect } from '@open-wc/testing';
import { calendarOccurrences } from '../../api/occurrences.js';
import type { LocalDateTime } from '../../api/models.js';
import { EN } from '../../shared/localize/en/index.js';
import { calendarEvent } from '../../../test/helpers/ics.js';
import type { CalendarContext } from './add-to-calendar.js';
import { listAround, qualifyingOccurrence, type DateRange } from './event-dates.js';
import { saveIcs } from './save-ics.js';

const expo = calendarEvent({ start: '2024-06-01T10:00:00', end: '2030-12-31T18:00:00', moreDates: [], recurrence: 'everyday' });
const NOW: LocalDateTime = '2026-11-25T12:00:00';

/** The days of the `.ics` file the list's disclosure writes, for a list placing dates around `around`. */
function fileDays(around: string | undefined): string[] {
  let text = '';
  const context: CalendarContext = {
    zone: null,
    strings: EN,
    locale: 'en',
    around,
    download: (_name, _mime, written) => {
      text = written;
    },
  };
  saveIcs([expo], 'expo', undefined, context);
  return [...text.matchAll(/DTSTART[^:]*:(\d{4})(\d{2})(\d{2})/g)].map(([, y, m, d]) => `${y}-${m}-${d}`);
}

describe('listAround', () => {
  it('is the later of today (upcoming) and the range’s first day; none for a list by publish date', () => {
    expect(listAround({ from: null, to: null }, null)).to.equal(undefined);
    expect(listAround({ from: null, to: null }, NOW)).to.equal('2026-11-25');
    expect(listAround({ from: '2028-06-01', to: null }, NOW)).to.equal('2028-06-01');
    expect(listAround({ from: '2025-01-01', to: null }, NOW)).to.equal('2026-11-25');
    expect(listAround({ from: '2029-03-01', to: '2029-03-31' }, null)).to.equal('2029-03-01');
  });
});

describe('a standing everyday exhibition', () => {
  const cases: Array<[string, DateRange, LocalDateTime | null, string]> = [
    ['an upcoming list', { from: null, to: null }, NOW, '2026-11-25'],
    ['an upcoming list from more than a year ahead', { from: '2028-06-01', to: '2028-06-30' }, NOW, '2028-06-01'],
    ['a date range more than two years after it opened', { from: '2029-03-01', to: '2029-03-31' }, null, '2029-03-01'],
  ];
  for (const [list, range, now, day] of cases) {
    it(`${list}: qualifies on ${day}, and the card's file holds that day`, () => {
      const shown = qualifyingOccurrence(expo, range, now);
      expect(shown?.start).to.equal(`${day}T10:00:00`);
      expect(fileDays(listAround(range, now))).to.include(day);
    });
  }

  it('a list by publish date: the card’s calendar date (its start) is in the file', () => {
    expect(calendarOccurrences(expo, undefined)[0]!.start).to.equal('2024-06-01T10:00:00');
    expect(fileDays(undefined)).to.include('2024-06-01');
  });
});

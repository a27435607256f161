/**
 * An everyday event's daily slots: a run of years is placed around the day asked about, not only in
 * its first year, and a run wholly outside that reach keeps its nearest day. Pure: fixed dates, no clock.
 */
import { expect } from '@open-wc/testing';
import { calendarOccurrences, eventOccurrences, EVERYDAY_MAX_DAYS } from '../../src/api/occurrences.js';
import { calendarEvent } from '../helpers/ics.js';

const everyday = (start: string, end: string) => calendarEvent({ start, end, moreDates: [], recurrence: 'everyday' });

describe('eventOccurrences', () => {
  it('places a run of years in its first year when no day is asked about', () => {
    const dates = eventOccurrences(everyday('2024-06-01T10:00:00', '2027-05-31T12:00:00'));
    expect(dates).to.have.length(EVERYDAY_MAX_DAYS);
    expect(dates[0]).to.deep.equal({ start: '2024-06-01T10:00:00', end: '2024-06-01T12:00:00' });
  });

  it('places a run of years from a year before the day asked about, two years at most', () => {
    const event = everyday('2024-06-01T10:00:00', '2029-05-31T12:00:00');
    const dates = eventOccurrences(event, '2026-11-25');
    expect(dates[0]!.start).to.equal('2025-11-24T10:00:00');
    expect(dates).to.have.length(2 * EVERYDAY_MAX_DAYS);
    expect(dates.some((date) => date.start === '2026-11-25T10:00:00')).to.equal(true);
    expect(dates.some((date) => date.start === '2027-11-25T10:00:00')).to.equal(true);
    // Another day gets its own slots; the first ones are still what they were.
    expect(eventOccurrences(event, '2028-01-10')[0]!.start).to.equal('2027-01-09T10:00:00');
    expect(eventOccurrences(event, '2026-11-25')).to.equal(dates);
    expect(calendarOccurrences(event, '2026-11-25')[0]!.start).to.equal('2025-11-24T10:00:00');
  });

  it('places all of a run that fits, whenever it is', () => {
    const over = eventOccurrences(everyday('2020-01-01T10:00:00', '2020-03-01T12:00:00'), '2026-11-25');
    expect(over).to.have.length(61);
    expect(over[0]!.start).to.equal('2020-01-01T10:00:00');
    const ahead = eventOccurrences(everyday('2030-01-01T10:00:00', '2030-01-03T12:00:00'), '2026-11-25');
    expect(ahead.map((date) => date.start)).to.deep.equal(['2030-01-01T10:00:00', '2030-01-02T10:00:00', '2030-01-03T10:00:00']);
  });

  it('places the last two years of a long run long over, and the first two of one still to come', () => {
    const over = eventOccurrences(everyday('2012-01-01T10:00:00', '2020-03-01T12:00:00'), '2026-11-25');
    expect(over).to.have.length(2 * EVERYDAY_MAX_DAYS);
    expect(over.at(-1)).to.deep.equal({ start: '2020-03-01T10:00:00', end: '2020-03-01T12:00:00' });
    const ahead = eventOccurrences(everyday('2030-01-01T10:00:00', '2039-01-03T12:00:00'), '2026-11-25');
    expect(ahead).to.have.length(2 * EVERYDAY_MAX_DAYS);
    expect(ahead[0]!.start).to.equal('2030-01-01T10:00:00');
  });

  it('near the end of a long run, places its last two years', () => {
    const dates = eventOccurrences(everyday('2012-01-01T10:00:00', '2026-12-31T12:00:00'), '2026-11-25');
    expect(dates).to.have.length(2 * EVERYDAY_MAX_DAYS);
    expect(dates.at(-1)!.start).to.equal('2026-12-31T10:00:00');
  });

  it('places a run that is not everyday the same whatever the day', () => {
    const event = calendarEvent({ start: '2024-06-01T10:00:00', end: '2027-05-31T12:00:00', moreDates: [], recurrence: 'no' });
    expect(eventOccurrences(event, '2026-11-25')).to.equal(eventOccurrences(event));
    expect(eventOccurrences(event)).to.deep.equal([{ start: '2024-06-01T10:00:00', end: '2027-05-31T12:00:00' }]);
  });
});

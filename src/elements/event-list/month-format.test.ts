import { expect } from '@open-wc/testing';
import { dayNumber, fullDate, monthLabel, monthName } from './month-format.js';

describe('month view words', () => {
  it("name the Gregorian grid's months and days in a language whose calendar is another, in its own digits", () => {
    // fa-IR defaults to the Persian calendar (1 November 2026 is 10 Aban 1405); the grid is Gregorian.
    expect(dayNumber('2026-11-01', 'fa-IR')).to.equal('۱');
    expect(dayNumber('2026-11-30', 'fa-IR')).to.equal('۳۰');
    expect(monthLabel('2026-11', 'fa-IR')).to.include('۲۰۲۶').and.not.include('۱۴۰۵');
    expect(monthName('2026-11', 'fa-IR')).to.equal(monthName('2026-11', 'fa-IR-u-ca-gregory'));
    expect(fullDate('2026-11-01', 'ar-SA')).to.equal(fullDate('2026-11-01', 'ar-SA-u-ca-gregory'));
    expect(monthLabel('2026-11', 'en')).to.equal('November 2026');
  });
});

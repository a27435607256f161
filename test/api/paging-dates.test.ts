import { expect } from '@open-wc/testing';
import { checkDate, isDate } from '../../src/api/paging.js';
import { ApiError } from '../../src/api/errors.js';

describe('date arguments', () => {
  it('takes days that exist, leap days included', () => {
    for (const day of ['2026-01-01', '2026-12-31', '2028-02-29', '2000-02-29', '2031-04-30']) expect(isDate(day), day).to.equal(true);
    expect(checkDate('2028-02-29', 'from-date')).to.equal('2028-02-29');
  });

  it('refuses days a calendar does not have, which Date would roll into the next month', () => {
    for (const day of [
      '2031-02-30',
      '2027-02-29',
      '1900-02-29',
      '2031-04-31',
      '2031-13-01',
      '2031-00-10',
      '2031-01-00',
      '2031-1-1',
      ' 2031-01-01',
      'today',
      '',
    ])
      expect(isDate(day), JSON.stringify(day)).to.equal(false);
    let error: unknown;
    try {
      checkDate('2031-02-30', 'from-date');
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).code).to.equal('tw_invalid_argument');
    expect((error as ApiError).message).to.contain('from-date');
  });
});

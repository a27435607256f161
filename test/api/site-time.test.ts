// Site time: zones from text and from the REST index, offsets across DST, wall-clock readings and
// the instants of site-local readings (repeated and skipped hours included).
import { expect } from '@open-wc/testing';
import {
  instantOfLocal,
  instantOfLocalDateTime,
  localEpoch,
  localEpochOf,
  offsetMinutesAt,
  parseSiteZone,
  wallClock,
  zoneText,
  type SiteZone,
} from '../../src/api/site-time.js';

const zone = (text: string) => parseSiteZone(text) as SiteZone;
const local = (text: string) => Date.parse(`${text}Z`);

describe('site time', () => {
  it('parses IANA names and fixed offsets, and refuses anything else', () => {
    expect(parseSiteZone('Europe/Berlin')).to.deep.equal({ kind: 'iana', name: 'Europe/Berlin' });
    expect(parseSiteZone(' UTC ')).to.deep.equal({ kind: 'iana', name: 'UTC' });
    expect(parseSiteZone('+05:30')).to.deep.equal({ kind: 'offset', minutes: 330 });
    expect(parseSiteZone('-0800')).to.deep.equal({ kind: 'offset', minutes: -480 });
    expect(parseSiteZone('UTC+2')).to.deep.equal({ kind: 'offset', minutes: 120 });
    for (const bad of ['', 'Mars/Olympus', '+15:00', '+05:75', '<img src=x onerror=alert(1)>', '=HYPERLINK("x")']) {
      expect(parseSiteZone(bad), bad).to.equal(null);
    }
    expect(zoneText(zone('+05:30'))).to.equal('+05:30');
    expect(zoneText(zone('-0330'))).to.equal('-03:30');
    expect(zoneText(zone('Asia/Kolkata'))).to.equal('Asia/Kolkata');
  });

  it('knows the offset on both sides of a DST switch', () => {
    const berlin = zone('Europe/Berlin');
    expect(offsetMinutesAt(Date.UTC(2026, 2, 29, 0, 59), berlin)).to.equal(60);
    expect(offsetMinutesAt(Date.UTC(2026, 2, 29, 1, 0), berlin)).to.equal(120);
    expect(offsetMinutesAt(Date.UTC(2026, 9, 25, 0, 59), berlin)).to.equal(120);
    expect(offsetMinutesAt(Date.UTC(2026, 9, 25, 1, 0), berlin)).to.equal(60);
    expect(offsetMinutesAt(Date.UTC(2028, 1, 29, 17, 0), zone('America/New_York'))).to.equal(-300);
    expect(offsetMinutesAt(0, zone('-03:30'))).to.equal(-210);
  });

  it('reads the wall clock of a zone: 23:55 on New Year’s Eve in Kolkata, the next year ten minutes later', () => {
    const kolkata = zone('Asia/Kolkata');
    expect(wallClock(Date.UTC(2026, 11, 31, 18, 25), kolkata)).to.deep.equal({ date: '2026-12-31', time: '23:55', dateTime: '2026-12-31T23:55:00' });
    expect(wallClock(Date.UTC(2026, 11, 31, 18, 35), kolkata).date).to.equal('2027-01-01');
    // 01:30 on the night Berlin leaves summer time is still Saturday in UTC.
    expect(wallClock(Date.UTC(2026, 9, 24, 23, 30), zone('Europe/Berlin')).dateTime).to.equal('2026-10-25T01:30:00');
    expect(wallClock(Date.UTC(2028, 1, 29, 17, 0), zone('America/New_York')).dateTime).to.equal('2028-02-29T12:00:00');
  });

  it('reads site-local readings with or without seconds, and refuses ones that do not exist', () => {
    expect(localEpochOf('2026-03-29T03:10')).to.equal(Date.UTC(2026, 2, 29, 3, 10));
    expect(localEpochOf('2026-03-29T03:10:30')).to.equal(Date.UTC(2026, 2, 29, 3, 10, 30));
    for (const bad of ['2026-02-30T10:00', '2026-03-29T24:00', '2026-03-29T03:60', '2026-03-29 03:10', '2026-03-29T3:10'])
      expect(localEpochOf(bad), bad).to.equal(null);
    // A departure at 03:10 on Berlin's spring-forward night is 01:10 UTC.
    expect(new Date(instantOfLocalDateTime('2026-03-29T03:10', parseSiteZone('Europe/Berlin'))).toISOString()).to.equal('2026-03-29T01:10:00.000Z');
  });

  it('null stands for the viewer’s zone', () => {
    const at = new Date(2026, 10, 30, 7, 5).getTime();
    expect(wallClock(at, null).time).to.equal('07:05');
    expect(localEpoch(at, null)).to.equal(local('2026-11-30T07:05:00'));
  });

  it('turns site-local readings into instants: the earlier of a repeated hour, the skipped hour read with the old offset', () => {
    const berlin = zone('Europe/Berlin');
    expect(instantOfLocal(local('2026-11-30T09:00:00'), berlin)).to.equal(Date.UTC(2026, 10, 30, 8, 0));
    expect(instantOfLocal(local('2026-07-01T09:00:00'), berlin)).to.equal(Date.UTC(2026, 6, 1, 7, 0));
    expect(instantOfLocal(local('2026-10-25T02:30:00'), berlin)).to.equal(Date.UTC(2026, 9, 25, 0, 30));
    expect(instantOfLocal(local('2026-03-29T02:30:00'), berlin)).to.equal(Date.UTC(2026, 2, 29, 1, 30));
    expect(instantOfLocal(local('2026-12-31T23:55:00'), zone('+05:30'))).to.equal(Date.UTC(2026, 11, 31, 18, 25));
  });
});

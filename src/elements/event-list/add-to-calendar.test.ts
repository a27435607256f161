// The "Add to calendar" render functions (add-to-calendar.ts) rendered into a fixture: parts, links,
// the .ics download (its Blob read back), keyboard, accessibility, and the list-level download.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { render } from 'lit';
import type { EventItem } from '../../api/models.js';
import { EVENTS_EN } from '../../shared/localize/en/events.js';
import { COMMON_EN } from '../../shared/localize/en/common.js';
import { calendarEvent, parseIcs, prop, text, vevents } from '../../../test/helpers/ics.js';
import { addToCalendar, downloadAllCalendar, type CalendarContext } from './add-to-calendar.js';
import { icsFilename, REVOKE_DELAY_MS } from './save-ics.js';
import { calendarMenu } from './calendar-menu.js';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const STRINGS = { ...COMMON_EN, ...EVENTS_EN };
const HOSTILE = 'Evil\r\nBEGIN:VEVENT\r\nSUMMARY:x;y,z\\';

interface Saved {
  filename: string;
  mime: string;
  text: string;
}

function context(overrides: Partial<CalendarContext> = {}): CalendarContext & { saved: Saved[] } {
  const saved: Saved[] = [];
  return {
    zone: { kind: 'iana', name: 'Europe/Berlin' },
    strings: STRINGS,
    locale: 'en',
    siteUrl: 'https://tickets.example.org/wp-json/',
    now: () => NOW,
    download: (filename, mime, text) => saved.push({ filename, mime, text }),
    menu: calendarMenu,
    saved,
    ...overrides,
  };
}

async function mount(template: unknown): Promise<HTMLElement> {
  const container = await fixture<HTMLElement>(html`<div></div>`);
  render(template, container);
  return container;
}

const part = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[part~="${name}"]`);
const twoDates = () => calendarEvent({ moreDates: [{ start: '2026-03-29T19:00:00', end: null }] });

describe('addToCalendar', () => {
  it('renders no items (and builds no links) until a menu is loaded, then only for open disclosures', async () => {
    const event = calendarEvent();
    const toggled: Array<[number, boolean]> = [];
    const bare = await mount(addToCalendar(event, null, context({ menu: undefined, open: new Set(), onToggle: (id, open) => toggled.push([id, open]) })));
    expect(part(bare, 'calendar-ics')).to.equal(null);
    part(bare, 'calendar-toggle')!.click();
    expect(toggled).to.deep.equal([[event.id, true]]);
    const closed = await mount(addToCalendar(event, null, context({ open: new Set() })));
    expect(part(closed, 'calendar-google')).to.equal(null);
    expect(part(closed, 'calendar-toggle')!.getAttribute('aria-expanded')).to.equal('false');
    const opened = await mount(addToCalendar(event, null, context({ open: new Set([event.id]) })));
    expect(part(opened, 'calendar-google')).to.not.equal(null);
    const toggle = part(opened, 'calendar-toggle')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(opened.querySelector(`#${toggle.getAttribute('aria-controls')}`)!.contains(part(opened, 'calendar-google'))).to.equal(true);
  });

  it('renders a disclosure button with the download button and both links in new tabs; accessible closed and open', async () => {
    const closed = await mount(addToCalendar(twoDates(), null, context({ open: new Set() })));
    expect(part(closed, 'calendar-toggle')!.tagName).to.equal('BUTTON');
    expect(part(closed, 'calendar-toggle')!.getAttribute('type')).to.equal('button');
    expect(part(closed, 'calendar-toggle')!.textContent).to.contain('Add to calendar').and.contain('Summer concert');
    await expect(closed).to.be.accessible();
    const container = await mount(addToCalendar(twoDates(), null, context()));
    await expect(container).to.be.accessible();
    expect(part(container, 'calendar-ics')!.tagName).to.equal('BUTTON');
    expect(part(container, 'calendar-ics')!.getAttribute('type')).to.equal('button');
    for (const name of ['calendar-google', 'calendar-outlook']) {
      const link = part(container, name) as HTMLAnchorElement;
      expect([link.target, link.rel]).to.deep.equal(['_blank', 'noopener']);
      expect(link.textContent).to.contain('(opens in a new tab)');
    }
    const google = new URL((part(container, 'calendar-google') as HTMLAnchorElement).href);
    expect(google.searchParams.get('dates')).to.equal('20260328T180000Z/20260328T200000Z');
    const outlook = new URL((part(container, 'calendar-outlook') as HTMLAnchorElement).href);
    expect(outlook.searchParams.get('startdt')).to.equal('2026-03-28T19:00:00+01:00');
  });

  it('links the occurrence the card shows, else the first', async () => {
    const event = twoDates();
    const shown = await mount(addToCalendar(event, { start: '2026-03-29T19:00:00', end: null }, context()));
    expect(new URL((part(shown, 'calendar-google') as HTMLAnchorElement).href).searchParams.get('dates')).to.equal('20260329T170000Z/20260329T180000Z');
    const first = await mount(addToCalendar(event, null, context()));
    expect(new URL((part(first, 'calendar-google') as HTMLAnchorElement).href).searchParams.get('dates')).to.equal('20260328T180000Z/20260328T200000Z');
  });

  it('opens and closes with Enter and Space from the keyboard, the host keeping which are open', async () => {
    const container = await fixture<HTMLElement>(html`<div></div>`);
    const open = new Set<number>();
    const event = calendarEvent();
    const draw = () =>
      render(addToCalendar(event, null, context({ open, onToggle: (id, opened) => (opened ? open.add(id) : open.delete(id), draw()) })), container);
    draw();
    const toggle = part(container, 'calendar-toggle')!;
    const expanded = () => toggle.getAttribute('aria-expanded') === 'true';
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(expanded, 'Enter opens');
    await sendKeys({ press: 'Space' });
    await waitUntil(() => !expanded(), 'Space closes');
    expect(part(container, 'calendar-ics')).to.equal(null);
    await sendKeys({ press: 'Space' });
    await waitUntil(expanded, 'Space opens');
    expect(document.activeElement).to.equal(toggle);
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(part(container, 'calendar-ics'));
  });

  it('builds the .ics on click: every occurrence, the pinned DTSTAMP, the site zone, a slug file name', async () => {
    const ctx = context();
    const container = await mount(
      addToCalendar(calendarEvent({ title: 'Fête d’été: 2026!', moreDates: [{ start: '2026-03-29T19:00:00', end: null }] }), null, ctx),
    );
    expect(ctx.saved).to.have.length(0);
    part(container, 'calendar-ics')!.click();
    await waitUntil(() => ctx.saved.length === 1, 'the file is saved');
    const [{ filename, mime, text: ics }] = ctx.saved as [Saved];
    expect(filename).to.equal('fete-d-ete-2026.ics');
    expect(mime).to.equal('text/calendar;charset=utf-8');
    const events = vevents(parseIcs(ics));
    expect(events.map((e) => prop(e, 'DTSTART').value)).to.deep.equal(['20260328T180000Z', '20260329T170000Z']);
    expect(events.map((e) => prop(e, 'DTSTAMP').value)).to.deep.equal(['20260102T030405Z', '20260102T030405Z']);
  });

  it('saves through a Blob, an object URL and a temporary <a download>, revoking the URL afterwards', async () => {
    const blobs = new Map<string, Blob>();
    const revoked: string[] = [];
    const clicked: { href: string; download: string; connected: boolean }[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download, connected: this.isConnected });
    };
    try {
      const container = await mount(addToCalendar(calendarEvent({ title: HOSTILE }), null, context({ download: undefined })));
      part(container, 'calendar-ics')!.click();
      await waitUntil(() => clicked.length === 1, 'the anchor is clicked');
      expect(clicked[0]).to.deep.equal({ href: 'blob:test/0', download: 'evil-begin-vevent-summary-x-y-z.ics', connected: true });
      expect(document.querySelectorAll('a[download]')).to.have.length(0);
      const blob = blobs.get('blob:test/0')!;
      expect(blob.type).to.equal('text/calendar;charset=utf-8');
      const cal = parseIcs(await blob.text());
      expect(vevents(cal)).to.have.length(1);
      expect(text(vevents(cal)[0]!, 'SUMMARY')).to.equal(HOSTILE.replace(/\r/g, ''));
      expect(revoked).to.deep.equal([]);
      await waitUntil(() => revoked.length === 1, 'the URL is revoked', { timeout: REVOKE_DELAY_MS + 2000 });
      expect(revoked).to.deep.equal(['blob:test/0']);
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('reports a failed save to onError', async () => {
    const errors: unknown[] = [];
    const failing = context({
      download: () => {
        throw new Error('quota');
      },
      onError: (error) => errors.push(error),
    });
    const container = await mount(addToCalendar(calendarEvent(), null, failing));
    part(container, 'calendar-ics')!.click();
    await waitUntil(() => errors.length === 1, 'the error is reported');
    expect((errors[0] as Error).message).to.equal('quota');
  });

  it('renders nothing for an event without a readable date', async () => {
    const container = await mount(addToCalendar(calendarEvent({ start: null, end: null }), null, context()));
    expect(container.querySelector('*')).to.equal(null);
    const broken = await mount(addToCalendar(calendarEvent({ start: '0000-00-00T00:00:00' }), null, context()));
    expect(broken.querySelector('*')).to.equal(null);
  });
});

describe('downloadAllCalendar', () => {
  it('downloads every dated event of the list as one file, named after the calendar', async () => {
    const ctx = context({ calendarName: 'Konzerte im März' });
    const events: EventItem[] = [twoDates(), calendarEvent({ id: 8, title: 'Talk', start: null, end: null }), calendarEvent({ id: 9, title: 'Workshop' })];
    const container = await mount(downloadAllCalendar(events, ctx));
    const button = part(container, 'calendar-download-all')!;
    expect([button.tagName, button.textContent!.trim()]).to.deep.equal(['BUTTON', 'Download these events (.ics)']);
    await expect(container).to.be.accessible();
    button.click();
    await waitUntil(() => ctx.saved.length === 1, 'the file is saved');
    expect(ctx.saved[0]!.filename).to.equal('konzerte-im-marz.ics');
    const cal = parseIcs(ctx.saved[0]!.text);
    expect(text(cal, 'X-WR-CALNAME')).to.equal('Konzerte im März');
    expect(vevents(cal).map((e) => text(e, 'UID'))).to.deep.equal([
      'event-7-20260328T190000@tickets.example.org',
      'event-7-20260329T190000@tickets.example.org',
      'event-9-20260328T190000@tickets.example.org',
    ]);
  });

  it('renders nothing when no event has a date', async () => {
    const container = await mount(downloadAllCalendar([calendarEvent({ start: null, end: null })], context()));
    expect(container.querySelector('*')).to.equal(null);
  });
});

describe('icsFilename', () => {
  it('makes an ASCII slug, with a fallback when nothing is left', () => {
    expect(icsFilename('Fête d’été: 2026!')).to.equal('fete-d-ete-2026.ics');
    expect(icsFilename('../../etc/passwd')).to.equal('etc-passwd.ics');
    expect(icsFilename('東京の夏祭り')).to.equal('event.ics');
    expect(icsFilename('', 'events')).to.equal('events.ics');
    expect(icsFilename('a'.repeat(100))).to.equal(`${'a'.repeat(60)}.ics`);
  });
});

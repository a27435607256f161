/**
 * An id given as the number the data layer's models carry (`bus.id`, `route.id`, a term's or an
 * event's `id`) shows what the same id as an attribute shows. Apps pass those straight on as
 * properties (`seatMap.busId = bus.id`, `<BusSeatMap busId={bus.id}>`, Svelte's `busId={bus.id}`,
 * Angular's `[busId]`): the seat map and the staff lists threw (`busId.trim is not a function`) and
 * rendered nothing; the event list, bus list and route map showed "Something went wrong".
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/index.js';
import type { BusList, BusSeatMap, EventList } from '../../src/index.js';
import { siteDate } from '../../src/shared/wall-clock.js';
import { useElementServers } from '../helpers/element.js';
import type { ElementServers } from '../helpers/element.js';
import { runMoment } from '../helpers/test-doubles.js';

const STAFF_TOKEN = 'staff-token-for-number-ids-0123456789';

/**
 * Each id property and its attribute, with an id the reference API has data for (null: the event
 * of the first attendee), and the server that serves it.
 */
const IDS: Array<[tag: string, property: string, attribute: string, id: number | null, server: keyof ElementServers]> = [
  ['event-list', 'category', 'category', 3, 'contract'],
  ['event-list', 'organizer', 'organizer', 11, 'contract'],
  ['bus-list', 'routeId', 'route-id', 70, 'staff'],
  ['bus-seat-map', 'busId', 'bus-id', 41, 'plugin'],
  ['bus-route-map', 'busId', 'bus-id', 41, 'plugin'],
  ['bus-passenger-list', 'busId', 'bus-id', 42, 'staff'],
  ['event-attendee-list', 'eventId', 'event-id', null, 'staff'],
  // A select's `value` attribute is its `defaultValue` (React's idiom for an uncontrolled control).
  ['bus-route-select', 'defaultValue', 'value', 70, 'staff'],
  ['bus-route-select', 'value', 'value', 70, 'staff'],
  ['event-category-select', 'defaultValue', 'value', 3, 'contract'],
  ['event-category-select', 'value', 'value', 3, 'contract'],
];

type Widget = HTMLElement & { updateComplete: Promise<boolean> };

/** What the element shows once it has settled: its shadow root's text, and a control's value. */
async function shown(el: Widget, what: string): Promise<string> {
  await el.updateComplete;
  await waitUntil(() => !el.hasAttribute('pending'), `<${el.localName}> settles with ${what}`, { timeout: 8000 });
  await el.updateComplete;
  // A select's choice is its value, not in its text.
  const value = 'value' in el ? ` value=${String(el.value)}` : '';
  return `${el.shadowRoot!.textContent!.replace(/\s+/g, ' ').trim()}${value}`;
}

describe('an id given as a number', () => {
  const servers = useElementServers({ token: STAFF_TOKEN });

  /** The element on `server`, with a date for the seat map and the token for the staff lists. */
  async function mount(tag: string, server: keyof ElementServers, set: (el: Widget) => void): Promise<Widget> {
    const el = document.createElement(tag) as Widget;
    el.setAttribute('base-url', `${servers[server].origin}/wp-json`);
    // The day the reference API is seeded at (the run's moment): the page's clock may pass midnight between the two mounts compared.
    if (tag === 'bus-seat-map') el.setAttribute('date', siteDate(runMoment(), null));
    if (tag.endsWith('-list') && server === 'staff') (el as unknown as { authorization: string }).authorization = `Bearer ${STAFF_TOKEN}`;
    set(el);
    return fixture<Widget>(html`<div>${el}</div>`).then(() => el);
  }

  /** The event of the first attendee the staff proxy lists. */
  async function firstAttendeeEvent(): Promise<number> {
    const list = await mount('event-attendee-list', 'staff', () => {});
    await shown(list, 'every attendee');
    return (list as unknown as { allRows: Array<{ eventId: number }> }).allRows[0]!.eventId;
  }

  for (const [tag, property, attribute, given, server] of IDS) {
    it(`<${tag}>: ${property} as a number shows what ${attribute} as text shows`, async () => {
      const id = given ?? (await firstAttendeeEvent());
      const byProperty = await mount(tag, server, (el) => ((el as unknown as Record<string, unknown>)[property] = id));
      const withNumber = await shown(byProperty, `${property} = ${id}`);
      const byAttribute = await mount(tag, server, (el) => el.setAttribute(attribute, `${id}`));
      const withText = await shown(byAttribute, `${attribute}="${id}"`);
      expect(withText, 'the attribute shows something').to.not.equal('');
      expect(withNumber).to.equal(withText);
    });
  }
});

/**
 * The same id, first as the attribute's text and then as the number an app's data holds (a page
 * rendered on the server, an app setting its state on the element): no change, so nothing is reset.
 * The seat map dropped the visitor's seats ("another bus"), the lists went back to page 1.
 */
describe('the same id as text, then as a number', () => {
  const servers = useElementServers({ token: STAFF_TOKEN });

  it('<bus-seat-map bus-id="41">: busId = 41 keeps the visitor\'s seats', async () => {
    const el = await fixture<BusSeatMap>(
      html`<bus-seat-map base-url=${`${servers.plugin.origin}/wp-json`} bus-id="41" date=${siteDate(runMoment(), null)}></bus-seat-map>`,
    );
    const free = () => el.shadowRoot!.querySelector<HTMLElement>('button[part~="seat"][aria-pressed="false"]:not([aria-disabled="true"])');
    await waitUntil(free, 'a seat to choose', { timeout: 8000 });
    free()!.click();
    await el.updateComplete;
    const chosen = [...el.value];
    expect(chosen).to.have.length(1);
    el.busId = 41;
    await el.updateComplete;
    expect(el.value).to.deep.equal(chosen);
  });

  it('<event-list category="3" page="2">: category = 3 stays on page 2', async () => {
    const el = await fixture<EventList>(html`<event-list base-url=${`${servers.contract.origin}/wp-json`} category="3" per-page="1" page="2"></event-list>`);
    await el.updateComplete;
    el.category = 3;
    await el.updateComplete;
    expect(el.page).to.equal(2);
  });

  it('<bus-list route-id="70" page="2">: routeId = 70 stays on page 2', async () => {
    const el = await fixture<BusList>(html`<bus-list base-url=${`${servers.staff.origin}/wp-json`} route-id="70" per-page="1" page="2"></bus-list>`);
    await el.updateComplete;
    el.routeId = 70;
    await el.updateComplete;
    expect(el.page).to.equal(2);
  });
});

import { expect, fixture, fixtureSync, html, waitUntil, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './event-organizer-select.js';
import '../event-list/event-list.js';
import { EventOrganizerSelect } from './event-organizer-select.js';
import type { EventList } from '../event-list/event-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { part, stopServersAfterEach, useReferenceServer } from '../../../test/helpers/element.js';
import { arrowDownChange, expectRefusedAtFocus, submissions } from '../../../test/helpers/form.js';
import { defineElement } from '../../shared/define.js';

// Wrappers use fixtureSync: `fixture` waits for an animation frame after a non-Lit root, and frames
// never come to the test page the runner keeps in the background (concurrency 2).
const NBSP3 = '\u00a0\u00a0\u00a0';
const [FSI, PDI] = ['\u2068', '\u2069'];
/** "Acme (68)" as an option holds it: the count isolated from the name (a right-to-left one would pull it across). */
const counted = (name: string, count: string) => `${name} (${FSI}${count}${PDI})`;
const selectOf = (el: Element) => part(el, 'select') as HTMLSelectElement;
const optionTexts = (el: Element) => [...selectOf(el).options].map((option) => option.textContent);

async function settled(el: EventOrganizerSelect): Promise<void> {
  await waitUntil(() => !el.hasAttribute('pending') && (el.terms.length > 0 || part(el, 'empty') || part(el, 'error')), 'select settles', { timeout: 8000 });
  await el.updateComplete;
}

function organizer(id: number, name: string, parent = 0, count = 1) {
  return { id, name, parent, count, slug: `org-${id}`, description: '', link: `https://example.org/org/${id}`, taxonomy: 'mep_org', meta: [] };
}

const termsReply = (terms: unknown[], extra: Partial<Reply> = {}): Reply => ({
  status: 200,
  headers: { 'X-WP-Total': String(terms.length), 'X-WP-TotalPages': terms.length ? '1' : '0' },
  body: terms,
  ...extra,
});

const ALL_ORGANIZERS = ['All organizers', 'Acme Events Ltd', 'City Arts Council', 'Harbor & Sons Catering', 'Nordlicht Kultur GmbH', 'Silent Partners LLC'];

describe('<event-organizer-select> against the reference API', () => {
  let server: LoopbackServer;
  let base: string;
  useReferenceServer((s, b) => ((server = s), (base = b)));

  it('lists every organizer from /wp/v2/mep_org under "All organizers"; accessible', async () => {
    const el = await fixture<EventOrganizerSelect>(html`<event-organizer-select base-url=${base}></event-organizer-select>`);
    await settled(el);
    expect(optionTexts(el)).to.deep.equal(ALL_ORGANIZERS);
    expect([...selectOf(el).options].map((option) => option.value)).to.deep.equal(['', '11', '12', '13', '14', '15']);
    expect(selectOf(el).labels[0]!.textContent).to.equal('Organizer');
    const paths = (await server.requests()).map((request) => request.path);
    expect(paths).to.include('/wp-json/wp/v2/mep_org');
    expect(paths).to.not.include('/wp-json/wp/v2/mep_cat');
    await expect(el).to.be.accessible();
  });

  it('shows counts with show-counts', async () => {
    const el = await fixture<EventOrganizerSelect>(html`<event-organizer-select base-url=${base} show-counts lang="de"></event-organizer-select>`);
    await settled(el);
    expect(optionTexts(el)[0]).to.equal('Alle Veranstalter');
    expect(optionTexts(el)).to.include(counted('Acme Events Ltd', '68'));
    expect(optionTexts(el)).to.include(counted('Silent Partners LLC', '0'));
  });

  it('keyboard only: ArrowDown picks the next organizer and fires change from the host', async () => {
    const el = await fixture<EventOrganizerSelect>(html`<event-organizer-select base-url=${base}></event-organizer-select>`);
    await settled(el);
    await arrowDownChange(el, selectOf(el));
    expect(el.value).to.equal('11');
    expect(el.selectedTerm?.name).to.equal('Acme Events Ltd');
  });

  it('a cancelled change restores the previous organizer', async () => {
    const el = await fixture<EventOrganizerSelect>(html`<event-organizer-select base-url=${base} value="12"></event-organizer-select>`);
    await settled(el);
    el.addEventListener('change', (event) => event.preventDefault());
    el.focus();
    const changed = oneEvent(el, 'change');
    await sendKeys({ press: 'ArrowDown' });
    await changed;
    expect(el.value).to.equal('12');
    expect(selectOf(el).value).to.equal('12');
  });

  it('for="<event-list id>" sets the list\'s organizer and page 1', async () => {
    const wrapper = fixtureSync<HTMLDivElement>(
      html`<div>
        <event-list id="by-organizer" base-url=${base} per-page="2" page="2" category="5"></event-list>
        <event-organizer-select for="by-organizer" base-url=${base}></event-organizer-select>
      </div>`,
    );
    const el = wrapper.querySelector('event-organizer-select')!;
    const list = wrapper.querySelector<EventList>('event-list')!;
    await settled(el);
    expect(list.page).to.equal(2);
    el.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => list.organizer === '11', 'list follows');
    await list.updateComplete;
    expect(list.getAttribute('organizer')).to.equal('11');
    expect(list.getAttribute('page')).to.equal('1');
    expect(list.category).to.equal('5'); // the other filter is left alone

    // Script changes drive the list too (no change event, like a native select).
    list.page = 3;
    el.value = '13';
    await waitUntil(() => list.organizer === '13', 'list follows a script change');
    expect(list.page).to.equal(1);
  });

  it('in a <form>: name=value, required, reset, disabled fieldset, requestSubmit', async () => {
    const form = fixtureSync<HTMLFormElement>(
      html`<form>
        <fieldset><event-organizer-select name="organizer" required base-url=${base}></event-organizer-select></fieldset>
      </form>`,
    );
    const el = form.querySelector('event-organizer-select')!;
    await settled(el);
    expect(new FormData(form).get('organizer')).to.equal('');
    expect(el.checkValidity()).to.equal(false);
    expect(el.validationMessage).to.equal('Please choose an organizer.');
    const submitted = submissions(form);
    form.requestSubmit();
    expect(submitted.last()).to.equal(null);

    el.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => el.value === '11');
    expect(el.validity.valid).to.equal(true);
    form.requestSubmit();
    expect(submitted.last()!.get('organizer')).to.equal('11');

    form.reset();
    expect(el.value).to.equal('');
    await el.updateComplete;
    expect(selectOf(el).selectedIndex).to.equal(0);

    form.querySelector('fieldset')!.disabled = true;
    await waitUntil(() => selectOf(el).disabled, 'disabled by the fieldset');
    expect(new FormData(form).has('organizer')).to.equal(false);
    expect(el.willValidate).to.equal(false);
  });

  it('two selects of one site make one request', async () => {
    const count = async () => (await server.requests()).filter((request) => request.path === '/wp-json/wp/v2/mep_org').length;
    const before = await count();
    const wrapper = fixtureSync<HTMLDivElement>(
      html`<div>
        <event-organizer-select base-url=${base}></event-organizer-select>
        <event-organizer-select base-url=${base}></event-organizer-select>
      </div>`,
    );
    for (const el of wrapper.querySelectorAll('event-organizer-select')) await settled(el);
    expect((await count()) - before).to.equal(1);
  });
});

describe('<event-organizer-select> states from scripted replies', () => {
  const stops: LoopbackServer[] = [];
  stopServersAfterEach(stops);
  async function scripted(script: Reply[]): Promise<EventOrganizerSelect> {
    const server = await scriptedServer(script);
    stops.push(server);
    return fixture<EventOrganizerSelect>(html`<event-organizer-select base-url=${`${server.origin}/wp-json`}></event-organizer-select>`);
  }

  it('loading: pending and one "Loading…" option in an aria-disabled select that still takes focus; accessible', async () => {
    const el = await scripted([termsReply([organizer(1, 'Solo')], { delayMs: 800 })]);
    expect(el.hasAttribute('pending')).to.equal(true);
    expect(selectOf(el).disabled).to.equal(false);
    expect(selectOf(el).getAttribute('aria-disabled')).to.equal('true');
    expect(optionTexts(el)).to.deep.equal(['Loading…']);
    el.focus();
    expect(el.shadowRoot!.activeElement).to.equal(selectOf(el));
    await expect(el).to.be.accessible();
    await settled(el);
    expect(selectOf(el).hasAttribute('aria-disabled')).to.equal(false);
    expect(optionTexts(el)).to.deep.equal(['All organizers', 'Solo']);
  });

  it('required while loading: the refused submit focuses the select, which says it is still loading', async () => {
    const server = await scriptedServer([termsReply([organizer(1, 'Solo')], { delayMs: 1500 })]);
    stops.push(server);
    const form = fixtureSync<HTMLFormElement>(
      html`<form><event-organizer-select name="organizer" required base-url=${`${server.origin}/wp-json`}></event-organizer-select></form>`,
    );
    const el = form.querySelector('event-organizer-select')!;
    await el.updateComplete;
    expect(el.pending).to.equal(true);
    expectRefusedAtFocus(form, el, selectOf(el));
    expect(el.validationMessage).to.equal('Still loading, please wait.');
  });

  it('content: hierarchical organizers indented under their parent; accessible', async () => {
    const el = await scripted([termsReply([organizer(3, 'Venue B', 1), organizer(1, 'Umbrella'), organizer(2, 'Venue A', 1), organizer(4, 'Indie')])]);
    await settled(el);
    expect(optionTexts(el)).to.deep.equal(['All organizers', 'Indie', 'Umbrella', `${NBSP3}Venue A`, `${NBSP3}Venue B`]);
    await expect(el).to.be.accessible();
  });

  it('with show-counts, a right-to-left organizer name is isolated from its count', async () => {
    // A Hebrew name: without the isolates "(7)" joins its right-to-left run and shows before it.
    const hebrew = '\u05ea\u05d9\u05d0\u05d8\u05e8\u05d5\u05df';
    const el = await scripted([termsReply([organizer(1, hebrew, 0, 7), organizer(2, 'Indie', 0, 2)])]);
    el.showCounts = true;
    await settled(el);
    expect(optionTexts(el)).to.deep.equal(['All organizers', counted('Indie', '2'), counted(hebrew, '7')]);
    await expect(el).to.be.accessible();
  });

  it('empty: only "All organizers" and a polite status; accessible', async () => {
    const el = await scripted([termsReply([])]);
    await settled(el);
    expect(optionTexts(el)).to.deep.equal(['All organizers']);
    expect(part(el, 'empty')!.getAttribute('role')).to.equal('status');
    await expect(el).to.be.accessible();
  });

  it('error rest_no_route: a plain message in an alert, no Retry; accessible', async () => {
    const el = await scripted([{ status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } }]);
    await settled(el);
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    expect(part(el, 'error-message')!.textContent).to.contain('does not publish this data');
    expect(part(el, 'retry')).to.equal(null);
    expect(optionTexts(el)).to.deep.equal(['All organizers']);
    await expect(el).to.be.accessible();
  });

  it('error 500: Retry loads again', async () => {
    const el = await scripted([{ status: 500, body: { code: 'internal', message: 'Boom', data: { status: 500 } } }, termsReply([organizer(1, 'Back again')])]);
    await settled(el);
    expect(part(el, 'error-message')!.textContent).to.equal('The site had a problem (HTTP 500).');
    await expect(el).to.be.accessible();
    part(el, 'retry')!.click();
    await waitUntil(() => el.terms.length === 1, 'retried', { timeout: 8000 });
    await el.updateComplete;
    expect(optionTexts(el)).to.deep.equal(['All organizers', 'Back again']);
    expect(part(el, 'error')).to.equal(null);
  });
});

describe('<event-organizer-select> registration', () => {
  it('loading the module twice, or another definition of the tag, does not throw', async () => {
    await import('./event-organizer-select.js?copy=2' as string);
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(() => defineElement('event-organizer-select', class extends EventOrganizerSelect {})).to.not.throw();
    } finally {
      console.warn = warn;
    }
    expect(customElements.get('event-organizer-select')).to.equal(EventOrganizerSelect);
  });
});

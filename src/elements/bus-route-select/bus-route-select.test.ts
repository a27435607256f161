import { expect, fixture, fixtureCleanup, fixtureSync, html, waitUntil, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ifDefined } from 'lit/directives/if-defined.js';
import './bus-route-select.js';
import { BusRouteSelect, type RouteChangeDetail } from './bus-route-select.js';
import { referenceServer, scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { expectRedefinitionTolerated, langOf, lateDefinition, part, stopServersAfterEach, useReferenceServer } from '../../../test/helpers/element.js';
import { expectRefusedAtFocus, expectValueMissing, submissions } from '../../../test/helpers/form.js';
import { holdRequests } from '../../../test/helpers/fetches.js';

// Wrappers use fixtureSync: `fixture` waits for an animation frame after a non-Lit root, and frames
// never come to the test page the runner keeps in the background (concurrency 2).
// Fixtures are not removed on their own here, and `for` looks ids up in the document.
afterEach(() => fixtureCleanup());

const selectOf = (el: Element, name = 'select') => part(el, name) as HTMLSelectElement;
const texts = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);
const values = (select: HTMLSelectElement) => [...select.options].map((option) => option.value);

async function settled(el: BusRouteSelect): Promise<void> {
  await waitUntil(() => !el.hasAttribute('pending') && (el.routeList !== null || part(el, 'error')), 'select settles', { timeout: 8000 });
  await el.updateComplete;
}

/** The visitor picks `value` in `select` (as a mouse pick does: `input`, then `change`). */
function pick(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The list a route select drives: a plain stand-in element the select writes properties to. */
type StandInList = HTMLElement & { routeId?: string; from?: string; to?: string; page?: number };

/** A route select (preset `value` when given) driving `<div id="list">` through `for="list"`. */
function selectWithList(base: string, value?: string): { el: BusRouteSelect; list: StandInList } {
  const wrapper = fixtureSync<HTMLDivElement>(
    html`<div>
      <bus-route-select for="list" value=${ifDefined(value)} base-url=${base}></bus-route-select>
      <div id="list"></div>
    </div>`,
  );
  return { el: wrapper.querySelector('bus-route-select')!, list: wrapper.querySelector<StandInList>('#list')! };
}

const routesReply = (body: unknown, extra: Partial<Reply> = {}): Reply => ({ status: 200, body, ...extra });

/** Contract routes in the shape the contract dialect sends: `[{id, start, end, stops}]`. */
const CONTRACT_ROUTES = [
  { id: 70, start: 'Paris', end: 'Berlin', stops: ['Paris', 'Brussels', 'K\u00f6ln', 'Berlin'] },
  { id: 71, start: 'Berlin', end: 'Paris', stops: ['Berlin', 'K\u00f6ln', 'Brussels', 'Paris'] },
  { id: 76, start: 'Z\u00fcrich &#038; Co', end: 'Paris', stops: ['Z\u00fcrich &#038; Co', 'Basel', 'Paris'] },
  { id: 72, start: 'Amsterdam', end: 'M\u00fcnchen', stops: ['Amsterdam', 'K\u00f6ln', 'M\u00fcnchen'] },
  { id: 77, start: 'Paris', end: 'Berlin', stops: ['Paris', 'Frankfurt', 'Berlin'] },
  { id: 78, start: '\u00c9vry', end: 'Wien', stops: ['\u00c9vry', 'Wien'] },
];
const [FSI, PDI] = ['\u2068', '\u2069'];
/** A stop name in an option: isolated, unless the text begins with it (type-to-select matches its first letter). */
const iso = (name: string) => `${FSI}${name}${PDI}`;
const CONTRACT_TEXTS = [
  'Choose a route…',
  `Amsterdam → ${iso('München')}`,
  `Berlin → ${iso('Paris')}`,
  `Évry → ${iso('Wien')}`,
  `Paris → ${iso('Berlin')} (via ${iso('Brussels')}, ${iso('Köln')})`,
  `Paris → ${iso('Berlin')} (via ${iso('Frankfurt')})`,
  `Zürich & Co → ${iso('Paris')}`,
];
const CONTRACT_VALUES = ['', '72', '71', '78', '70', '77', '76'];

/** Plugin stop names, unordered, one with an entity and one with an accent. */
const PLUGIN_ROUTES = {
  boarding_points: ['Paris', 'Z\u00fcrich &#038; Co', 'Berlin', '\u00c9vry', '&Eacute;tretat', 'Hamburg'],
  dropping_points: ['Hamburg', 'Berlin', 'Z\u00fcrich &#038; Co', 'Paris'],
};

describe('<bus-route-select> plugin dialect, against the reference API (--dialect plugin)', () => {
  let server: LoopbackServer;
  let base: string;
  useReferenceServer((s, b) => ((server = s), (base = b)), { dialect: 'plugin', rateLimitPerMinute: 0 });

  const routeRequests = async () => (await server.requests()).filter((request) => request.path === '/wp-json/wbtm/v1/routes').length;

  it('renders From and To selects of sorted stop names with placeholders and labels; accessible', async () => {
    const el = await fixture<BusRouteSelect>(html`<bus-route-select base-url=${base}></bus-route-select>`);
    await settled(el);
    expect(el.activeDialect).to.equal('plugin');
    expect(part(el, 'select')).to.equal(null);
    const from = selectOf(el, 'from-select');
    const to = selectOf(el, 'to-select');
    const boarding = 'Amsterdam, Basel, Berlin, Brussels, Dresden, Frankfurt, Hamburg, Köln, München, Paris, Praha, Salzburg, Strasbourg, Zürich';
    expect(texts(from)).to.deep.equal(['Choose where to board…', ...boarding.split(', ')]);
    expect(texts(to)[0]).to.equal('Choose a destination…');
    const dropping = 'Basel, Berlin, Brussels, Frankfurt, Köln, München, Paris, Praha, Salzburg, Strasbourg, Wien';
    expect(texts(to).slice(1)).to.deep.equal(dropping.split(', '));
    expect(from.labels[0]!.textContent).to.equal('From');
    expect(to.labels[0]!.textContent).to.equal('To');
    expect(part(el, 'group')!.getAttribute('role')).to.equal('group');
    expect(part(el, 'label')!.textContent).to.equal('Route');
    expect(from.disabled || to.disabled).to.equal(false);
    expect(el.value).to.equal('');
    expect(el.route).to.equal(null);
    expect(el.hasAttribute('aria-busy')).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('chooses a route with the keyboard only: focus goes to From, Tab to To; change and route-change carry the route', async () => {
    const el = await fixture<BusRouteSelect>(html`<bus-route-select base-url=${base}></bus-route-select>`);
    await settled(el);
    const changes: Array<CustomEvent<RouteChangeDetail>> = [];
    const routeChanges: Array<CustomEvent<RouteChangeDetail>> = [];
    const inputs: Event[] = [];
    el.addEventListener('change', (event) => changes.push(event as CustomEvent<RouteChangeDetail>));
    el.addEventListener('route-change', (event) => routeChanges.push(event));
    el.addEventListener('input', (event) => inputs.push(event));

    el.focus();
    expect(el.shadowRoot!.activeElement).to.equal(selectOf(el, 'from-select'));
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => changes.length === 1, 'change after From');
    expect(el.from).to.equal('Amsterdam');
    expect(el.value).to.equal('');
    expect(changes[0]!.detail.route).to.equal(null);
    expect(changes[0]!.target).to.equal(el);
    expect(changes[0]!.bubbles && changes[0]!.composed && changes[0]!.cancelable).to.equal(true);
    expect(inputs.length).to.equal(1);
    expect(inputs[0]!.target).to.equal(el);

    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(selectOf(el, 'to-select'));
    const routeChanged = oneEvent(el, 'route-change');
    await sendKeys({ press: 'ArrowDown' });
    const event = await routeChanged;
    expect(event.detail.route).to.deep.equal({ from: 'Amsterdam', to: 'Basel' });
    expect(event.bubbles && event.composed).to.equal(true);
    expect(event.cancelable).to.equal(false);
    expect(changes.length).to.equal(2);
    expect(changes[1]!.detail.route).to.deep.equal({ from: 'Amsterdam', to: 'Basel' });
    // Only the complete pick changed the route.
    expect(routeChanges.length).to.equal(1);
    expect(el.value).to.equal('Amsterdam|Basel');
    expect(el.to).to.equal('Basel');
    expect(el.route).to.deep.equal({ from: 'Amsterdam', to: 'Basel' });

    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(el.shadowRoot!.activeElement).to.equal(selectOf(el, 'from-select'));
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => routeChanges.length === 2, 'route-change after a new From');
    // Basel → Basel is no route: the To is dropped.
    expect(routeChanges[1]!.detail.route).to.equal(null);
    expect(el.from).to.equal('Basel');
    expect(el.to).to.equal('');
    expect(selectOf(el, 'to-select').value).to.equal('');
    expect(el.value).to.equal('');
  });

  it('does not offer the From stop as To, and drops a To equal to the new From', async () => {
    const el = await fixture<BusRouteSelect>(html`<bus-route-select base-url=${base} from="Paris" to="Berlin"></bus-route-select>`);
    await settled(el);
    const from = selectOf(el, 'from-select');
    const to = selectOf(el, 'to-select');
    expect(from.value).to.equal('Paris');
    expect(to.value).to.equal('Berlin');
    expect(values(to)).to.not.include('Paris');
    expect(values(to)).to.include('Wien');
    // route-change comes once the element has rendered the new choice.
    let renderedAtEvent: string[] = [];
    el.addEventListener('route-change', () => (renderedAtEvent = values(to)), { once: true });
    const routeChanged = oneEvent(el, 'route-change');
    pick(from, 'Berlin');
    expect(values(to)).to.include('Berlin'); // not rendered yet
    expect((await routeChanged).detail.route).to.equal(null);
    expect(renderedAtEvent).to.not.include('Berlin');
    expect(renderedAtEvent).to.include('Paris');
    expect(values(to)).to.not.include('Berlin');
    expect(values(to)).to.include('Paris');
    expect(to.value).to.equal('');
    expect(el.from).to.equal('Berlin');
    expect(el.to).to.equal('');
    expect(el.value).to.equal('');
  });

  it('a cancelled change restores the previous selection in both selects', async () => {
    const form = fixtureSync<HTMLFormElement>(html`<form><bus-route-select name="route" base-url=${base} value="Paris|Berlin"></bus-route-select></form>`);
    const el = form.querySelector('bus-route-select')!;
    await settled(el);
    let seen: RouteChangeDetail | undefined;
    let routeChanges = 0;
    el.addEventListener('route-change', () => routeChanges++);
    el.addEventListener('change', (event) => {
      seen = (event as CustomEvent<RouteChangeDetail>).detail;
      event.preventDefault();
    });
    pick(selectOf(el, 'from-select'), 'Berlin');
    expect(seen).to.deep.equal({ route: null }); // listeners see the new choice…
    expect(el.value).to.equal('Paris|Berlin'); // …and cancelling puts the old one back
    expect(selectOf(el, 'from-select').value).to.equal('Paris');
    expect(selectOf(el, 'to-select').value).to.equal('Berlin');
    expect(new FormData(form).get('route')).to.equal('Paris|Berlin');
    await el.updateComplete;
    expect(selectOf(el, 'to-select').value).to.equal('Berlin');
    expect(values(selectOf(el, 'to-select'))).to.not.include('Paris');

    // With the keyboard too.
    el.focus();
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(el.value).to.equal('Paris|Berlin');
    expect(selectOf(el, 'from-select').value).to.equal('Paris');
    expect(routeChanges).to.equal(0);
  });

  it('for="<id>" sets from/to (clearing routeId) and page 1 on a stand-in element; not after a cancelled change', async () => {
    const { el, list } = selectWithList(base);
    await settled(el);
    // Nothing chosen: the list is left alone on load.
    expect(list.page).to.equal(undefined);
    Object.assign(list, { routeId: '70', page: 4 });

    pick(selectOf(el, 'from-select'), 'Paris');
    await el.updateComplete;
    expect(list.page).to.equal(4); // no route yet
    pick(selectOf(el, 'to-select'), 'Wien');
    await el.updateComplete;
    expect({ routeId: list.routeId, from: list.from, to: list.to, page: list.page }).to.deep.equal({ routeId: '', from: 'Paris', to: 'Wien', page: 1 });

    list.page = 3;
    const cancel = (event: Event) => event.preventDefault();
    el.addEventListener('change', cancel);
    pick(selectOf(el, 'to-select'), 'Berlin');
    await el.updateComplete;
    expect(list.to).to.equal('Wien');
    expect(list.page).to.equal(3);

    el.removeEventListener('change', cancel);
    pick(selectOf(el, 'to-select'), 'Berlin');
    await el.updateComplete;
    expect(list.to).to.equal('Berlin');
    expect(list.page).to.equal(1);
  });

  it('for a list not defined yet sets its attributes, and applies a preset value once after load, also inside a shadow root', async () => {
    const host = fixtureSync<HTMLDivElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<later-bus-list id="inner" route-id="70" page="5"></later-bus-list>
      <bus-route-select for="inner" from="K&#246;ln" to="Wien" base-url="${base}"></bus-route-select>`;
    const el = root.querySelector('bus-route-select')!;
    const list = root.querySelector('later-bus-list')!;
    await settled(el);
    await waitUntil(() => list.getAttribute('page') === '1', 'preset applied');
    expect(list.getAttribute('from')).to.equal('Köln');
    expect(list.getAttribute('to')).to.equal('Wien');
    expect(list.hasAttribute('route-id')).to.equal(false);
    expect(list.matches(':defined')).to.equal(false);
    // Applied once: moving the list back is not undone by the next render.
    list.setAttribute('page', '2');
    el.requestUpdate();
    await el.updateComplete;
    expect(list.getAttribute('page')).to.equal('2');
  });

  it('two selects of one site make one request for the routes', async () => {
    const before = await routeRequests();
    const wrapper = fixtureSync<HTMLDivElement>(
      html`<div>
        <bus-route-select base-url=${base}></bus-route-select>
        <bus-route-select base-url=${base} lang="de"></bus-route-select>
      </div>`,
    );
    const [a, b] = [...wrapper.querySelectorAll('bus-route-select')];
    await settled(a!);
    await settled(b!);
    expect(a!.routeList!.boardingPoints.length).to.equal(14);
    expect(b!.routeList!.boardingPoints.length).to.equal(14);
    expect((await routeRequests()) - before).to.equal(1);
  });

  it('on a French page, its English labels and placeholders sit in lang="en", the stop names and a page label in French', async () => {
    const page = fixtureSync(html`<div lang="fr"><bus-route-select base-url=${base} label="Trajet"></bus-route-select></div>`);
    const el = page.firstElementChild as BusRouteSelect;
    await settled(el);
    const from = selectOf(el, 'from-select');
    const [placeholder, ...stops] = from.options;
    expect([langOf(from.labels[0]!), langOf(placeholder!)]).to.deep.equal(['en', 'en']);
    expect(stops.length).to.be.greaterThan(0);
    expect(stops.filter((option) => langOf(option) !== 'fr')).to.deep.equal([]);
    expect(langOf(part(el, 'label')!), "the page's label").to.equal('fr');
    await expect(el).to.be.accessible();
  });

  it('speaks German with lang="de"; accessible', async () => {
    const el = await fixture<BusRouteSelect>(html`<bus-route-select base-url=${base} lang="de" required></bus-route-select>`);
    await settled(el);
    expect(selectOf(el, 'from-select').labels[0]!.textContent).to.equal('Von');
    expect(selectOf(el, 'to-select').labels[0]!.textContent).to.equal('Nach');
    expect(texts(selectOf(el, 'from-select'))[0]).to.equal('Abfahrtsort wählen …');
    expect(part(el, 'label')!.textContent).to.equal('Strecke');
    expect(el.validationMessage).to.equal('Bitte wählen Sie einen Abfahrtsort.');
    el.from = 'Paris';
    expect(el.validationMessage).to.equal('Bitte wählen Sie ein Ziel.');
    await expect(el).to.be.accessible();
  });

  describe('in a <form>', () => {
    it('submits name=from|to; a partial pick submits ""', async () => {
      const form = fixtureSync<HTMLFormElement>(html`<form><bus-route-select name="route" base-url=${base}></bus-route-select></form>`);
      const el = form.querySelector('bus-route-select')!;
      expect(el.form).to.equal(form);
      el.value = 'Hamburg|Berlin'; // still loading
      expect(new FormData(form).get('route')).to.equal('Hamburg|Berlin');
      await settled(el);
      expect(selectOf(el, 'from-select').value).to.equal('Hamburg');
      expect(selectOf(el, 'to-select').value).to.equal('Berlin');
      expect(el.route).to.deep.equal({ from: 'Hamburg', to: 'Berlin' });
      pick(selectOf(el, 'to-select'), '');
      expect(new FormData(form).get('route')).to.equal('');
      el.to = 'Wien';
      expect(new FormData(form).get('route')).to.equal('Hamburg|Wien');
      // A value naming unknown stops reads as '' once the stops are known.
      el.value = 'Atlantis|Wien';
      expect(el.value).to.equal('');
      expect(el.to).to.equal('Wien');
    });

    it('required: invalid until both stops are chosen, with a message for the missing one; requestSubmit respects it', async () => {
      const form = fixtureSync<HTMLFormElement>(
        html`<form>
          <bus-route-select name="route" required base-url=${base}></bus-route-select>
          <button>Go</button>
        </form>`,
      );
      const el = form.querySelector('bus-route-select')!;
      await settled(el);
      await expectValueMissing(el, 'Please choose where to board.');
      const submitted = submissions(form);
      pick(selectOf(el, 'from-select'), 'Paris');
      expect(el.validationMessage).to.equal('Please choose a destination.');
      form.requestSubmit();
      expect(submitted.last()).to.equal(null);
      pick(selectOf(el, 'to-select'), 'Wien');
      expect(el.checkValidity()).to.equal(true);
      expect(el.validationMessage).to.equal('');
      form.requestSubmit();
      expect(submitted.last()!.get('route')).to.equal('Paris|Wien');
      await expect(el).to.be.accessible();
    });

    it('required while the routes load: a loading message at the focused select, not a silent refusal; then the required message', async () => {
      const held = holdRequests('/routes');
      try {
        const form = fixtureSync<HTMLFormElement>(html`<form><bus-route-select name="route" required base-url=${base}></bus-route-select></form>`);
        const el = form.querySelector('bus-route-select')!;
        await el.updateComplete;
        expect(el.pending).to.equal(true);
        expectRefusedAtFocus(form, el, selectOf(el));
        expect(el.validationMessage).to.equal('Still loading, please wait.');
        held.release();
        await settled(el);
        await expectValueMissing(el, 'Please choose where to board.');
      } finally {
        held.release();
        held.restore();
      }
    });

    it('form.reset() returns to the from/to attributes without a change event', async () => {
      const form = fixtureSync<HTMLFormElement>(
        html`<form><bus-route-select name="route" from="Paris" to="Berlin" base-url=${base}></bus-route-select></form>`,
      );
      const el = form.querySelector('bus-route-select')!;
      await settled(el);
      expect(el.value).to.equal('Paris|Berlin');
      let changes = 0;
      el.addEventListener('change', () => changes++);
      pick(selectOf(el, 'from-select'), 'Hamburg');
      expect(el.value).to.equal('Hamburg|Berlin');
      expect(changes).to.equal(1);
      form.reset();
      expect(el.value).to.equal('Paris|Berlin');
      expect(new FormData(form).get('route')).to.equal('Paris|Berlin');
      await el.updateComplete;
      expect(selectOf(el, 'from-select').value).to.equal('Paris');
      expect(selectOf(el, 'to-select').value).to.equal('Berlin');
      expect(changes).to.equal(1);
    });

    it('takes from and to set before the element is defined: selected, submitted, and a reset clears them', async () => {
      const { tag, define } = lateDefinition(BusRouteSelect);
      const form = fixtureSync<HTMLFormElement>(html`<form></form>`);
      const el = document.createElement(tag) as BusRouteSelect;
      el.setAttribute('name', 'route');
      el.setAttribute('base-url', base);
      form.append(el);
      // The page's script, before the loader defined the element.
      el.from = 'Paris';
      el.to = 'Berlin';
      define();
      await settled(el);
      expect(selectOf(el, 'from-select').value).to.equal('Paris');
      expect(selectOf(el, 'to-select').value).to.equal('Berlin');
      expect(new FormData(form).get('route')).to.equal('Paris|Berlin');
      form.reset();
      expect(el.value).to.equal('');
      await el.updateComplete;
      expect(selectOf(el, 'from-select').value).to.equal('');
    });

    it('restores a saved state, a half-chosen pair included', async () => {
      const el = await fixture<BusRouteSelect>(html`<bus-route-select base-url=${base}></bus-route-select>`);
      await settled(el);
      el.formStateRestoreCallback('Praha|');
      await el.updateComplete;
      expect(selectOf(el, 'from-select').value).to.equal('Praha');
      expect(selectOf(el, 'to-select').value).to.equal('');
      expect(el.value).to.equal('');
      el.formStateRestoreCallback('Praha|Wien');
      await el.updateComplete;
      expect(el.value).to.equal('Praha|Wien');
      expect(selectOf(el, 'to-select').value).to.equal('Wien');
    });

    it('a disabled fieldset or the disabled attribute disables both selects, unsubmits and unvalidates it', async () => {
      const form = fixtureSync<HTMLFormElement>(
        html`<form>
          <fieldset><bus-route-select name="route" value="Paris|Berlin" required base-url=${base}></bus-route-select></fieldset>
        </form>`,
      );
      const el = form.querySelector('bus-route-select')!;
      const fieldset = form.querySelector('fieldset')!;
      await settled(el);
      expect(new FormData(form).get('route')).to.equal('Paris|Berlin');
      fieldset.disabled = true;
      await waitUntil(() => selectOf(el, 'from-select').disabled && selectOf(el, 'to-select').disabled, 'inner selects disabled');
      expect(el.willValidate).to.equal(false);
      expect(new FormData(form).has('route')).to.equal(false);
      expect(el.matches(':disabled')).to.equal(true);
      await expect(el).to.be.accessible();
      fieldset.disabled = false;
      await waitUntil(() => !selectOf(el, 'from-select').disabled, 'enabled again');
      el.disabled = true;
      await el.updateComplete;
      expect(selectOf(el, 'to-select').disabled).to.equal(true);
      expect(new FormData(form).has('route')).to.equal(false);
    });
  });
});

describe('<bus-route-select> from scripted and recorded replies', () => {
  const stops: LoopbackServer[] = [];
  stopServersAfterEach(stops);
  async function serve(script: Reply[]): Promise<string> {
    const server = await scriptedServer(script);
    stops.push(server);
    return `${server.origin}/wp-json`;
  }
  async function scripted(script: Reply[], dialect = ''): Promise<BusRouteSelect> {
    const base = await serve(script);
    return fixture<BusRouteSelect>(html`<bus-route-select base-url=${base} dialect=${dialect}></bus-route-select>`);
  }

  describe('contract dialect (routes with ids)', () => {
    it('one select of "Start → End" routes sorted by start then end, decoded, values = ids; accessible', async () => {
      const el = await scripted([routesReply(CONTRACT_ROUTES)]);
      await settled(el);
      expect(el.activeDialect).to.equal('contract');
      expect(part(el, 'from-select')).to.equal(null);
      const select = selectOf(el);
      expect(texts(select)).to.deep.equal(CONTRACT_TEXTS);
      expect(values(select)).to.deep.equal(CONTRACT_VALUES);
      expect(select.options[4]!.title).to.equal(`via ${iso('Brussels')}, ${iso('Köln')}`);
      expect(select.options[1]!.title).to.equal(`via ${iso('Köln')}`);
      expect(select.options[3]!.hasAttribute('title')).to.equal(false);
      expect(select.labels[0]!.textContent).to.equal('Route');
      expect(select.disabled).to.equal(false);
      expect(el.value).to.equal('');
      await expect(el).to.be.accessible();
    });

    it('chooses a route with the keyboard only; change and route-change carry { routeId, from, to } byte-exact', async () => {
      const el = await scripted([routesReply(CONTRACT_ROUTES)]);
      await settled(el);
      el.focus();
      expect(el.shadowRoot!.activeElement).to.equal(selectOf(el));
      const changed = oneEvent(el, 'change');
      const routeChanged = oneEvent(el, 'route-change');
      await sendKeys({ press: 'ArrowDown' });
      const change = (await changed) as CustomEvent<RouteChangeDetail>;
      expect(change).to.be.instanceOf(CustomEvent);
      expect(change.cancelable && change.bubbles && change.composed).to.equal(true);
      expect(change.detail.route).to.deep.equal({ routeId: 72, from: 'Amsterdam', to: 'München' });
      expect((await routeChanged).detail.route).to.deep.equal({ routeId: 72, from: 'Amsterdam', to: 'München' });
      expect(el.value).to.equal('72');
      for (let i = 0; i < 5; i++) await sendKeys({ press: 'ArrowDown' });
      await waitUntil(() => el.value === '76', 'last route');
      expect(el.route).to.deep.equal({ routeId: 76, from: 'Zürich &#038; Co', to: 'Paris' });
      expect(el.from).to.equal('Zürich &#038; Co');
      expect(selectOf(el).selectedOptions[0]!.textContent).to.equal(`Zürich & Co → ${iso('Paris')}`);
    });

    it('right-to-left stop names: the end and the stops in between are isolated, so they keep their places around the arrow', async () => {
      // Cairo → Alexandria twice, one via Tanta: each name in Arabic, on a left-to-right page.
      const [cairo, alex, tanta] = [
        '\u0627\u0644\u0642\u0627\u0647\u0631\u0629',
        '\u0627\u0644\u0625\u0633\u0643\u0646\u062f\u0631\u064a\u0629',
        '\u0637\u0646\u0637\u0627',
      ];
      const el = await scripted([
        routesReply([
          { id: 1, start: cairo, end: alex, stops: [cairo, tanta, alex] },
          { id: 2, start: cairo, end: alex, stops: [cairo, alex] },
          { id: 3, start: 'Berlin', end: cairo, stops: ['Berlin', cairo] },
        ]),
      ]);
      await settled(el);
      const select = selectOf(el);
      expect(texts(select).slice(1)).to.deep.equal([`Berlin → ${iso(cairo)}`, `${cairo} → ${iso(alex)}`, `${cairo} → ${iso(alex)} (via ${iso(tanta)})`]);
      expect(select.options[3]!.title).to.equal(`via ${iso(tanta)}`);
      // Type-to-select still finds a route by its start's first letter.
      el.focus();
      await sendKeys({ type: 'b' });
      await waitUntil(() => el.value === '3', 'Berlin chosen by typing');
      await expect(el).to.be.accessible();
    });

    it('a cancelled change keeps the previous route and leaves the for list alone', async () => {
      const base = await serve([routesReply(CONTRACT_ROUTES)]);
      const { el, list } = selectWithList(base, '71');
      await settled(el);
      await waitUntil(() => list.routeId === '71', 'preset applied');
      list.page = 2;
      let routeChanges = 0;
      el.addEventListener('route-change', () => routeChanges++);
      el.addEventListener('change', (event) => event.preventDefault());
      el.focus();
      await sendKeys({ press: 'ArrowDown' });
      await el.updateComplete;
      expect(el.value).to.equal('71');
      expect(selectOf(el).value).to.equal('71');
      expect(list.routeId).to.equal('71');
      expect(list.page).to.equal(2);
      expect(routeChanges).to.equal(0);
    });

    it('for="<id>" sets routeId, clears from/to and sends the list to page 1 (properties, or attributes before upgrade)', async () => {
      const base = await serve([routesReply(CONTRACT_ROUTES)]);
      const wrapper = fixtureSync<HTMLDivElement>(
        html`<div>
          <bus-route-select for="list" base-url=${base}></bus-route-select>
          <bus-route-select for="later" base-url=${base}></bus-route-select>
          <div id="list"></div>
          <later-route-list id="later" from="Paris" to="Berlin" page="3"></later-route-list>
        </div>`,
      );
      const [el, other] = [...wrapper.querySelectorAll('bus-route-select')];
      const list = wrapper.querySelector<HTMLElement & { routeId?: string; from?: string; to?: string; page?: number }>('#list')!;
      Object.assign(list, { from: 'Paris', to: 'Berlin', page: 3 });
      await settled(el!);
      await settled(other!);
      expect(list.page).to.equal(3);
      pick(selectOf(el!), '70');
      await el!.updateComplete;
      expect({ routeId: list.routeId, from: list.from, to: list.to, page: list.page }).to.deep.equal({ routeId: '70', from: '', to: '', page: 1 });
      const later = wrapper.querySelector('later-route-list')!;
      pick(selectOf(other!), '76');
      await other!.updateComplete;
      expect(later.getAttribute('route-id')).to.equal('76');
      expect(later.hasAttribute('from') || later.hasAttribute('to')).to.equal(false);
      expect(later.getAttribute('page')).to.equal('1');
      // The placeholder clears the route.
      pick(selectOf(el!), '');
      await el!.updateComplete;
      expect(list.routeId).to.equal('');
    });

    it('a preset value naming no route never reaches the for list', async () => {
      const base = await serve([routesReply(CONTRACT_ROUTES, { delayMs: 300 })]);
      const { el, list } = selectWithList(base, '999');
      await settled(el);
      expect(el.value).to.equal('');
      expect(list.routeId).to.equal(undefined);
      expect(list.page).to.equal(undefined);
    });

    it('in a form: submits the id; from/to attributes choose the route with those ends; required; reset', async () => {
      const base = await serve([routesReply(CONTRACT_ROUTES)]);
      const form = fixtureSync<HTMLFormElement>(
        html`<form>
          <bus-route-select name="route" required from="Berlin" to="Paris" base-url=${base}></bus-route-select>
        </form>`,
      );
      const el = form.querySelector('bus-route-select')!;
      await settled(el);
      expect(el.value).to.equal('71');
      expect(selectOf(el).value).to.equal('71');
      expect(new FormData(form).get('route')).to.equal('71');
      expect(el.checkValidity()).to.equal(true);
      pick(selectOf(el), '');
      expect(el.checkValidity()).to.equal(false);
      expect(el.validationMessage).to.equal('Please choose a route.');
      expect(new FormData(form).get('route')).to.equal('');
      await expect(el).to.be.accessible();
      el.value = 'Zürich &#038; Co|Paris';
      expect(el.value).to.equal('76');
      el.value = '999';
      expect(el.value).to.equal('');
      form.reset();
      expect(el.value).to.equal('71');
      await el.updateComplete;
      expect(selectOf(el).value).to.equal('71');
    });

    it('dialect="plugin" shows From/To from the contract routes’ stops', async () => {
      const el = await scripted([routesReply(CONTRACT_ROUTES)], 'plugin');
      await settled(el);
      expect(el.activeDialect).to.equal('plugin');
      expect(part(el, 'select')).to.equal(null);
      expect(texts(selectOf(el, 'from-select'))).to.deep.equal([
        'Choose where to board…',
        'Amsterdam',
        'Basel',
        'Berlin',
        'Brussels',
        'Évry',
        'Frankfurt',
        'Köln',
        'Paris',
        'Zürich & Co',
      ]);
      // A contract route id names its two ends.
      el.value = '70';
      expect(el.value).to.equal('Paris|Berlin');
      expect(el.route).to.deep.equal({ from: 'Paris', to: 'Berlin' });
      await expect(el).to.be.accessible();
    });
  });

  describe('plugin dialect (stop names)', () => {
    it('the recorded /wbtm/v1/routes: sorted stops', async () => {
      const recorded = (await (await fetch('/test/fixtures/recorded/wbtm-routes.json')).json()) as { body: unknown };
      const el = await scripted([routesReply(recorded.body)]);
      await settled(el);
      expect(texts(selectOf(el, 'from-select')).slice(1)).to.deep.equal(['Berlin', 'Frankfurt', 'Hamburg', 'Paris']);
      expect(texts(selectOf(el, 'to-select')).slice(1)).to.deep.equal(['Berlin', 'Frankfurt', 'Hamburg', 'Paris']);
      await expect(el).to.be.accessible();
    });

    it('shows decoded names but keeps values byte-exact, in the value, the route and the for list', async () => {
      const base = await serve([routesReply(PLUGIN_ROUTES)]);
      const { el, list } = selectWithList(base);
      await settled(el);
      const from = selectOf(el, 'from-select');
      // Sorted by the decoded names: "&Eacute;tretat" reads "Étretat" and goes among the E's.
      expect(texts(from).slice(1)).to.deep.equal(['Berlin', 'Étretat', 'Évry', 'Hamburg', 'Paris', 'Zürich & Co']);
      expect(values(from).slice(1)).to.deep.equal(['Berlin', '&Eacute;tretat', '\u00c9vry', 'Hamburg', 'Paris', 'Z\u00fcrich &#038; Co']);
      // Keyboard: End goes to the last From stop, Tab, then the first To.
      el.focus();
      await sendKeys({ press: 'End' });
      await waitUntil(() => el.from !== '', 'from chosen');
      expect(el.from).to.equal('Zürich &#038; Co');
      expect(texts(selectOf(el, 'to-select')).slice(1)).to.deep.equal(['Berlin', 'Hamburg', 'Paris']);
      await sendKeys({ press: 'Tab' });
      const routeChanged = oneEvent(el, 'route-change');
      await sendKeys({ press: 'ArrowDown' });
      expect((await routeChanged).detail.route).to.deep.equal({ from: 'Zürich &#038; Co', to: 'Berlin' });
      expect(el.value).to.equal('Zürich &#038; Co|Berlin');
      expect(list.from).to.equal('Zürich &#038; Co');
      expect(list.to).to.equal('Berlin');
    });

    it('at 320 px a long stop name keeps From and To within the element, which never scrolls sideways; wide, they stay side by side', async () => {
      const long = 'Frankfurt am Main Hauptbahnhof (Südseite, Fernbusterminal Bussteig 12)';
      const base = await serve([routesReply({ boarding_points: [long, 'Paris'], dropping_points: ['Berlin', long] })]);
      const wrapper = fixtureSync<HTMLDivElement>(html`<div style="width: 320px"><bus-route-select base-url=${base}></bus-route-select></div>`);
      const el = wrapper.querySelector('bus-route-select')!;
      await settled(el);
      const right = el.getBoundingClientRect().right;
      expect(el.scrollWidth).to.be.at.most(el.clientWidth);
      for (const name of ['from-select', 'to-select']) expect(selectOf(el, name).getBoundingClientRect().right, name).to.be.at.most(right + 0.5);
      // The layout is otherwise as before: with room, To sits beside From.
      wrapper.style.width = '1600px';
      expect(part(el, 'to-field')!.getBoundingClientRect().top).to.equal(part(el, 'from-field')!.getBoundingClientRect().top);
    });

    it('splits from|to at the | that names known stops, even when a stop name contains one', async () => {
      const el = await scripted([routesReply({ boarding_points: ['Gare|Nord', 'Lyon'], dropping_points: ['Nice', 'Lyon'] })]);
      await settled(el);
      el.value = 'Gare|Nord|Nice';
      expect(el.route).to.deep.equal({ from: 'Gare|Nord', to: 'Nice' });
      el.value = 'Gare|Nord|';
      expect(el.from).to.equal('Gare|Nord');
      expect(el.value).to.equal('');
      el.to = 'Lyon';
      expect(el.value).to.equal('Gare|Nord|Lyon');
      expect(el.route).to.deep.equal({ from: 'Gare|Nord', to: 'Lyon' });
      el.from = 'Lyon';
      expect(el.route).to.equal(null);
      expect(el.from).to.equal('Lyon');
      await el.updateComplete;
      expect(selectOf(el, 'from-select').value).to.equal('Lyon');
      expect(values(selectOf(el, 'to-select'))).to.deep.equal(['', 'Nice']);
    });
    it('a reload that works leaves focus where the visitor put it meanwhile, even on the page itself', async () => {
      const first = await serve([routesReply(PLUGIN_ROUTES)]);
      const second = await serve([routesReply(PLUGIN_ROUTES, { delayMs: 300 })]);
      const el = await fixture<BusRouteSelect>(html`<bus-route-select base-url=${first}></bus-route-select>`);
      await settled(el);
      selectOf(el, 'from-select').focus();
      expect(el.shadowRoot!.activeElement).to.equal(selectOf(el, 'from-select'));
      el.baseUrl = second;
      await el.updateComplete;
      expect(el.pending, 'the reload started').to.equal(true);
      // The visitor clicks an empty part of the page while the routes reload (no reply can come
      // between the update and this line).
      selectOf(el, 'from-select').blur();
      expect(document.activeElement).to.equal(document.body);
      await waitUntil(() => el.routeList !== null && !el.hasAttribute('pending'), 'routes', { timeout: 8000 });
      await el.updateComplete;
      expect(document.activeElement, 'focus stays on the page').to.equal(document.body);
    });
    it('a reload aborted by a newer one (base-url changed again) holds no focus: the newer one working leaves focus where the visitor put it', async () => {
      const first = await serve([routesReply(PLUGIN_ROUTES)]);
      const second = await serve([routesReply(PLUGIN_ROUTES)]);
      const third = await serve([routesReply(PLUGIN_ROUTES, { delayMs: 300 })]);
      const el = await fixture<BusRouteSelect>(html`<bus-route-select base-url=${first}></bus-route-select>`);
      await settled(el);
      const held = holdRequests(new URL(second).origin);
      try {
        selectOf(el, 'from-select').focus();
        el.baseUrl = second;
        await el.updateComplete;
        expect(el.pending, 'the reload started').to.equal(true);
        el.baseUrl = third;
        await el.updateComplete;
        // The load from `second` is aborted now; its rejection settles in microtasks, before this
        // task ends, while the select still has focus.
        await new Promise((resolve) => setTimeout(resolve));
        expect(el.shadowRoot!.activeElement).to.equal(selectOf(el, 'from-select'));
        // The visitor clicks an empty part of the page while the routes from `third` load.
        selectOf(el, 'from-select').blur();
        expect(document.activeElement).to.equal(document.body);
        await waitUntil(() => el.routeList !== null && !el.hasAttribute('pending'), 'routes', { timeout: 8000 });
        await el.updateComplete;
        expect(part(el, 'error'), 'the abort shows no error').to.equal(null);
        expect(document.activeElement, 'focus stays on the page').to.equal(document.body);
      } finally {
        held.release();
        held.restore();
      }
    });
    it('a reload that fails under the focused From select gives focus to Retry, and a successful Retry back to the select', async () => {
      const failure: Reply = { status: 503, body: { code: 'x', message: 'x', data: { status: 503 } } };
      const first = await serve([routesReply(PLUGIN_ROUTES)]);
      const second = await serve([failure, routesReply(PLUGIN_ROUTES, { delayMs: 200 })]);
      const el = await fixture<BusRouteSelect>(html`<bus-route-select base-url=${first}></bus-route-select>`);
      await settled(el);
      el.focus();
      await sendKeys({ press: 'End' });
      await waitUntil(() => el.from !== '', 'from chosen');
      expect(el.shadowRoot!.activeElement).to.equal(selectOf(el, 'from-select'));
      // What the stop picked loads next (here the page points the select at another site) fails.
      el.baseUrl = second;
      await waitUntil(() => part(el, 'retry') && !el.hasAttribute('pending'), 'Retry', { timeout: 8000 });
      await el.updateComplete;
      expect(el.shadowRoot!.activeElement, 'Retry has focus').to.equal(part(el, 'retry'));
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => el.routeList !== null && !el.hasAttribute('pending'), 'routes', { timeout: 8000 });
      await el.updateComplete;
      expect(el.shadowRoot!.activeElement, 'the select has focus again').to.equal(selectOf(el, 'from-select'));
      expect(el.from).to.equal('Z\u00fcrich &#038; Co');
    });
  });

  for (const dialect of ['contract', 'plugin'] as const) {
    const selects = dialect === 'contract' ? ['select'] : ['from-select', 'to-select'];
    const placeholders = dialect === 'contract' ? [['Choose a route…']] : [['Choose where to board…'], ['Choose a destination…']];

    describe(`states, ${dialect} dialect`, () => {
      it('loading: pending, aria-busy, aria-disabled selects with one "Loading…" option that Tab still reaches; accessible', async () => {
        const body = dialect === 'contract' ? CONTRACT_ROUTES : PLUGIN_ROUTES;
        const base = await serve([routesReply(body, { delayMs: 1500 })]);
        const wrapper = fixtureSync<HTMLDivElement>(
          html`<div><input aria-label="Before" /><bus-route-select base-url=${base} dialect=${dialect}></bus-route-select></div>`,
        );
        const el = wrapper.querySelector('bus-route-select')!;
        await el.updateComplete;
        expect(el.hasAttribute('pending')).to.equal(true);
        expect(el.getAttribute('aria-busy')).to.equal('true');
        for (const name of selects) {
          // Not `disabled`: a required select's "still loading" message needs a control it can focus.
          expect(selectOf(el, name).disabled, name).to.equal(false);
          expect(selectOf(el, name).getAttribute('aria-disabled'), name).to.equal('true');
          expect(selectOf(el, name).getAttribute('aria-busy')).to.equal('true');
          expect(texts(selectOf(el, name))).to.deep.equal(['Loading…']);
        }
        const events: string[] = [];
        for (const type of ['input', 'change']) el.addEventListener(type, () => events.push(type));
        wrapper.querySelector('input')!.focus();
        for (const name of selects) {
          await sendKeys({ press: 'Tab' });
          expect(el.shadowRoot!.activeElement, `Tab reaches ${name}`).to.equal(selectOf(el, name));
          for (const press of ['ArrowDown', 'End']) await sendKeys({ press });
        }
        expect(el.pending, 'still loading').to.equal(true);
        expect(events, 'no key changes the selection').to.deep.equal([]);
        await expect(el).to.be.accessible();
        await settled(el);
        expect(el.hasAttribute('pending')).to.equal(false);
        expect(el.hasAttribute('aria-busy')).to.equal(false);
        for (const name of selects) {
          expect(selectOf(el, name).disabled).to.equal(false);
          expect(selectOf(el, name).hasAttribute('aria-disabled')).to.equal(false);
        }
      });

      it('empty: only the placeholder and a polite status; accessible', async () => {
        const el = await scripted([routesReply(dialect === 'contract' ? [] : { boarding_points: [], dropping_points: [] })]);
        await settled(el);
        expect(el.activeDialect).to.equal(dialect);
        selects.forEach((name, i) => expect(texts(selectOf(el, name))).to.deep.equal(placeholders[i]));
        const empty = part(el, 'empty')!;
        expect(empty.getAttribute('role')).to.equal('status');
        expect(empty.textContent).to.equal('No routes to choose from yet.');
        await expect(el).to.be.accessible();
      });

      const errors: Array<[string, Reply, string, boolean]> = [
        [
          '401 (the contract needs a login)',
          { status: 401, body: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } } },
          'This site shares its routes only with a login, which a web page must not hold. Site owner: set base-url to the ticketing-widgets proxy, which keeps the login on the server.',
          false,
        ],
        [
          '404 rest_no_route',
          { status: 404, body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } },
          'This site does not publish this data (the plugin’s REST API is turned off or the plugin is missing).',
          false,
        ],
        [
          '429 wbtm_rate_limited',
          { status: 429, headers: { 'Retry-After': '30' }, body: { code: 'wbtm_rate_limited', message: 'Too many requests.', data: { status: 429 } } },
          'The site asked us to slow down. Try again in 30 s.',
          true,
        ],
      ];
      for (const [name, reply, message, retry] of errors) {
        it(`error ${name}: a localized alert${retry ? ' with Retry' : ''}, selects with the placeholder only; accessible`, async () => {
          const el = await scripted([reply], dialect);
          await settled(el);
          const alert = part(el, 'error')!;
          expect(alert.getAttribute('role')).to.equal('alert');
          expect(part(el, 'error-message')!.textContent).to.equal(message);
          expect(part(el, 'retry') !== null).to.equal(retry);
          selects.forEach((select, i) => expect(texts(selectOf(el, select))).to.deep.equal(placeholders[i]));
          await expect(el).to.be.accessible();
        });
      }

      it('error network, then Retry loads; a kept value survives and is selected', async () => {
        const body = dialect === 'contract' ? CONTRACT_ROUTES : PLUGIN_ROUTES;
        const base = await serve([{ destroy: true }, routesReply(body)]);
        const value = dialect === 'contract' ? '76' : 'Z\u00fcrich &#038; Co|Paris';
        const form = fixtureSync<HTMLFormElement>(
          html`<form><bus-route-select name="route" dialect=${dialect} value=${value} base-url=${base}></bus-route-select></form>`,
        );
        const el = form.querySelector('bus-route-select')!;
        await settled(el);
        expect(part(el, 'error-message')!.textContent).to.equal('The site could not be reached. Check the connection and try again.');
        expect(new FormData(form).get('route')).to.equal(value);
        await expect(el).to.be.accessible();
        part(el, 'retry')!.click();
        await waitUntil(() => el.routeList !== null, 'retry loads', { timeout: 8000 });
        await el.updateComplete;
        expect(part(el, 'error')).to.equal(null);
        expect(el.value).to.equal(value);
        expect(el.route?.from).to.equal('Z\u00fcrich &#038; Co');
        if (dialect === 'contract') expect(selectOf(el).value).to.equal('76');
        else expect(selectOf(el, 'from-select').value).to.equal('Z\u00fcrich &#038; Co');
      });
    });
  }

  it('the contract reference API without a login: 401 tells the site owner to use the proxy', async () => {
    const server = await referenceServer();
    stops.push(server);
    const el = await fixture<BusRouteSelect>(html`<bus-route-select base-url=${`${server.origin}/wp-json`}></bus-route-select>`);
    await settled(el);
    expect(part(el, 'error-message')!.textContent).to.contain('ticketing-widgets proxy');
    expect(part(el, 'retry')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('not configured: names the attribute and makes no request', async () => {
    const el = await fixture<BusRouteSelect>(html`<bus-route-select></bus-route-select>`);
    await settled(el);
    expect(part(el, 'error-message')!.textContent).to.contain('base-url');
    await expect(el).to.be.accessible();
  });
});

describe('<bus-route-select> registration', () => {
  it('loading the module twice, or another definition of the tag, does not throw', async () => {
    await expectRedefinitionTolerated('bus-route-select', BusRouteSelect, () => import('./bus-route-select.js?copy=2' as string));
  });
});

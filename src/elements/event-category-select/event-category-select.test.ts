import { expect, fixture, fixtureSync, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import './event-category-select.js';
import '../event-list/event-list.js';
import { EventCategorySelect } from './event-category-select.js';
import type { EventList } from '../event-list/event-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { expectRedefinitionTolerated, langOf, lateDefinition, part, stopServersAfterEach, useReferenceServer } from '../../../test/helpers/element.js';
import { arrowDownChange, expectRefusedAtFocus, expectValueMissing, submissions } from '../../../test/helpers/form.js';
import { holdRequests } from '../../../test/helpers/fetches.js';

// Wrappers use fixtureSync: `fixture` waits for an animation frame after a non-Lit root, and frames
// never come to the test page the runner keeps in the background (concurrency 2).
const NBSP3 = '\u00a0\u00a0\u00a0';
const [FSI, PDI] = ['\u2068', '\u2069'];
/** "Music (12)" as an option holds it: the count isolated from the name (a right-to-left one would pull it across). */
const counted = (name: string, count: string) => `${name} (${FSI}${count}${PDI})`;
const selectOf = (el: Element) => part(el, 'select') as HTMLSelectElement;
const optionTexts = (el: Element) => [...selectOf(el).options].map((option) => option.textContent);
const optionValues = (el: Element) => [...selectOf(el).options].map((option) => option.value);

async function settled(el: EventCategorySelect): Promise<void> {
  await waitUntil(() => !el.hasAttribute('pending') && (el.terms.length > 0 || part(el, 'empty') || part(el, 'error')), 'select settles', { timeout: 8000 });
  await el.updateComplete;
}

function term(id: number, name: string, parent = 0, count = 1) {
  return { id, name, parent, count, slug: name.toLowerCase(), description: '', link: `https://example.org/cat/${id}`, taxonomy: 'mep_cat', meta: [] };
}

const termsReply = (terms: unknown[], extra: Partial<Reply> = {}): Reply => ({
  status: 200,
  headers: { 'X-WP-Total': String(terms.length), 'X-WP-TotalPages': terms.length ? '1' : '0' },
  body: terms,
  ...extra,
});

async function scriptedSelect(script: Reply[]): Promise<{ el: EventCategorySelect; server: LoopbackServer }> {
  const server = await scriptedServer(script);
  const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${`${server.origin}/wp-json`}></event-category-select>`);
  return { el, server };
}

describe('<event-category-select> against the reference API', () => {
  let server: LoopbackServer;
  let base: string;
  useReferenceServer((s, b) => ((server = s), (base = b)));

  const catRequests = async () => (await server.requests()).filter((request) => request.path === '/wp-json/wp/v2/mep_cat').length;

  it('lists every category under "All", children indented right after their parent; accessible', async () => {
    const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${base}></event-category-select>`);
    await settled(el);
    expect(optionTexts(el)).to.deep.equal([
      'All categories',
      'Business',
      `${NBSP3}Conferences`,
      'Food & Drink',
      'Music',
      `${NBSP3}Jazz & Blues`,
      'Press Conferences',
      'Workshops',
    ]);
    expect(optionValues(el)).to.deep.equal(['', '3', '4', '7', '5', '6', '9', '8']);
    const select = selectOf(el);
    expect(select.disabled).to.equal(false);
    expect(select.labels[0]!.textContent).to.equal('Category');
    expect(part(el, 'label')!.getAttribute('part')).to.equal('label');
    expect(el.value).to.equal('');
    expect(el.selectedTerm).to.equal(null);
    expect(el.hasAttribute('aria-busy')).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('shows counts with show-counts, localized digits included', async () => {
    const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${base} show-counts></event-category-select>`);
    await settled(el);
    expect(optionTexts(el)).to.include(counted('Music', '24'));
    expect(optionTexts(el)).to.include(`${NBSP3}${counted('Conferences', '24')}`);
    expect(optionTexts(el)).to.include(counted('Press Conferences', '0'));
    expect(optionTexts(el)[0]).to.equal('All categories');
    el.showCounts = false;
    await el.updateComplete;
    expect(optionTexts(el)).to.include('Music');
  });

  it('with show-counts, type-to-select still finds a category by its first letter', async () => {
    const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${base} show-counts></event-category-select>`);
    await settled(el);
    el.focus();
    await sendKeys({ type: 'w' });
    await waitUntil(() => el.value === '8', 'Workshops chosen by typing');
    expect(selectOf(el).selectedOptions[0]!.textContent).to.match(/^Workshops \(\u2068\d+\u2069\)$/);
  });

  it('speaks German with lang="de" and takes a label override', async () => {
    const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${base} lang="de"></event-category-select>`);
    await settled(el);
    expect(optionTexts(el)[0]).to.equal('Alle Kategorien');
    expect(part(el, 'label')!.textContent).to.equal('Kategorie');
    el.label = 'Rubrik';
    await el.updateComplete;
    expect(selectOf(el).labels[0]!.textContent).to.equal('Rubrik');
    await expect(el).to.be.accessible();
  });

  it('on a French page, its English label and "All" sit in lang="en", the site\'s category names and label in French; German adds no lang', async () => {
    const page = fixtureSync(html`<div lang="fr"><event-category-select base-url=${base}></event-category-select></div>`);
    const el = page.firstElementChild as EventCategorySelect;
    await settled(el);
    const [all, ...terms] = selectOf(el).options;
    expect([all!.textContent, langOf(all!), langOf(part(el, 'label')!)]).to.deep.equal(['All categories', 'en', 'en']);
    expect(terms.length).to.be.greaterThan(0);
    expect(terms.filter((option) => langOf(option) !== 'fr')).to.deep.equal([]);
    el.label = 'Rubrique';
    await el.updateComplete;
    expect(langOf(part(el, 'label')!), "the page's own label").to.equal('fr');
    expect(el.hasAttribute('lang')).to.equal(false);
    await expect(el).to.be.accessible();

    const de = await fixture<EventCategorySelect>(html`<event-category-select base-url=${base} lang="de"></event-category-select>`);
    await settled(de);
    expect([...de.shadowRoot!.querySelectorAll('[lang]')].map((node) => node.getAttribute('lang'))).to.deep.equal(['de']);
  });

  it('on a French page translated by the element\'s own strings, its label and "All" stay lang="fr"', async () => {
    const strings = { categoryLabel: 'Catégorie', allCategories: 'Toutes les catégories' };
    const page = fixtureSync(html`<div lang="fr"><event-category-select base-url=${base} .strings=${strings}></event-category-select></div>`);
    const el = page.firstElementChild as EventCategorySelect;
    await settled(el);
    const [all] = selectOf(el).options;
    expect([all!.textContent, langOf(all!), langOf(part(el, 'label')!)]).to.deep.equal(['Toutes les catégories', 'fr', 'fr']);
  });

  it('selects with the keyboard only: focus delegates to the select, ArrowDown fires input and a cancelable change', async () => {
    const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${base}></event-category-select>`);
    await settled(el);
    const inputs: Event[] = [];
    el.addEventListener('input', (event) => inputs.push(event));
    const change = await arrowDownChange(el, selectOf(el));
    expect(change.bubbles && change.composed).to.equal(true);
    expect(change).to.not.be.instanceOf(CustomEvent);
    expect(el.value).to.equal('3');
    expect(el.selectedTerm?.name).to.equal('Business');
    expect(inputs.length).to.equal(1);
    expect(inputs[0]!.target).to.equal(el);
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => el.value === '4');
    expect(selectOf(el).value).to.equal('4');
    expect(inputs.length).to.equal(2);
  });

  it('a cancelled change restores the previous value, in the select and in the form', async () => {
    const form = fixtureSync<HTMLFormElement>(html`<form><event-category-select name="category" base-url=${base} value="5"></event-category-select></form>`);
    const el = form.querySelector('event-category-select')!;
    await settled(el);
    expect(selectOf(el).value).to.equal('5');
    let seen = '';
    el.addEventListener('change', (event) => {
      seen = el.value;
      event.preventDefault();
    });
    el.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => seen !== '', 'change fired');
    expect(seen).to.equal('6'); // listeners see the new value…
    expect(el.value).to.equal('5'); // …and cancelling puts the old one back
    expect(selectOf(el).value).to.equal('5');
    expect(new FormData(form).get('category')).to.equal('5');
    await el.updateComplete;
    expect(selectOf(el).value).to.equal('5');
  });

  it('for="<event-list id>" filters the list and sends it back to page 1, not after a cancelled change', async () => {
    const wrapper = fixtureSync<HTMLDivElement>(
      html`<div>
        <event-category-select for="filtered" base-url=${base}></event-category-select>
        <event-list id="filtered" base-url=${base} page="3" per-page="2"></event-list>
      </div>`,
    );
    const el = wrapper.querySelector('event-category-select')!;
    const list = wrapper.querySelector<EventList>('event-list')!;
    await settled(el);
    await list.updateComplete;
    // An empty select does not clear the list on load.
    expect(list.page).to.equal(3);
    expect(list.category).to.equal('');

    el.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => list.category === '3', 'list follows the select');
    await list.updateComplete;
    expect(list.getAttribute('category')).to.equal('3');
    expect(list.getAttribute('page')).to.equal('1');

    list.page = 2;
    await list.updateComplete;
    const cancel = (event: Event) => event.preventDefault();
    el.addEventListener('change', cancel);
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(el.value).to.equal('3');
    expect(list.category).to.equal('3');
    expect(list.page).to.equal(2);

    el.removeEventListener('change', cancel);
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => list.category === '4');
    expect(list.page).to.equal(1);
  });

  it('applies a preset value to the for list once the options load, also inside a shadow root', async () => {
    const host = fixtureSync<HTMLDivElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<event-list id="inner" base-url="${base}" page="2" per-page="2"></event-list>
      <event-category-select for="inner" value="5" base-url="${base}"></event-category-select>`;
    const el = root.querySelector('event-category-select')!;
    const list = root.querySelector<EventList>('event-list')!;
    await settled(el);
    await waitUntil(() => list.category === '5', 'preset value applied');
    expect(list.page).to.equal(1);
    // Applied once: moving the list back is not undone by the next render.
    list.page = 2;
    el.requestUpdate();
    await el.updateComplete;
    expect(list.page).to.equal(2);
  });

  it('gives its value to a for list rendered after the options loaded (an app mounting it later), in a shadow root too', async () => {
    for (const inShadow of [false, true]) {
      const host = fixtureSync<HTMLDivElement>(html`<div></div>`);
      const root: ParentNode = inShadow ? host.attachShadow({ mode: 'open' }) : host;
      const select = document.createElement('event-category-select');
      select.setAttribute('for', 'later');
      select.setAttribute('value', '5');
      select.setAttribute('base-url', base);
      root.append(select);
      await settled(select);
      const list = document.createElement('event-list') as EventList;
      list.setAttribute('base-url', base);
      root.append(list);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(list.category, 'not the list it is for yet').to.equal('');
      list.id = 'later';
      await waitUntil(() => list.category === '5', `the value reaches the list (${inShadow ? 'shadow root' : 'document'})`);
      host.remove();
    }
  });

  it('gives its choice to a new list mounted under the for id (an app\'s route change), in a shadow root too; the same list put back keeps its page; "All" leaves a new list alone', async () => {
    for (const inShadow of [false, true]) {
      const host = fixtureSync<HTMLDivElement>(html`<div></div>`);
      const root: ParentNode = inShadow ? host.attachShadow({ mode: 'open' }) : host;
      const mount = (attributes = '') => {
        const view = document.createElement('div');
        view.innerHTML = `<event-list id="routed" base-url="${base}" per-page="2" page="3" ${attributes}></event-list>`;
        root.append(view);
        return view.firstElementChild as EventList;
      };
      const where = inShadow ? 'shadow root' : 'document';
      const select = document.createElement('event-category-select');
      select.setAttribute('for', 'routed');
      select.setAttribute('base-url', base);
      let list = mount();
      root.prepend(select);
      await settled(select);
      select.value = '5';
      await waitUntil(() => list.category === '5', `the first list follows (${where})`);

      // The route changes: the list's view leaves, a new one brings a new list under the same id.
      list.parentElement!.remove();
      list = mount();
      await waitUntil(() => list.category === '5', `the new list gets the current choice (${where})`);
      expect(list.page).to.equal(1);

      // The same list taken out and put back keeps what happened to it since.
      list.page = 2;
      await list.updateComplete;
      const view = list.parentElement!;
      view.remove();
      root.append(view);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(list.page, `moved (${where})`).to.equal(2);

      // "All" leaves a new list's own category alone, as at the first load.
      select.value = '';
      await waitUntil(() => list.category === '', 'the list follows "All"');
      list.parentElement!.remove();
      list = mount('category="3"');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([list.category, list.page], `a new list with "All" chosen (${where})`).to.deep.equal(['3', 3]);
      host.remove();
    }
  });

  it('stops watching for a for= target once it waits for nothing (the for attribute dropped): page changes no longer render it', async () => {
    const select = fixtureSync<EventCategorySelect>(html`<event-category-select for="nowhere" value="5" base-url=${base}></event-category-select>`);
    await settled(select);
    select.htmlFor = '';
    await select.updateComplete;
    let renders = 0;
    const update = select['update'].bind(select);
    (select as unknown as { update: (changed: Map<PropertyKey, unknown>) => void }).update = (changed) => {
      renders++;
      update(changed);
    };
    for (let n = 0; n < 5; n++) document.body.append(document.createElement('span'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    document.querySelectorAll('body > span').forEach((span) => span.remove());
    expect(renders).to.equal(0);
  });

  it("is named by the page's own <label for> or aria-label (its default label then hidden), by its label attribute first", async () => {
    const box = fixtureSync<HTMLDivElement>(
      html`<div>
        <label for="topic">Filter by topic</label><event-category-select id="topic" base-url=${base}></event-category-select>
        <event-category-select aria-label="Thema" base-url=${base}></event-category-select>
        <label for="own">Page words</label><event-category-select id="own" label="Kind of event" base-url=${base}></event-category-select>
      </div>`,
    );
    const [labelled, ariaLabelled, own] = [...box.querySelectorAll('event-category-select')];
    for (const el of [labelled!, ariaLabelled!, own!]) await settled(el);
    expect(selectOf(labelled!).getAttribute('aria-label')).to.equal('Filter by topic');
    expect(part(labelled!, 'label')!.getBoundingClientRect().width).to.be.at.most(1);
    expect(selectOf(ariaLabelled!).getAttribute('aria-label')).to.equal('Thema');
    expect(selectOf(own!).hasAttribute('aria-label')).to.equal(false);
    expect(part(own!, 'label')!.textContent).to.equal('Kind of event');
    await expect(box).to.be.accessible();
  });

  it("takes from a page's label only what a screen reader reads there: not its own fallback inside a wrapping <label>, nor an aria-hidden mark", async () => {
    const box = fixtureSync<HTMLDivElement>(
      html`<div>
        <label
          >Category <event-category-select base-url=${base}><a slot="fallback" href="https://example.org/events/">All events</a></event-category-select></label
        >
        <label for="marked">Topic <span aria-hidden="true">*</span></label
        ><event-category-select id="marked" base-url=${base}></event-category-select>
      </div>`,
    );
    const [wrapped, marked] = [...box.querySelectorAll('event-category-select')];
    for (const el of [wrapped!, marked!]) await settled(el);
    expect(selectOf(wrapped!).getAttribute('aria-label')).to.equal('Category');
    expect(selectOf(marked!).getAttribute('aria-label')).to.equal('Topic');
    await expect(box).to.be.accessible();
  });

  it('follows a <label for> the page adds, rewords, points elsewhere or removes after the first render, in a shadow root too; other changes render nothing', async () => {
    for (const inShadow of [false, true]) {
      const host = fixtureSync<HTMLDivElement>(html`<div></div>`);
      const box: ParentNode = inShadow ? host.attachShadow({ mode: 'open' }) : host;
      const el = document.createElement('event-category-select');
      el.id = 'named-later';
      el.setAttribute('base-url', base);
      box.append(el);
      await settled(el);
      const name = () => selectOf(el).getAttribute('aria-label');
      const where = inShadow ? 'shadow root' : 'document';
      expect(name()).to.equal(null);

      const label = document.createElement('label');
      label.htmlFor = 'named-later';
      label.textContent = 'Topic';
      box.prepend(label);
      await waitUntil(() => name() === 'Topic', `a label added (${where})`);
      expect(part(el, 'label')!.getBoundingClientRect().width, 'default label hidden').to.be.at.most(1);
      (label.firstChild as Text).data = 'Thema';
      await waitUntil(() => name() === 'Thema', `its text edited (${where})`);
      label.innerHTML = '<span>Sujet</span>';
      await waitUntil(() => name() === 'Sujet', `its content replaced (${where})`);
      (label.querySelector('span')!.firstChild as Text).data = 'Tema';
      await waitUntil(() => name() === 'Tema', `nested text edited (${where})`);

      // Changes elsewhere in the page do not render the select.
      let renders = 0;
      const update = el['update'].bind(el);
      (el as unknown as { update: (changed: Map<PropertyKey, unknown>) => void }).update = (changed) => {
        renders++;
        update(changed);
      };
      for (let n = 0; n < 5; n++) box.append(document.createElement('span'));
      document.body.append(document.createElement('span'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      document.querySelectorAll('body > span').forEach((span) => span.remove());
      expect(renders, `renders for unrelated changes (${where})`).to.equal(0);

      label.htmlFor = 'elsewhere';
      await waitUntil(() => name() === null, `the label pointed elsewhere (${where})`);
      label.htmlFor = 'named-later';
      await waitUntil(() => name() === 'Tema', `pointed back (${where})`);
      label.remove();
      await waitUntil(() => name() === null, `the label removed (${where})`);
      expect(part(el, 'label')!.getBoundingClientRect().width, 'default label back').to.be.above(1);
      host.remove();
    }
  });

  it('follows an aria-label the page sets, changes or removes later (an app switching language)', async () => {
    const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${base}></event-category-select>`);
    await settled(el);
    expect(selectOf(el).hasAttribute('aria-label')).to.equal(false);
    el.setAttribute('aria-label', 'Topic');
    await el.updateComplete;
    expect(selectOf(el).getAttribute('aria-label'), 'added').to.equal('Topic');
    expect(part(el, 'label')!.getBoundingClientRect().width, 'default label hidden').to.be.at.most(1);
    el.setAttribute('aria-label', 'Thema');
    await el.updateComplete;
    expect(selectOf(el).getAttribute('aria-label'), 'changed').to.equal('Thema');
    el.removeAttribute('aria-label');
    await el.updateComplete;
    expect(selectOf(el).hasAttribute('aria-label'), 'removed').to.equal(false);
    expect(part(el, 'label')!.getBoundingClientRect().width, 'default label back').to.be.above(1);
    await expect(el).to.be.accessible();
  });

  it('in a container narrower than the select minimum (12rem) the select shrinks to it', async () => {
    const box = fixtureSync<HTMLDivElement>(html`<div style="width: 160px"><event-category-select base-url=${base}></event-category-select></div>`);
    const el = box.querySelector('event-category-select')!;
    await settled(el);
    expect(selectOf(el).getBoundingClientRect().width).to.be.at.most(160);
    expect(box.scrollWidth).to.be.at.most(160);
  });

  it('two selects of one site make one request for the taxonomy', async () => {
    const before = await catRequests();
    const wrapper = fixtureSync<HTMLDivElement>(
      html`<div>
        <event-category-select base-url=${base}></event-category-select>
        <event-category-select base-url=${base} show-counts></event-category-select>
      </div>`,
    );
    const [a, b] = [...wrapper.querySelectorAll('event-category-select')];
    await settled(a!);
    await settled(b!);
    expect(a!.terms.length).to.equal(7);
    expect(b!.terms.length).to.equal(7);
    expect((await catRequests()) - before).to.equal(1);
  });

  describe('in a <form>', () => {
    it('submits name=value, also a value set before the options arrived', async () => {
      const form = fixtureSync<HTMLFormElement>(html`<form><event-category-select name="category" base-url=${base}></event-category-select></form>`);
      const el = form.querySelector('event-category-select')!;
      expect(el.form).to.equal(form);
      expect(new FormData(form).get('category')).to.equal('');
      el.value = '6'; // still loading
      expect(new FormData(form).get('category')).to.equal('6');
      await settled(el);
      expect(selectOf(el).value).to.equal('6');
      expect(selectOf(el).selectedOptions[0]!.textContent).to.equal(`${NBSP3}Jazz & Blues`);
      expect(el.selectedTerm?.id).to.equal(6);
      el.focus();
      await sendKeys({ press: 'ArrowDown' });
      await waitUntil(() => el.value === '9');
      expect(new FormData(form).get('category')).to.equal('9');
    });

    it('name and disabled set as properties reach the form at once, as on a native select', async () => {
      const form = fixtureSync<HTMLFormElement>(html`<form><event-category-select name="category" value="6" base-url=${base}></event-category-select></form>`);
      const el = form.querySelector('event-category-select')!;
      await settled(el);
      el.name = 'topic';
      expect([...new FormData(form).keys()]).to.deep.equal(['topic']);
      el.disabled = true;
      expect([el.willValidate, new FormData(form).has('topic')]).to.deep.equal([false, false]);
      el.disabled = false;
      expect(new FormData(form).get('topic')).to.equal('6');
      el.removeAttribute('name');
      expect(el.hasAttribute('name'), 'no name, as on a native select').to.equal(false);
      await el.updateComplete;
      expect(el.hasAttribute('name')).to.equal(false);
    });

    it('takes a value set before the element is defined: selected, submitted, and a reset returns to "All"', async () => {
      const { tag, define } = lateDefinition(EventCategorySelect);
      const form = fixtureSync<HTMLFormElement>(html`<form></form>`);
      const el = document.createElement(tag) as EventCategorySelect;
      el.setAttribute('name', 'category');
      el.setAttribute('base-url', base);
      form.append(el);
      el.value = '6'; // the page's script, before the loader defined the element
      define();
      await settled(el);
      expect(selectOf(el).value).to.equal('6');
      expect(new FormData(form).get('category')).to.equal('6');
      form.reset();
      expect(el.value).to.equal('');
      await el.updateComplete;
      expect(selectOf(el).value).to.equal('');
      expect(new FormData(form).get('category')).to.equal('');
    });

    it('reads a value matching no category as "All" once the options are known', async () => {
      const el = document.createElement('event-category-select');
      el.setAttribute('value', '42');
      el.setAttribute('name', 'category');
      el.baseUrl = base;
      const form = document.createElement('form');
      form.append(el);
      // Not known yet to match nothing: kept, and submitted.
      expect(el.value).to.equal('42');
      expect(new FormData(form).get('category')).to.equal('42');
      fixtureSync(html`<div>${form}</div>`);
      await settled(el);
      expect(el.value).to.equal('');
      expect(selectOf(el).value).to.equal('');
      expect(selectOf(el).selectedIndex).to.equal(0);
      expect(new FormData(form).get('category')).to.equal('');
      el.value = '8';
      expect(new FormData(form).get('category')).to.equal('8');
      el.value = '999';
      expect(el.value).to.equal('');
    });

    it('required + "All" is invalid with a localized message; reportValidity and requestSubmit respect it', async () => {
      const form = fixtureSync<HTMLFormElement>(
        html`<form>
          <event-category-select name="category" required base-url=${base}></event-category-select>
          <button>Go</button>
        </form>`,
      );
      const el = form.querySelector('event-category-select')!;
      await settled(el);
      expect(form.checkValidity()).to.equal(false);
      await expectValueMissing(el, 'Please choose a category.');

      const submitted = submissions(form);
      form.requestSubmit();
      expect(submitted.last()).to.equal(null);

      el.value = '7';
      expect(el.checkValidity()).to.equal(true);
      expect(el.validationMessage).to.equal('');
      form.requestSubmit();
      expect(submitted.last()).to.not.equal(null);
      expect(submitted.last()!.get('category')).to.equal('7');
      await expect(el).to.be.accessible();
    });

    it('says the required message in German', async () => {
      const el = await fixture<EventCategorySelect>(html`<event-category-select lang="de" required base-url=${base}></event-category-select>`);
      await settled(el);
      expect(el.validationMessage).to.equal('Bitte wählen Sie eine Kategorie.');
    });

    it('required while the categories load: a loading message at the focused select, not a silent refusal; then the required message', async () => {
      const held = holdRequests('mep_cat');
      try {
        const form = fixtureSync<HTMLFormElement>(html`<form><event-category-select name="category" required base-url=${base}></event-category-select></form>`);
        const el = form.querySelector('event-category-select')!;
        await el.updateComplete;
        expect(el.pending).to.equal(true);
        expectRefusedAtFocus(form, el, selectOf(el));
        expect(el.validationMessage).to.equal('Still loading, please wait.');
        held.release();
        await settled(el);
        await expectValueMissing(el, 'Please choose a category.');
      } finally {
        held.release();
        held.restore();
      }
    });

    it('says the loading message in German', async () => {
      const held = holdRequests('mep_cat');
      try {
        const el = await fixture<EventCategorySelect>(html`<event-category-select lang="de" required base-url=${base}></event-category-select>`);
        // German strings arrive by import(): on a loaded machine, after the first render.
        await waitUntil(() => el.validationMessage !== 'Still loading, please wait.', 'the German strings', { timeout: 8000 });
        expect([el.pending, el.validationMessage]).to.deep.equal([true, 'Wird noch geladen, bitte warten.']);
      } finally {
        held.release();
        held.restore();
      }
    });

    it('form.reset() restores the value attribute without a change event', async () => {
      const form = fixtureSync<HTMLFormElement>(html`<form><event-category-select name="category" value="5" base-url=${base}></event-category-select></form>`);
      const el = form.querySelector('event-category-select')!;
      await settled(el);
      let changes = 0;
      el.addEventListener('change', () => changes++);
      el.focus();
      await sendKeys({ press: 'ArrowDown' });
      await waitUntil(() => el.value === '6');
      expect(changes).to.equal(1);
      form.reset();
      expect(el.value).to.equal('5');
      expect(new FormData(form).get('category')).to.equal('5');
      await el.updateComplete;
      expect(selectOf(el).value).to.equal('5');
      expect(changes).to.equal(1);
    });

    it('a disabled fieldset or the disabled attribute disables, unsubmits and unvalidates it', async () => {
      const form = fixtureSync<HTMLFormElement>(
        html`<form>
          <fieldset><event-category-select name="category" value="5" required base-url=${base}></event-category-select></fieldset>
        </form>`,
      );
      const el = form.querySelector('event-category-select')!;
      const fieldset = form.querySelector('fieldset')!;
      await settled(el);
      expect(new FormData(form).get('category')).to.equal('5');
      fieldset.disabled = true;
      await waitUntil(() => selectOf(el).disabled, 'inner select disabled');
      expect(el.willValidate).to.equal(false);
      expect(new FormData(form).has('category')).to.equal(false);
      expect(el.matches(':disabled')).to.equal(true);
      await expect(el).to.be.accessible();
      fieldset.disabled = false;
      await waitUntil(() => !selectOf(el).disabled, 'enabled again');
      el.disabled = true;
      await el.updateComplete;
      expect(selectOf(el).disabled).to.equal(true);
      expect(new FormData(form).has('category')).to.equal(false);
      expect(el.hasAttribute('disabled')).to.equal(true);
    });

    it('restores a saved state (back/forward, autofill)', async () => {
      const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${base}></event-category-select>`);
      await settled(el);
      el.formStateRestoreCallback('4');
      await el.updateComplete;
      expect(el.value).to.equal('4');
      expect(selectOf(el).value).to.equal('4');
    });
  });

  it('stays readable in the dark scheme', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    try {
      // A page that supports the dark scheme gives itself a dark background.
      const page = fixtureSync<HTMLDivElement>(
        html`<div style="background: #121212; color: #eee; color-scheme: dark"><event-category-select base-url=${base}></event-category-select></div>`,
      );
      const el = page.querySelector('event-category-select')!;
      await settled(el);
      const brightness = (color: string) => (color.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, channel) => sum + Number(channel), 0) / 3;
      expect(brightness(getComputedStyle(selectOf(el)).backgroundColor)).to.be.below(80);
      expect(brightness(getComputedStyle(selectOf(el)).color)).to.be.above(180);
      expect(brightness(getComputedStyle(part(el, 'label')!).color)).to.be.above(180);
      expect(getComputedStyle(selectOf(el)).colorScheme).to.equal('dark');
      await expect(el).to.be.accessible();
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });
});

describe('<event-category-select> states from scripted replies', () => {
  const stops: LoopbackServer[] = [];
  stopServersAfterEach(stops);
  const scripted = async (script: Reply[]) => {
    const result = await scriptedSelect(script);
    stops.push(result.server);
    return result;
  };

  it('loading: pending, aria-busy, one "Loading…" option in a select that is aria-disabled (and looks it) yet focusable; accessible', async () => {
    const { el } = await scripted([termsReply([term(1, 'Alpha')], { delayMs: 800 })]);
    expect(el.hasAttribute('pending')).to.equal(true);
    expect(el.pending).to.equal(true);
    expect(el.getAttribute('aria-busy')).to.equal('true');
    // Not `disabled`: a required select's "still loading" message needs a control it can focus.
    expect(selectOf(el).disabled).to.equal(false);
    expect(selectOf(el).getAttribute('aria-disabled')).to.equal('true');
    expect(getComputedStyle(selectOf(el)).opacity).to.equal('0.6');
    expect(optionTexts(el)).to.deep.equal(['Loading…']);
    await expect(el).to.be.accessible();
    await settled(el);
    expect(el.hasAttribute('pending')).to.equal(false);
    expect(selectOf(el).disabled).to.equal(false);
    expect(selectOf(el).hasAttribute('aria-disabled')).to.equal(false);
    expect(getComputedStyle(selectOf(el)).opacity).to.equal('1');
    expect(optionTexts(el)).to.deep.equal(['All categories', 'Alpha']);
  });

  it('loading: Tab reaches the select, and no key changes the value (nothing but "Loading…" to pick)', async () => {
    const server = await scriptedServer([termsReply([term(5, 'Music'), term(6, 'Jazz')], { delayMs: 1500 })]);
    stops.push(server);
    const form = fixtureSync<HTMLFormElement>(
      html`<form>
        <input aria-label="Before" /><event-category-select name="category" value="5" base-url=${`${server.origin}/wp-json`}></event-category-select>
      </form>`,
    );
    const el = form.querySelector('event-category-select')!;
    await el.updateComplete;
    expect(el.pending).to.equal(true);
    const events: string[] = [];
    for (const type of ['input', 'change']) el.addEventListener(type, () => events.push(type));
    form.querySelector('input')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement, 'Tab reaches the select').to.equal(selectOf(el));
    for (const press of ['ArrowDown', 'End', 'ArrowUp', 'Home', 'PageDown', 'a']) await sendKeys({ press });
    expect(el.pending, 'still loading').to.equal(true);
    expect(events).to.deep.equal([]);
    expect(el.value).to.equal('5');
    expect(new FormData(form).get('category')).to.equal('5');
    expect(optionTexts(el)).to.deep.equal(['Loading…']);
    await settled(el);
    expect(selectOf(el).value).to.equal('5');
  });

  it('loading and disabled (own attribute or a disabled fieldset): the select stays disabled, and Tab passes it by', async () => {
    const server = await scriptedServer([termsReply([term(1, 'Alpha')], { delayMs: 1500 })]);
    stops.push(server);
    const form = fixtureSync<HTMLFormElement>(
      html`<form>
        <input aria-label="Before" />
        <fieldset><event-category-select disabled base-url=${`${server.origin}/wp-json`}></event-category-select></fieldset>
        <input aria-label="After" />
      </form>`,
    );
    const el = form.querySelector('event-category-select')!;
    await el.updateComplete;
    expect(el.pending).to.equal(true);
    expect(selectOf(el).disabled).to.equal(true);
    const [before, after] = form.querySelectorAll('input');
    before!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(after);
    el.disabled = false;
    form.querySelector('fieldset')!.disabled = true;
    await el.updateComplete;
    expect(el.pending).to.equal(true);
    expect(selectOf(el).disabled).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('empty: only "All" and a polite status; accessible', async () => {
    const { el } = await scripted([termsReply([])]);
    await settled(el);
    expect(optionTexts(el)).to.deep.equal(['All categories']);
    const empty = part(el, 'empty')!;
    expect(empty.getAttribute('role')).to.equal('status');
    expect(empty.textContent).to.equal('Nothing to choose from yet.');
    expect(selectOf(el).disabled).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('reads every page (more than 100 terms)', async () => {
    const first = Array.from({ length: 100 }, (_, i) => term(i + 1, `Term ${i + 1}`));
    const second = Array.from({ length: 20 }, (_, i) => term(i + 101, `Term ${i + 101}`));
    const headers = { 'X-WP-Total': '120', 'X-WP-TotalPages': '2' };
    const { el, server } = await scripted([
      { status: 200, headers, body: first },
      { status: 200, headers, body: second },
    ]);
    await settled(el);
    expect(selectOf(el).options.length).to.equal(121);
    // Numeric-aware ordering: Term 2 before Term 10.
    expect(optionTexts(el).slice(1, 4)).to.deep.equal(['Term 1', 'Term 2', 'Term 3']);
    expect(optionTexts(el).at(-1)).to.equal('Term 120');
    const searches = (await server.requests()).map((request) => new URLSearchParams(request.search).get('page'));
    expect(searches).to.deep.equal(['1', '2']);
  });

  it('orders untidy hierarchies: orphans top-level, cycles and self-parents terminate, names sorted per level', async () => {
    const { el } = await scripted([
      termsReply([
        term(10, 'zebra'),
        term(11, 'Äpfel'),
        term(12, 'Child of missing', 99),
        term(13, 'Loop B', 14),
        term(14, 'Loop A', 13),
        term(15, 'Self', 15),
        term(16, 'b child', 10),
        term(17, 'a child', 10),
        term(18, 'grandchild', 17),
        term(10, 'duplicate id'),
        // Below the cycle and first by name: it stays in its branch, under Loop B.
        term(19, 'Aaa below the loop', 13),
      ]),
    ]);
    await settled(el);
    expect(optionTexts(el)).to.deep.equal([
      'All categories',
      'Äpfel',
      'Child of missing',
      'Self',
      'zebra',
      `${NBSP3}a child`,
      `${NBSP3}${NBSP3}grandchild`,
      `${NBSP3}b child`,
      'Loop A',
      `${NBSP3}Loop B`,
      `${NBSP3}${NBSP3}Aaa below the loop`,
    ]);
    await expect(el).to.be.accessible();
  });

  it('with show-counts, a right-to-left name is isolated from its count, at any depth', async () => {
    // "Music" in Arabic, "Jazz" in Hebrew below it: "(12)" must not join the name's run and show first.
    const [music, jazz] = ['\u0645\u0648\u0633\u064a\u0642\u0649', '\u05d2\u05f3\u05d0\u05d6'];
    const { el } = await scripted([termsReply([term(1, music, 0, 12), term(2, jazz, 1, 3)])]);
    el.showCounts = true;
    await settled(el);
    expect(optionTexts(el)).to.deep.equal(['All categories', counted(music, '12'), `${NBSP3}${counted(jazz, '3')}`]);
    await expect(el).to.be.accessible();
  });

  it('renders term names as text, never markup', async () => {
    const { el } = await scripted([termsReply([term(1, '<img src=x onerror="window.__pwned=1">Bold &amp; <b>bad</b>')])]);
    await settled(el);
    expect(el.shadowRoot!.querySelector('img, b')).to.equal(null);
    expect(optionTexts(el)[1]).to.not.contain('<b>');
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('error rest_no_route: an alert without Retry, the select still offers "All"; accessible', async () => {
    const { el } = await scripted([
      { status: 404, body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } },
    ]);
    await settled(el);
    const alert = part(el, 'error')!;
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(part(el, 'error-message')!.textContent).to.equal(
      'This site does not publish this data (the plugin’s REST API is turned off or the plugin is missing).',
    );
    expect(part(el, 'retry')).to.equal(null);
    expect(selectOf(el).disabled).to.equal(false);
    expect(optionTexts(el)).to.deep.equal(['All categories']);
    await expect(el).to.be.accessible();
  });

  it('error 500 (HTML): a message, Retry loads again; the kept value survives and is then selected', async () => {
    const form = document.createElement('form');
    const server = await scriptedServer([
      { status: 500, headers: { 'Content-Type': 'text/html' }, body: '<html><body>Fatal error</body></html>' },
      termsReply([term(1, 'Alpha'), term(2, 'Beta')]),
    ]);
    stops.push(server);
    form.innerHTML = `<event-category-select name="category" value="2" base-url="${server.origin}/wp-json"></event-category-select>`;
    const wrapper = fixtureSync<HTMLDivElement>(html`<div></div>`);
    wrapper.append(form);
    const el = form.querySelector('event-category-select')!;
    await settled(el);
    expect(part(el, 'error')).to.exist;
    expect(part(el, 'error-message')!.textContent).to.match(/HTTP 500|web page instead of data/);
    expect(el.value).to.equal('2');
    expect(new FormData(form).get('category')).to.equal('2');
    expect(optionTexts(el)).to.deep.equal(['All categories']);
    await expect(el).to.be.accessible();
    part(el, 'retry')!.click();
    await waitUntil(() => el.terms.length === 2, 'retry loads', { timeout: 8000 });
    await el.updateComplete;
    expect(part(el, 'error')).to.equal(null);
    expect(selectOf(el).value).to.equal('2');
  });

  it('error 429: the rate-limit message with Retry-After', async () => {
    const { el } = await scripted([{ status: 429, headers: { 'Retry-After': '30' }, body: { code: 'too_many', message: 'Slow down', data: { status: 429 } } }]);
    await settled(el);
    expect(part(el, 'error-message')!.textContent).to.equal('The site asked us to slow down. Try again in 30 s.');
    expect(part(el, 'retry')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('error network: an unreachable site', async () => {
    const gone = await scriptedServer([termsReply([])]);
    await gone.stop();
    const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${`${gone.origin}/wp-json`}></event-category-select>`);
    await settled(el);
    expect(part(el, 'error-message')!.textContent).to.equal('The site could not be reached. Check the connection and try again.');
    await expect(el).to.be.accessible();
  });

  it('not configured: names the attribute and makes no request', async () => {
    const el = await fixture<EventCategorySelect>(html`<event-category-select></event-category-select>`);
    await settled(el);
    expect(part(el, 'error-message')!.textContent).to.contain('base-url');
    expect(part(el, 'retry')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});

describe('<event-category-select> registration', () => {
  it('loading the module twice, or another definition of the tag, does not throw', async () => {
    await expectRedefinitionTolerated('event-category-select', EventCategorySelect, () => import('./event-category-select.js?copy=2' as string));
  });
});

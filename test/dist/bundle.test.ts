// Loads the built CDN bundles exactly as a page would (npm test builds before the browser run).
import { expect } from '@open-wc/testing';
import { moduleGraph } from '../helpers/cdn-graph.js';

type BundleExports = Record<string, unknown>;

function loadClassicScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

describe('CDN bundles', () => {
  it('no CDN module has a bare import left, and none is a development build', async () => {
    for (const file of await moduleGraph(['/dist/cdn/ticketing-widgets.js', '/dist/cdn/api.js'], { dynamic: true })) {
      const source = await (await fetch(file)).text();
      // A bare specifier left in an import/export statement would fail in a plain page.
      const bare = source.match(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](?![./]|https?:)[^"']*["']/);
      expect(bare?.[0] ?? 'none', file).to.equal('none');
      expect(source.includes('Lit is in dev mode'), file).to.equal(false);
    }
  });

  it('the loader exports configure, load and discover; api.js exports the data layer', async () => {
    const loader = (await import('/dist/cdn/ticketing-widgets.js' as string)) as BundleExports;
    expect(Object.keys(loader).sort()).to.deep.equal(['configure', 'discover', 'load']);
    const api = (await import('/dist/cdn/api.js' as string)) as BundleExports;
    expect(api.ApiClient).to.be.a('function');
    expect(api.listEvents).to.be.a('function');
    expect(api.sanitizeHtml).to.be.a('function');
  });

  it('load() rejects an unknown tag with a clear message', async () => {
    const loader = (await import('/dist/cdn/ticketing-widgets.js' as string)) as { load(tag: string): Promise<void> };
    let message = '';
    await loader.load('no-such-widget').catch((error: Error) => (message = error.message));
    expect(message).to.equal('ticketing-widgets: there is no <no-such-widget> element.');
  });

  it('a second copy of the loader on the same page does not throw', async () => {
    const first = (await import('/dist/cdn/ticketing-widgets.js?copy=1' as string)) as BundleExports;
    const second = (await import('/dist/cdn/ticketing-widgets.js?copy=2' as string)) as BundleExports;
    expect(first.load).to.not.equal(second.load);
  });

  it('the IIFE bundle works without type=module and sets one global', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    await loadClassicScript('/dist/cdn/ticketing-widgets.iife.js');
    await loadClassicScript('/dist/cdn/ticketing-widgets.iife.js?again');
    window.removeEventListener('error', onError);
    expect(errors).to.deep.equal([]);
    const global = (window as unknown as { TicketingWidgets?: BundleExports }).TicketingWidgets;
    expect(global?.ApiClient).to.be.a('function');
  });
});

const TAGS = [
  'bus-list',
  'bus-passenger-list',
  'bus-route-map',
  'bus-route-select',
  'bus-seat-map',
  'event-attendee-list',
  'event-category-select',
  'event-list',
  'event-organizer-select',
  'event-speaker-list',
];

describe('npm build beside the CDN bundle', () => {
  it('the npm entry and the CDN bundle on one page, each loaded twice, define every tag and never throw', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      await import('/dist/cdn/ticketing-widgets.js?beside=1' as string);
      await Promise.all(TAGS.map((tag) => import(`/dist/cdn/elements/${tag}.js` as string)));
      const npm = (await import('/dist/index.js' as string)) as BundleExports;
      await import('/dist/index.js?again=1' as string);
      await import('/dist/elements/event-list/event-list.js' as string);
      expect(npm.EventList).to.be.a('function');
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(errors).to.deep.equal([]);
    for (const tag of TAGS) expect(customElements.get(tag), tag).to.be.a('function');
  });

  it("every host is block-level and follows a theme's constrained content column", async () => {
    await import('/dist/index.js' as string);
    // What a WordPress block theme does to the children of a constrained layout (Custom HTML block).
    const style = document.createElement('style');
    style.textContent = '.is-layout-constrained > * { max-width: 400px; margin-left: auto !important; margin-right: auto !important; }';
    document.head.append(style);
    const column = document.createElement('div');
    column.className = 'is-layout-constrained';
    column.style.width = '1000px';
    column.innerHTML = TAGS.map((tag) => `<${tag}></${tag}>`).join('');
    document.body.append(column);
    try {
      for (const el of [...column.children] as HTMLElement[]) {
        await (el as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
        expect(getComputedStyle(el).display, el.localName).to.equal('block');
        const box = el.getBoundingClientRect();
        const outer = column.getBoundingClientRect();
        expect(box.width, `${el.localName} width`).to.equal(400);
        expect(Math.round(box.left - outer.left), `${el.localName} centred`).to.equal(300);
      }
    } finally {
      column.remove();
      style.remove();
    }
  });
});

// Loads the built CDN bundles exactly as a page would (npm test builds before the browser run).
import { expect } from '@open-wc/testing';

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
  it('the ESM bundle has no bare imports left and exports the data layer', async () => {
    const source = await (await fetch('/dist/cdn/ticketing-widgets.js')).text();
    // A bare specifier left in an import/export statement would fail in a plain page.
    const bare = source.match(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](?![./]|https?:)[^"']*["']/);
    expect(bare?.[0] ?? 'none').to.equal('none');
    expect(source.includes('Lit is in dev mode')).to.equal(false);
    const bundle = (await import('/dist/cdn/ticketing-widgets.js' as string)) as BundleExports;
    expect(bundle.ApiClient).to.be.a('function');
    expect(bundle.listEvents).to.be.a('function');
  });

  it('a second copy of the bundle on the same page does not throw', async () => {
    const first = (await import('/dist/cdn/ticketing-widgets.js?copy=1' as string)) as BundleExports;
    const second = (await import('/dist/cdn/ticketing-widgets.js?copy=2' as string)) as BundleExports;
    expect(first.ApiClient).to.not.equal(second.ApiClient);
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
